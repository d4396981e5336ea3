import { listGroupMembersCall } from 'contracts';
import { useAllPages, useListQuery, type ListUrlState } from 'shared-data';

/** GET /api/groups/{groupId}/members (get_group): one page of the group's people (the preview's table). */
export const useGroupMembers = (groupId: string, state: ListUrlState<never>, fallbackError: string) =>
  useListQuery(listGroupMembersCall, state, { fallbackError, params: { groupId } });

/** Every member of the group (the edit form's selected list), read through the cache like any call (invalidated with the groups area). */
export const useAllGroupMembers = (groupId: string) => useAllPages(listGroupMembersCall, { params: { groupId } });
