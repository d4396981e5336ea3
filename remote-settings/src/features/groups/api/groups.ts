import { api } from 'shared-auth';
import type { ClientMember, Group, GroupBody, GroupPreview, GroupRow, GroupSavedResponse, Paged } from 'contracts';

export type { ClientMember, GroupRow };

/** GET /api/groups (get_group; page, pageSize, name, orderBy createdAt, order desc). */
export const LIST_GROUPS_URL = '/api/groups';

/** GET /api/client-members (get_members; page, pageSize, search on member id or username). */
export const LIST_CLIENT_MEMBERS_URL = '/api/client-members';

/** GET /api/groups/{groupId}/members (get_group; page, pageSize). */
export const groupMembersUrl = (groupId: string) => `/api/groups/${groupId}/members`;

/** GET /api/groups/{id} (get_group): the group with every member id. */
export const getGroup = (id: string) => api.get<{ data: Group }>(`/api/groups/${id}`).then((res) => res.data.data);

/** GET /api/group/{id} (get_group): the preview, with the first members. */
export const previewGroup = (id: string) => api.get<{ data: GroupPreview }>(`/api/group/${id}`).then((res) => res.data.data);

/** Every member of a group as people (the edit form's selected list), 1000 per call. */
export async function allGroupMembers(groupId: string): Promise<ClientMember[]> {
  const people: ClientMember[] = [];
  for (let page = 1; ; page++) {
    const { data } = await api.get<Paged<ClientMember>>(groupMembersUrl(groupId), { params: { page, pageSize: 1000 } });
    people.push(...data.docs);
    if (!data.meta.hasMore) return people;
  }
}

/** POST /api/groups (create_group): 201 { message, data }; members error on `members`, duplicate name 409 on `name`. */
export const createGroup = (body: GroupBody) => api.post<GroupSavedResponse>('/api/groups', body).then((res) => res.data);

/** PUT /api/groups/{id} (update_group). */
export const updateGroup = (id: string, body: GroupBody) => api.put<GroupSavedResponse>(`/api/groups/${id}`, body).then((res) => res.data);

/** DELETE /api/groups/{id} (delete_group). */
export const deleteGroup = (id: string) => api.delete<{ message: string }>(`/api/groups/${id}`).then((res) => res.data);

/** DELETE /api/groups (delete_group), body { groups: [ids] }: all or nothing. */
export const deleteGroups = (ids: string[]) => api.delete<{ message: string }>('/api/groups', { data: { groups: ids } }).then((res) => res.data);

/** The HTTP status of a failed call (undefined for a network failure). */
export const statusOf = (error: unknown): number | undefined => (error as { response?: { status?: number } } | null)?.response?.status;
