import { useQuery } from '@tanstack/react-query';
import { LIMITS, listGroupMembersCall, type ClientMember } from 'contracts';
import { callApi, callKey, useListQuery, type ListUrlState } from 'shared-data';
import { useSession } from 'shared-auth';

/** GET /api/groups/{groupId}/members (get_group): one page of the group's people (the preview's table). */
export const useGroupMembers = (groupId: string, state: ListUrlState<never>, fallbackError: string) =>
  useListQuery(listGroupMembersCall, state, { fallbackError, params: { groupId } });

/** Every member of a group as people (the edit form's selected list), 1000 per call. */
async function allGroupMembers(groupId: string, signal: AbortSignal): Promise<ClientMember[]> {
  const people: ClientMember[] = [];
  for (let page = 1; ; page++) {
    const answer = await callApi(listGroupMembersCall, { params: { groupId }, query: { page, pageSize: LIMITS.pageSizeMax }, signal });
    people.push(...answer.docs);
    if (!answer.meta.hasMore) return people;
  }
}

/** Every member of the group, read through the cache like any call (invalidated with the groups area). */
export function useAllGroupMembers(groupId: string) {
  const websiteId = useSession().activeWebsite?._id;
  return useQuery({
    queryKey: callKey(listGroupMembersCall, websiteId, { params: { groupId }, all: true }),
    queryFn: ({ signal }) => allGroupMembers(groupId, signal),
  });
}
