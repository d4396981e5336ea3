import { sendTestEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/emails/{id}/test (update_email): the saved working copy to the caller's own address. */
export const useSendTestEmail = () => useCallMutation(sendTestEmailCall);
