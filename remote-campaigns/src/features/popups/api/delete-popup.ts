import { deletePopupCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/popups/{id} (delete_posts). */
export const useDeletePopup = () => useCallMutation(deletePopupCall);
