import { duplicatePopupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/popups/duplicate/{id} (duplicate_posts): a draft copy. */
export const useDuplicatePopup = () => useCallMutation(duplicatePopupCall);
