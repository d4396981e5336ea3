import { updateAttributeCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/attributes/{id}: rename or retype; 409 while a saved audience uses it. */
export const useUpdateAttribute = () => useCallMutation(updateAttributeCall);
