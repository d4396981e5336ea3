import { deletePopupsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/popups (delete_posts), body { popups: [ids] }: the selected rows at once, all or nothing. */
export const useDeletePopups = () => useCallMutation(deletePopupsCall);
