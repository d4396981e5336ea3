import { updateEmailCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/emails/{id} (update_email): the whole document. */
export const useUpdateEmail = () => useCallMutation(updateEmailCall);
