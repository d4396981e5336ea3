import { ALL_PERMISSIONS } from 'contracts';
import type { DbOrTx } from '../db/client';
import { forbidden, type Message } from '../lib/errors';
import { permissionsOfRoles } from '../stores/roles';
import type { AuthContext } from '../stores/users';

/**
 * The one rule for every route that writes roles, users or invitations: nobody
 * grants, through a role, a user or an invitation, a permission they do not hold themselves. The
 * super-admin and a holder of every permission have nothing left to gain, so they are not checked.
 * The refusal names the missing permissions, so the caller knows what to ask for.
 */
export const grantRefusal = (missing: string[]): Message => ({ code: 'roles.permissionsNotHeld', params: { names: missing.join(', ') } });

function holdsEverything(auth: AuthContext): boolean {
  return auth.isSuperAdmin || ALL_PERMISSIONS.every((p) => auth.permissions.has(p));
}

/** The permissions of `wanted` the caller does not hold, in a stable order (none for the exempt). */
export function permissionsBeyondCaller(auth: AuthContext, wanted: Iterable<string>): string[] {
  if (holdsEverything(auth)) return [];
  // Wanted permissions come from a request or a stored role: plain strings, which may name no permission at all.
  const held: ReadonlySet<string> = auth.permissions;
  return [...new Set(wanted)].filter((p) => !held.has(p)).sort();
}

export const roleAboveCaller = (missing: string[]): Message => ({ code: 'roles.holdsPermissionsNotHeld', params: { names: missing.join(', ') } });

/** 403 when granting `wanted` would give away a permission the caller lacks. */
export function assertCanGrant(auth: AuthContext, wanted: Iterable<string>): void {
  const missing = permissionsBeyondCaller(auth, wanted);
  if (missing.length > 0) throw forbidden(grantRefusal(missing));
}

/**
 * The same rule for roles given by id (a user's roles, an invitation's role): the union of their
 * permissions must be the caller's already. Only roles of `organisationId` are read; the callers
 * check separately that every id is one of them (unknown ids answer 400 there).
 */
export async function assertCanGrantRoles(db: DbOrTx, auth: AuthContext, organisationId: string, roleIds: string[]): Promise<void> {
  if (holdsEverything(auth) || roleIds.length === 0) return;
  assertCanGrant(auth, await permissionsOfRoles(db, organisationId, roleIds));
}
