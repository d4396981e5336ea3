import { updatePopupCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/popups/{id} (update_posts): the whole document. */
export const useUpdatePopup = () => useCallMutation(updatePopupCall);
