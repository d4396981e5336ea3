import { deleteTagCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/tags/{id} (delete_tags, inside the active website). */
export const useDeleteTag = () => useCallMutation(deleteTagCall);
