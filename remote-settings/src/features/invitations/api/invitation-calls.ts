import type { Invitation, InvitationCreateBody, InvitationCreateResponse, Paged, Role } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/invitations/sent (get_invitations): page, pageSize, search (in the email), newest first. */
export const LIST_INVITATIONS_URL = '/api/invitations/sent';
export type InvitationRow = Invitation;

/** POST /api/invitations (create_invitations): answers 'successfully sent' and the invitation. */
export async function createInvitation(body: InvitationCreateBody): Promise<InvitationCreateResponse> {
  const { data } = await api.post<InvitationCreateResponse>('/api/invitations', body);
  return data;
}

/** DELETE /api/invitations/{id} (create_invitations: the spec names no delete permission). */
export async function deleteInvitation(id: string): Promise<string> {
  const { data } = await api.delete<{ message: string }>(`/api/invitations/${encodeURIComponent(id)}`);
  return data.message;
}

/** DELETE /api/invitations with `{ invitations: [ids] }`. */
export async function deleteInvitations(ids: string[]): Promise<string> {
  const { data } = await api.delete<{ message: string }>('/api/invitations', { data: { invitations: ids } });
  return data.message;
}

/** The roles an invitee can be given: GET /api/roles (get_role), enough for one select. */
export async function listRoleOptions(): Promise<Pick<Role, '_id' | 'name'>[]> {
  const { data } = await api.get<Paged<Role>>('/api/roles', { params: { page: 1, pageSize: 100, orderBy: 'createdAt', order: 'desc' } });
  return data.docs.map((r) => ({ _id: r._id, name: r.name }));
}
