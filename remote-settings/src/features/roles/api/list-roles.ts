import type { Role } from 'contracts';

/** GET /api/roles (page, pageSize, name, orderBy createdAt, order desc). */
export const LIST_ROLES_URL = '/api/roles';
export type RoleRow = Role & { createdAt: string };
