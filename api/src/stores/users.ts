import { eq, inArray, sql } from 'drizzle-orm';
import type { Permission, User } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, roles, tokenFamilies, userRoles, users, websites } from '../db/schema';

/** What the request hook knows about the caller once the access token checked out. */
export interface AuthContext {
  userId: string;
  organisationId: string;
  /** The session (token family); for an API key's call, the key's id. */
  familyId: string;
  isSuperAdmin: boolean;
  /** Set when the call presents an API key instead of a session: the key's id (`userId` is its creator). */
  apiKeyId?: string;
  /** Union of the permissions of all the user's roles, typed so that a misspelt permission does not compile. */
  permissions: ReadonlySet<Permission>;
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
      permissions: sql<Permission[]>`coalesce((
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

/** A role or a website as the user object's JSON columns carry it (timestamps as PostgreSQL writes them in JSON). */
type RoleJson = { _id: string; name: string; permissions: string[]; createdAt: string };
type WebsiteJson = { _id: string; name: string; domain: string; createdAt: string };

/**
 * The columns of the public user object, for a SELECT from `users` joined to its
 * organisation: the user with their organisation, and as JSON columns their roles (of their own
 * organisation, oldest first) and the websites of their organisation (oldest first, so "the first
 * website" the client selects at sign-in is stable). One query whatever the number of users (a
 * list page costs one query); `userViewOf` makes a row the answer.
 */
export const userViewColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  avatar: users.avatar,
  isSuperAdmin: users.isSuperAdmin,
  createdAt: users.createdAt,
  organisationId: organisations.id,
  organisationName: organisations.name,
  roles: sql<RoleJson[]>`coalesce((
    select json_agg(json_build_object('_id', ${roles.id}, 'name', ${roles.name}, 'permissions', ${roles.permissions}, 'createdAt', ${roles.createdAt})
      order by ${roles.createdAt}, ${roles.id})
    from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.organisationId} = ${users.organisationId}
    where ${userRoles.userId} = ${users.id}
  ), '[]'::json)`,
  websites: sql<WebsiteJson[]>`coalesce((
    select json_agg(json_build_object('_id', ${websites.id}, 'name', ${websites.name}, 'domain', ${websites.domain}, 'createdAt', ${websites.createdAt})
      order by ${websites.createdAt}, ${websites.id})
    from ${websites} where ${websites.organisationId} = ${users.organisationId}
  ), '[]'::json)`,
};

/** A row of `userViewColumns`. */
export type UserViewRow = {
  id: string;
  name: string;
  email: string;
  avatar: string | null;
  isSuperAdmin: boolean;
  createdAt: Date;
  organisationId: string;
  organisationName: string;
  roles: RoleJson[];
  websites: WebsiteJson[];
};

/** JSON timestamps read like the driver's: an ISO string to the millisecond. */
const iso = (t: string) => new Date(t).toISOString();

/** The public user object of a `userViewColumns` row. */
export function userViewOf(u: UserViewRow): User {
  const userSites = u.websites.map((w) => ({ ...w, createdAt: iso(w.createdAt) }));
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    avatar: u.avatar,
    domain: userSites[0]?.domain ?? null,
    createdAt: u.createdAt.toISOString(),
    isSuperAdmin: u.isSuperAdmin,
    organisation: { _id: u.organisationId, name: u.organisationName },
    roles: u.roles.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    websites: userSites,
  };
}

/** The public user object for a set of users, in the order of `userIds` (ids of no user are skipped). */
export async function loadUserViews(db: DbOrTx, userIds: string[]): Promise<User[]> {
  if (userIds.length === 0) return [];
  const rows: UserViewRow[] = await db
    .select(userViewColumns)
    .from(users)
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .where(inArray(users.id, userIds));
  const byId = new Map(rows.map((u) => [u.id, userViewOf(u)] as const));
  // Keep the caller's order.
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
