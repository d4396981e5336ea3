import { createRoleCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/roles (create_role): 201 { message, data }. */
export const useCreateRole = () => useCallMutation(createRoleCall);
