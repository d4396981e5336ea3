import { api } from 'shared-auth';
import type { RoleBody, RoleSavedResponse } from 'contracts';
import type { RoleRow } from './list-roles';

/** GET /api/roles/{id} (get_role). */
export const getRole = (id: string) => api.get<{ data: RoleRow }>(`/api/roles/${id}`).then((res) => res.data.data);

/** POST /api/roles (create_role): 201 { message, data }. */
export const createRole = (body: RoleBody) => api.post<RoleSavedResponse>('/api/roles', body).then((res) => res.data);

/** PUT /api/roles/{id} (update_role): 200 { message, data }. */
export const updateRole = (id: string, body: RoleBody) => api.put<RoleSavedResponse>(`/api/roles/${id}`, body).then((res) => res.data);

/** DELETE /api/roles/{id} (delete_role): 200 { message }; 409 while users still hold the role. */
export const deleteRole = (id: string) => api.delete<{ message: string }>(`/api/roles/${id}`).then((res) => res.data);

/** The HTTP status of a failed call (undefined for a network failure). */
export const statusOf = (error: unknown): number | undefined => (error as { response?: { status?: number } } | null)?.response?.status;
