import { deleteAdminUserCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/admin/users/{id} (super-admin; never their own account). */
export const useDeleteAdminUser = () => useCallMutation(deleteAdminUserCall);
