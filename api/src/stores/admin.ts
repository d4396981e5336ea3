import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, type CallQuery, type Paged, type User, type listAdminUsersCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, roles, userRoles, users, websites } from '../db/schema';
import { userViewColumns, userViewOf, type UserViewRow } from './users';
import { statementName } from '../db/prepared-statements';
import { lockOrganisation, ownerCount } from './roles';
import { COUNT, likePattern, keptStatements, pageLimit, selectPage, totalOf } from './paged-select';

/** What the user list's statement depends on: a name given, the order, the page size (values are placeholders). */
interface UserPageShape {
  name: boolean;
  asc: boolean;
  pageSize: number;
}

/**
 * The user list's page in ONE statement: the page's ids (and the total, counted
 * once beside them) in a subquery, the user objects of those rows only around it; built once per
 * shape and prepared (named by its text, as every statement is: db/prepared-statements.ts).
 */
function buildUserPageStatements(db: DbOrTx, shape: UserPageShape) {
  const where = shape.name ? ilike(users.name, sql.placeholder('name')) : undefined;
  const dir = shape.asc ? asc : desc;
  const ids = db
    .select({ id: users.id, total: totalOf(users, where) })
    .from(users)
    .where(where)
    .orderBy(dir(users.createdAt), dir(users.id))
    .limit(pageLimit(shape.pageSize))
    .offset(sql.placeholder('offset'))
    .as('page');
  const page = db
    .select({ ...userViewColumns, total: sql<number>`${ids.total}`.mapWith(Number) })
    .from(ids)
    .innerJoin(users, eq(users.id, ids.id))
    .innerJoin(organisations, eq(organisations.id, users.organisationId))
    .orderBy(dir(users.createdAt), dir(users.id));
  const count = db.select({ n: COUNT }).from(users).where(where);
  return {
    page: page.prepare(statementName(page.toSQL().sql)),
    count: count.prepare(statementName(count.toSQL().sql)),
  };
}
const userPageStatements = keptStatements(buildUserPageStatements, (shape: UserPageShape) => `${shape.name}|${shape.asc}|${shape.pageSize}`);

/**
 * The SQL of the super-admin's management of client accounts. Not bound to
 * an organisation: the administrator manages every client account (`/api/admin/*` is reserved to
 * the super-admin by the access hook).
 */
export function adminUsersStore(db: DbOrTx) {
  return {
    /** Every user of every organisation, newest first, optionally by name; the public user object. */
    async page(query: CallQuery<typeof listAdminUsersCall>): Promise<Paged<User>> {
      const statements = userPageStatements(db, { name: Boolean(query.name), asc: query.order === 'asc', pageSize: query.pageSize });
      const values = query.name ? { name: likePattern(query.name) } : {};
      return selectPage<UserViewRow & { total: number }, User>(
        query,
        ({ offset }) => statements.page.execute({ ...values, offset }),
        async () => (await statements.count.execute(values))[0].n,
        userViewOf,
      );
    },

    /** An email is unique across every organisation. */
    async emailTaken(email: string, exceptUserId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), exceptUserId ? ne(users.id, exceptUserId) : undefined))
        .limit(1);
      return !!row;
    },

    /**
     * A client account is a new organisation with its first website (the domain) and an Owner role
     * holding every permission; the new user is its Owner. Run it in a transaction.
     */
    async createClientAccount(values: { name: string; email: string; passwordHash: string; domain: string; organisationName: string; avatar: string | null }) {
      const [org] = await db.insert(organisations).values({ name: values.organisationName }).returning({ id: organisations.id });
      await db.insert(websites).values({ organisationId: org.id, name: values.domain, domain: values.domain });
      const [owner] = await db
        .insert(roles)
        .values({ organisationId: org.id, name: 'Owner', permissions: [...ALL_PERMISSIONS] })
        .returning({ id: roles.id });
      const [user] = await db
        .insert(users)
        .values({ organisationId: org.id, name: values.name, email: values.email, passwordHash: values.passwordHash, avatar: values.avatar })
        .returning({ id: users.id });
      await db.insert(userRoles).values({ userId: user.id, roleId: owner.id });
    },

    async organisationOf(userId: string): Promise<string | undefined> {
      const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.organisationId;
    },

    /** The organisation's first website (oldest): the one whose domain the account form edits. */
    async firstWebsite(organisationId: string): Promise<{ id: string; domain: string } | undefined> {
      const [first] = await db
        .select({ id: websites.id, domain: websites.domain })
        .from(websites)
        .where(eq(websites.organisationId, organisationId))
        .orderBy(asc(websites.createdAt), asc(websites.id))
        .limit(1);
      return first;
    },

    async domainTaken(organisationId: string, domain: string): Promise<boolean> {
      const [clash] = await db
        .select({ id: websites.id })
        .from(websites)
        .where(and(eq(websites.organisationId, organisationId), eq(websites.domain, domain)))
        .limit(1);
      return !!clash;
    },

    async updateUser(id: string, values: { name: string; email: string; avatar?: string | null }): Promise<void> {
      await db
        .update(users)
        .set({ name: values.name, email: values.email, ...(values.avatar !== undefined ? { avatar: values.avatar } : {}) })
        .where(eq(users.id, id));
    },

    async setWebsiteDomain(websiteId: string, domain: string): Promise<void> {
      await db.update(websites).set({ domain }).where(eq(websites.id, websiteId));
    },

    /**
     * Deletes the user; the organisation goes with its last user. 'missing' when there was no such
     * user; 'lastOwner' (and the caller rolls back) when members remain but no owner would.
     */
    /** `organisationRemoved`: the user was its last member, and the organisation went with them. */
    async removeUser(id: string): Promise<'removed' | 'organisationRemoved' | 'missing' | 'lastOwner'> {
      const [user] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, id)).limit(1);
      if (!user) return 'missing';
      const { organisationId } = user;
      await lockOrganisation(db, organisationId);
      const owners = await ownerCount(db, organisationId);
      const [gone] = await db.delete(users).where(eq(users.id, id)).returning({ organisationId: users.organisationId });
      if (!gone) return 'missing';
      const [{ left }] = await db.select({ left: COUNT }).from(users).where(eq(users.organisationId, gone.organisationId));
      if (left === 0) {
        await db.delete(organisations).where(eq(organisations.id, gone.organisationId));
        return 'organisationRemoved';
      } else if (owners > 0 && (await ownerCount(db, organisationId)) === 0) return 'lastOwner';
      return 'removed';
    },
  };
}
