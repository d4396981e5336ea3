import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { emailChanges, passwordResets, users } from '../db/schema';
import { COUNT } from './paged-select';

type EmailChangeRow = typeof emailChanges.$inferSelect;

/**
 * The SQL of a person's own account and its credentials: profile, password, the e-mail change
 * waiting for its link, and password reset links (auth/refresh, auth/forgot-password,
 * auth/reset-password, users/profile-update, users/password-update, users/email-confirm). Links are
 * found by the SHA-256 of their token, never by the token. Sessions themselves are the token
 * service's (services/tokens.ts).
 */
export function accountsStore(db: DbOrTx) {
  /** Reset links of the user not used yet. */
  const unusedResetsOf = (userId: string) => and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt));
  /** The reset link of this token hash, when it still works at `now`. */
  const liveReset = (tokenHash: string, now: Date) =>
    and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

  return {
    /** The user's organisation (null: the account is gone). */
    async organisationOf(userId: string): Promise<string | null> {
      const [row] = await db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.organisationId ?? null;
    },

    /** The user's address and password hash, to check the current password (undefined: the account is gone). */
    async credentials(userId: string): Promise<{ email: string; passwordHash: string | null } | undefined> {
      const [row] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
      return row;
    },

    /**
     * Name and avatar (avatar untouched when undefined), and the pending e-mail change: one per user,
     * so a new request (or going back to the current address, `emailChange` null) replaces it. Run it
     * in a transaction.
     */
    async saveProfile(
      userId: string,
      profile: { name: string; avatar?: string | null },
      emailChange: Pick<EmailChangeRow, 'newEmail' | 'tokenHash' | 'expiresAt'> | null,
    ): Promise<void> {
      await db
        .update(users)
        .set({ name: profile.name, ...(profile.avatar !== undefined ? { avatar: profile.avatar } : {}) })
        .where(eq(users.id, userId));
      await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
      if (emailChange) await db.insert(emailChanges).values({ userId, ...emailChange });
    },

    /**
     * Claims the e-mail change of this link, if it has not expired: deleted as it is read, so a link
     * works once. Run it in a transaction with what the change does.
     */
    async claimEmailChange(tokenHash: string, now: Date): Promise<EmailChangeRow | undefined> {
      const [change] = await db
        .delete(emailChanges)
        .where(and(eq(emailChanges.tokenHash, tokenHash), gt(emailChanges.expiresAt, now)))
        .returning();
      return change;
    },

    /** Whether an account (in any organisation) has this address. */
    async emailTaken(email: string): Promise<boolean> {
      const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      return !!taken;
    },

    async setEmail(userId: string, email: string): Promise<void> {
      await db.update(users).set({ email }).where(eq(users.id, userId));
    },

    /** The new password's hash; the account's id and address, or undefined when it is gone. */
    async setPassword(userId: string, passwordHash: string): Promise<{ id: string; email: string } | undefined> {
      const [user] = await db.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning({ id: users.id, email: users.email });
      return user;
    },

    /** How many reset links the user was sent since `since`. */
    async resetsSince(userId: string, since: Date): Promise<number> {
      const [{ n }] = await db
        .select({ n: COUNT })
        .from(passwordResets)
        .where(and(eq(passwordResets.userId, userId), gt(passwordResets.createdAt, since)));
      return n;
    },

    async insertReset(userId: string, tokenHash: string, expiresAt: Date): Promise<void> {
      await db.insert(passwordResets).values({ userId, tokenHash, expiresAt });
    },

    /** Whether the reset link of this token hash still works at `now` (not used, not expired). */
    async resetIsLive(tokenHash: string, now: Date): Promise<boolean> {
      const [live] = await db.select({ id: passwordResets.id }).from(passwordResets).where(liveReset(tokenHash, now)).limit(1);
      return !!live;
    },

    /**
     * Spends the reset link: one conditional UPDATE, so two concurrent uses cannot both succeed.
     * The user it was for, or undefined when it no longer works.
     */
    async spendReset(tokenHash: string, now: Date): Promise<string | undefined> {
      const [reset] = await db.update(passwordResets).set({ usedAt: now }).where(liveReset(tokenHash, now)).returning({ userId: passwordResets.userId });
      return reset?.userId;
    },

    /** Every reset link of the user not used yet dies (the password changed). */
    async spendAllResets(userId: string, now: Date): Promise<void> {
      await db.update(passwordResets).set({ usedAt: now }).where(unusedResetsOf(userId));
    },
  };
}
