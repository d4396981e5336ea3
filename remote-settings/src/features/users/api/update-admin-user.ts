import { updateAdminUserCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/admin/users/{id} (super-admin): name, email, domain; the password is never sent. */
export const useUpdateAdminUser = () => useCallMutation(updateAdminUserCall);
