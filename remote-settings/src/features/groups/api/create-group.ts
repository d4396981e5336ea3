import { createGroupCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/groups (create_group): 201 { message, data }; members error on `members`, duplicate name 409 on `name`. */
export const useCreateGroup = () => useCallMutation(createGroupCall);
