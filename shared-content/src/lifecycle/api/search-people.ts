import { listClientMembersCall, type ClientMember } from 'contracts';
import { useCallQuery } from 'shared-data';

export type { ClientMember };

/** GET /api/client-members (get_members): the website's people whose member id, username or e-mail contains `search`. */
export const useSearchPeople = (search: string, enabled: boolean) =>
  useCallQuery(listClientMembersCall, { query: { search, page: 1, pageSize: 8 } }, { enabled, select: (answer) => answer.docs });
