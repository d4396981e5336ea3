import { deleteAttributeCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/attributes/{id}: 409 while a saved audience uses it. */
export const useDeleteAttribute = () => useCallMutation(deleteAttributeCall);
