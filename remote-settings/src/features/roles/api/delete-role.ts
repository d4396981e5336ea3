import { deleteRoleCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/roles/{id} (delete_role): 200 { message }; 409 while users still hold the role. */
export const useDeleteRole = () => useCallMutation(deleteRoleCall);
