import { createPopupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/popups (create_posts): 201 { message, data }; 400 with per-field messages. */
export const useCreatePopup = () => useCallMutation(createPopupCall);
