import { deleteRoleCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/roles/{id} (delete_role): 200 { message }; 409 while users still hold the role. */
export const useDeleteRole = () => useCallMutation(deleteRoleCall);
