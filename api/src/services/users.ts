import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { User } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, roles, tokenFamilies, userRoles, users, websites } from '../db/schema';

/** What the request hook knows about the caller once the access token checked out. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  familyId: string;
  isSuperAdmin: boolean;
  /** Union of the permissions of all the user's roles (spec section 6). */
  permissions: Set<string>;
}

/**
 * One round trip per authenticated request: the token family by primary key (revoked? expired?),
 * joined to its user by primary key (still there? which organisation? super-admin?), with the
 * union of the role permissions aggregated in a sub-select.
 */
export async function loadAuthContext(db: DbOrTx, familyId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      organisationId: users.organisationId,
      isSuperAdmin: users.isSuperAdmin,
      familyRevokedAt: tokenFamilies.revokedAt,
      familyExpiresAt: tokenFamilies.expiresAt,
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct p) from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.organisationId} = ${users.organisationId}
        cross join unnest(${roles.permissions}) as p
        where ${userRoles.userId} = ${users.id}
      ), '{}'::text[])`,
    })
    .from(tokenFamilies)
    .innerJoin(users, eq(users.id, tokenFamilies.userId))
    .where(eq(tokenFamilies.id, familyId))
    .limit(1);
  return row ?? null;
}

/**
 * The spec's user object (section 3) for a set of users, in three queries whatever their number:
 * users with their organisation, their roles, the websites of their organisations. The user's
 * `websites` are ordered oldest first, so "the first website" the client selects at sign-in is stable.
 */
export async function loadUserViews(db: DbOrTx, userIds: string[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const base = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatar: users.avatar,
      isSuperAdmin: users.isSuperAdmin,
      createdAt: users.createdAt,
      organisationId: organisations.id,
      organisationName: organisations.name,
    })
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(inArray(users.id, userIds));

  const orgIds = [...new Set(base.map((u) => u.organisationId))];
  const [roleRows, siteRows] = await Promise.all([
    db
      .select({
        userId: userRoles.userId,
        id: roles.id,
        name: roles.name,
        permissions: roles.permissions,
        createdAt: roles.createdAt,
        organisationId: roles.organisationId,
      })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(inArray(userRoles.userId, userIds))
      .orderBy(asc(roles.createdAt), asc(roles.id)),
    orgIds.length
      ? db.select().from(websites).where(inArray(websites.organisationId, orgIds)).orderBy(asc(websites.createdAt), asc(websites.id))
      : Promise.resolve([]),
  ]);

  const byId = new Map(
    base.map((u) => {
      const userRolesList = roleRows
        .filter((r) => r.userId === u.id && r.organisationId === u.organisationId)
        .map((r) => ({ _id: r.id, name: r.name, permissions: r.permissions, createdAt: r.createdAt.toISOString() }));
      const userSites = siteRows
        .filter((w) => w.organisationId === u.organisationId)
        .map((w) => ({ _id: w.id, name: w.name, domain: w.domain, createdAt: w.createdAt.toISOString() }));
      const view: User = {
        _id: u.id,
        name: u.name,
        email: u.email,
        avatar: u.avatar,
        domain: userSites[0]?.domain ?? null,
        createdAt: u.createdAt.toISOString(),
        isSuperAdmin: u.isSuperAdmin,
        organisation: { _id: u.organisationId, name: u.organisationName },
        roles: userRolesList,
        websites: userSites,
      };
      return [u.id, view] as const;
    }),
  );
  // Keep the caller's order (lists pass ids already sorted).
  return userIds.map((id) => byId.get(id)).filter((u): u is User => Boolean(u));
}

export async function loadUserView(db: DbOrTx, userId: string): Promise<User | null> {
  const [view] = await loadUserViews(db, [userId]);
  return view ?? null;
}

export async function findUserByEmail(db: DbOrTx, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row ?? null;
}
