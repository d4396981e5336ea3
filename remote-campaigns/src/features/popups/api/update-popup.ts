import { updatePopupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/popups/{id} (update_posts): the whole document. */
export const useUpdatePopup = () => useCallMutation(updatePopupCall);
