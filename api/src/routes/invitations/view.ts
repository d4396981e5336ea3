import type { Invitation } from 'contracts';
import { invitations, roles } from '../../db/schema';

/** The columns a sent invitation is shown with (never the token hash). */
export const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  status: invitations.status,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  roleId: roles.id,
  roleName: roles.name,
};

type Row = { id: string; email: string; status: Invitation['status']; createdAt: Date; expiresAt: Date; roleId: string | null; roleName: string | null };

export function invitationView(row: Row, now = Date.now()): Invitation {
  return {
    _id: row.id,
    email: row.email,
    role: row.roleId && row.roleName !== null ? { _id: row.roleId, name: row.roleName } : null,
    status: row.status,
    expired: row.status === 'pending' && row.expiresAt.getTime() <= now,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}
