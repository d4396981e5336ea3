import { duplicateEmailCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/emails/duplicate/{id} (duplicate_email). */
export const useDuplicateEmail = () => useCallMutation(duplicateEmailCall);
