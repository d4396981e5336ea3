import { createOrgUserCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/**
 * POST /api/users/org (create_user): adds a teammate to the caller's organisation directly, with a
 * password the owner hands over (the alternative to an invitation for people without a mailbox yet).
 */
export const useCreateOrgUser = () => useCallMutation(createOrgUserCall);
