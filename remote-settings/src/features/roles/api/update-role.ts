import { updateRoleCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/roles/{id} (update_role): 200 { message, data }. */
export const useUpdateRole = () => useCallMutation(updateRoleCall);
