import { createAdminUserCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/admin/users (super-admin): a client account (new organisation, first website, the user as Owner). 201 { message }. */
export const useCreateAdminUser = () => useCallMutation(createAdminUserCall);
