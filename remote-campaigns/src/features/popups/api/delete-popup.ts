import { deletePopupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/popups/{id} (delete_posts). */
export const useDeletePopup = () => useCallMutation(deletePopupCall);
