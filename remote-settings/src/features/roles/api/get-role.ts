import { getRoleCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/roles/{id} (get_role). */
export const useRole = (id: string) => useCallQuery(getRoleCall, { params: { id } }, { select: (answer) => answer.data });
