import type { AdminUserCreateBody, AdminUserUpdateBody, User } from 'contracts';
import { api } from 'shared-auth';

/** GET /api/admin/users (super-admin): page, pageSize, name (only when non-empty), createdAt desc. */
export const LIST_ADMIN_USERS_URL = '/api/admin/users';
export type UserRow = User;

/** POST /api/admin/users: a client account (new organisation, first website, the user as Owner). 201 { message }. */
export const createClientUser = (body: AdminUserCreateBody) => api.post<{ message: string }>('/api/admin/users', body).then((res) => res.data);

/** GET /api/admin/users/{id}. */
export const getAdminUser = (id: string) => api.get<{ data: User }>(`/api/admin/users/${id}`).then((res) => res.data.data);

/** PUT /api/admin/users/{id}: name, email, domain. The password is never sent back. */
export const updateAdminUser = (id: string, body: AdminUserUpdateBody) =>
  api.put<{ message: string; data: User }>(`/api/admin/users/${id}`, body).then((res) => res.data);

/** DELETE /api/admin/users/{id}. */
export const deleteAdminUser = (id: string) => api.delete<{ message: string }>(`/api/admin/users/${id}`).then((res) => res.data);
