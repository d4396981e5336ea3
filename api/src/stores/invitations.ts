import { and, asc, desc, eq, gt, ilike, inArray } from 'drizzle-orm';
import type { CallQuery, Invitation, Paged, listInvitationsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { invitations, organisations, roles, userRoles, users } from '../db/schema';
import { COUNT, likePattern, selectPage, TOTAL, type PageWindow } from './paged-select';

type InvitationRow = typeof invitations.$inferSelect;

/** The columns a sent invitation is shown with (never the token hash). */
const invitationColumns = {
  id: invitations.id,
  email: invitations.email,
  status: invitations.status,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  roleId: roles.id,
  roleName: roles.name,
};

type ViewRow = Pick<InvitationRow, 'id' | 'email' | 'status' | 'createdAt' | 'expiresAt'> & { roleId: string | null; roleName: string | null };

/** A sent invitation as the organisation sees it; `expired` is a pending one whose link no longer works. */
export function invitationView(row: ViewRow, now = Date.now()): Invitation {
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

/**
 * The SQL of the invitations an organisation sends, always inside that organisation (the caller's):
 * an invitation or a role of another organisation is never read, granted or deleted.
 */
export function invitationsStore(db: DbOrTx, organisationId: string) {
  const ofOrganisation = eq(invitations.organisationId, organisationId);
  return {
    /** Newest first; `search` contained in the email. */
    page(query: CallQuery<typeof listInvitationsCall>): Promise<Paged<Invitation>> {
      const where = and(ofOrganisation, query.search ? ilike(invitations.email, likePattern(query.search)) : undefined);
      const dir = query.order === 'asc' ? asc : desc;
      const now = Date.now();
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) =>
          await db
            .select({ ...invitationColumns, total: TOTAL })
            .from(invitations)
            .leftJoin(roles, eq(roles.id, invitations.roleId))
            .where(where)
            .orderBy(dir(invitations.createdAt), dir(invitations.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(invitations).where(where))[0].n,
        (row) => invitationView(row, now),
      );
    },

    /** The organisation's name, its row locked until the transaction ends (one live invitation per address). */
    async lockOrganisation(): Promise<{ name: string }> {
      const [org] = await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
      return org;
    },

    async role(id: string): Promise<{ id: string; name: string } | undefined> {
      const [role] = await db
        .select({ id: roles.id, name: roles.name })
        .from(roles)
        .where(and(eq(roles.id, id), eq(roles.organisationId, organisationId)))
        .limit(1);
      return role;
    },

    /** The name of a member (the inviter, shown in the mail). */
    async memberName(userId: string): Promise<string | undefined> {
      const [user] = await db
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, userId), eq(users.organisationId, organisationId)))
        .limit(1);
      return user?.name;
    },

    /**
     * The live (pending, unexpired) invitation to this address sent by a member still in the
     * organisation, with that member's id and name.
     */
    async livePendingBy(email: string): Promise<{ invitedBy: string; inviterName: string } | undefined> {
      const [row] = await db
        .select({ invitedBy: users.id, inviterName: users.name })
        .from(invitations)
        .innerJoin(users, and(eq(users.id, invitations.invitedBy), eq(users.organisationId, organisationId)))
        .where(and(ofOrganisation, eq(invitations.email, email), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
        .limit(1);
      return row;
    },

    /** The pending invitation to this address, replaced: its link stops working. */
    async withdrawPending(email: string): Promise<void> {
      await db.delete(invitations).where(and(ofOrganisation, eq(invitations.email, email), eq(invitations.status, 'pending')));
    },

    async insert(values: { email: string; roleId: string; tokenHash: string; invitedBy: string; expiresAt: Date }): Promise<InvitationRow> {
      const [row] = await db
        .insert(invitations)
        .values({ organisationId, ...values })
        .returning();
      return row;
    },

    /** All or nothing: false (and nothing deleted, once the transaction rolls back) when an id is not the organisation's. */
    async removeAll(ids: string[]): Promise<boolean> {
      const deleted = await db
        .delete(invitations)
        .where(and(ofOrganisation, inArray(invitations.id, ids)))
        .returning({ id: invitations.id });
      return deleted.length === ids.length;
    },
  };
}

/**
 * The SQL of answering an invitation from its mailed link: the invitee is not (yet) a member of the
 * inviting organisation, so the link's token (or the invitation id with it) is the tenancy.
 */
export function invitationLinksStore(db: DbOrTx) {
  const live = () => and(eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date()));
  return {
    async byId(id: string): Promise<InvitationRow | undefined> {
      const [row] = await db.select().from(invitations).where(eq(invitations.id, id)).limit(1);
      return row;
    },

    async liveByTokenHash(tokenHash: string): Promise<{ id: string } | undefined> {
      const [row] = await db
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(eq(invitations.tokenHash, tokenHash), live()))
        .limit(1);
      return row;
    },

    /**
     * Marks a pending, unexpired invitation answered; undefined when it no longer is (answered
     * meanwhile, or expired). Being conditional, it makes the link single-use under concurrent calls.
     */
    async answer(id: string, status: 'accepted' | 'rejected'): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(invitations)
        .set({ status })
        .where(and(eq(invitations.id, id), live()))
        .returning();
      return row;
    },

    async acceptByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
      const [row] = await db
        .update(invitations)
        .set({ status: 'accepted' })
        .where(and(eq(invitations.tokenHash, tokenHash), live()))
        .returning();
      return row;
    },

    /** Gives the invited role to the user: only a role of the inviting organisation is ever granted. */
    async grantInvitedRole(userId: string, invitation: Pick<InvitationRow, 'roleId' | 'organisationId'>): Promise<void> {
      if (!invitation.roleId) return;
      const [role] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.id, invitation.roleId), eq(roles.organisationId, invitation.organisationId)))
        .limit(1);
      if (role) await db.insert(userRoles).values({ userId, roleId: role.id }).onConflictDoNothing();
    },

    /** The signed-in invitee: their address (the invitation must be addressed to it) and organisation. */
    async member(userId: string): Promise<{ email: string; organisationId: string } | undefined> {
      const [user] = await db.select({ email: users.email, organisationId: users.organisationId }).from(users).where(eq(users.id, userId)).limit(1);
      return user;
    },

    /** The account of the invited address, if it has one. */
    async accountOf(email: string): Promise<{ id: string; organisationId: string } | undefined> {
      const [user] = await db.select({ id: users.id, organisationId: users.organisationId }).from(users).where(eq(users.email, email)).limit(1);
      return user;
    },

    /** The invitee's new account in the inviting organisation, named after their address. */
    async createAccount(invitation: Pick<InvitationRow, 'email' | 'organisationId'>, passwordHash: string): Promise<{ id: string }> {
      const [user] = await db
        .insert(users)
        .values({ organisationId: invitation.organisationId, name: invitation.email.split('@')[0], email: invitation.email, passwordHash })
        .returning({ id: users.id });
      return user;
    },
  };
}
