import { listRolesCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/roles (get_role), enough for one select: the roles a person joining the organisation can be given. */
export const useRoleOptions = (enabled: boolean) =>
  useCallQuery(listRolesCall, { query: { page: 1, pageSize: 100 } }, { enabled, select: (answer) => answer.docs.map((r) => ({ _id: r._id, name: r.name })) });
