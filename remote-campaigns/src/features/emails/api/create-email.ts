import { createEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/emails (create_email): 201 { message, data }; a new e-mail is a draft. */
export const useCreateEmail = () => useCallMutation(createEmailCall);
