import { listClientMembersCall, type ClientMember } from 'contracts';
import { useListQuery, type ListUrlState } from 'shared-data';

export type { ClientMember };

/** GET /api/client-members (get_members): the website's people, `search` on member id or username (the members picker). */
export const useClientMembers = (state: ListUrlState<'search'>, fallbackError: string, enabled = true) =>
  useListQuery(listClientMembersCall, state, { fallbackError, enabled });
