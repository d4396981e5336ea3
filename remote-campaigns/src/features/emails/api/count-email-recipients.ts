import { countEmailRecipientsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/emails/recipients (get_email): how many people the targeting reaches now. */
export const useCountEmailRecipients = () => useCallMutation(countEmailRecipientsCall);
