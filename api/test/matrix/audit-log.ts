import type { ProtectedRoute, Req } from './types';

/** The organisation's audit log: reading needs get_auditLog; another organisation's entries are never listed. */
export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/audit-log', permission: 'get_auditLog', request: () => ({ method: 'GET', url: '/api/audit-log' }) },
];

export const publicRoutes: Req[] = [];
