import { cancelPopupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/popups/cancel/{id} (cancel_posts): the popup stops showing (status cancelled). */
export const useCancelPopup = () => useCallMutation(cancelPopupCall);
