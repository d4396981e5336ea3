import { cancelEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/emails/cancel/{id} (cancel_email): what is not sent yet is not sent. */
export const useCancelEmail = () => useCallMutation(cancelEmailCall);
