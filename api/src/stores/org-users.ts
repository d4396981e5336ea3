import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { CONTENT_KIND_LIST, kindPermission, type CallQuery, type Paged, type Permission, type Sender, type listSendersCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, roles, userRoles, users } from '../db/schema';
import { COUNT, selectPage, TOTAL, type PageWindow } from './paged-select';

/** Creating any kind of content makes a user a possible sender of it. */
const AUTHORING: Permission[] = CONTENT_KIND_LIST.map((k) => kindPermission(k, 'create'));

/**
 * The SQL of an organisation's own users, always inside that organisation (the caller's). Emails
 * are unique across every organisation, so `accountOf` alone looks beyond it.
 */
export function orgUsersStore(db: DbOrTx, organisationId: string) {
  return {
    /** The users who can author content (a role of theirs holds a create permission of a content kind), newest first. */
    senders(query: CallQuery<typeof listSendersCall>): Promise<Paged<Sender>> {
      const authoring = sql`exists (
        select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id} and ${roles.organisationId} = ${users.organisationId}
          and ${roles.permissions} && ${sql.raw(`array[${AUTHORING.map((p) => `'${p}'`).join(',')}]::text[]`)}
      )`;
      const where = and(eq(users.organisationId, organisationId), authoring);
      const dir = query.order === 'asc' ? asc : desc;
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) =>
          await db
            .select({ id: users.id, name: users.name, email: users.email, total: TOTAL })
            .from(users)
            .where(where)
            .orderBy(dir(users.createdAt), dir(users.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(users).where(where))[0].n,
        (u) => ({ _id: u.id, name: u.name, email: u.email }),
      );
    },

    /** Whether every one of these role ids is a role of the organisation (another's counts as unknown). */
    async ownsRoles(roleIds: string[]): Promise<boolean> {
      const owned = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.organisationId, organisationId), inArray(roles.id, roleIds)));
      return owned.length === roleIds.length;
    },

    /**
     * Where this address has an account: 'member' (this organisation), 'elsewhere' (another one:
     * never to be told to the caller), or null.
     */
    async accountOf(email: string): Promise<'member' | 'elsewhere' | null> {
      const [taken] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.email, email)).limit(1);
      if (!taken) return null;
      return taken.organisationId === organisationId ? 'member' : 'elsewhere';
    },

    /** The organisation's name and a member's (who asked), for the mail to an address with an account elsewhere. */
    async names(userId: string): Promise<{ organisation: string; member: string | null }> {
      const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).limit(1);
      const [member] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .limit(1);
      return { organisation: org?.name ?? '', member: member?.name ?? null };
    },

    /** The new user with their roles; run it in a transaction. */
    async insert(values: { name: string; email: string; passwordHash: string; avatar: string | null }, roleIds: string[]): Promise<string> {
      const [created] = await db
        .insert(users)
        .values({ organisationId, ...values })
        .returning({ id: users.id });
      await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created.id, roleId })));
      return created.id;
    },
  };
}
