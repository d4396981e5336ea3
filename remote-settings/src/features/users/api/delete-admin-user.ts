import { deleteAdminUserCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/admin/users/{id} (super-admin; never their own account). */
export const useDeleteAdminUser = () => useCallMutation(deleteAdminUserCall);
