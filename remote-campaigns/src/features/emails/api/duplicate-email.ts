import { duplicateEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/emails/duplicate/{id} (duplicate_email). */
export const useDuplicateEmail = () => useCallMutation(duplicateEmailCall);
