import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { refreshTokens, tokenFamilies, users, websites } from '../db/schema';

/**
 * The SQL of sessions: token families and their refresh tokens, stored as SHA-256 (services/tokens.ts
 * holds the rules: rotation, reuse interval, replay). Hashes come in already computed.
 */
export function sessionsStore(db: DbOrTx) {
  return {
    /** A new family expiring at `expiresAt`; answers its id. */
    async insertFamily(userId: string, expiresAt: Date): Promise<string> {
      const [family] = await db.insert(tokenFamilies).values({ userId, expiresAt }).returning({ id: tokenFamilies.id });
      return family.id;
    },

    async insertRefreshToken(token: { familyId: string; userId: string; tokenHash: string; expiresAt: Date }): Promise<void> {
      await db.insert(refreshTokens).values(token);
    },

    /** The refresh token of this hash with its family's state, or null. */
    async refreshTokenByHash(tokenHash: string) {
      const [row] = await db
        .select({
          id: refreshTokens.id,
          familyId: refreshTokens.familyId,
          userId: refreshTokens.userId,
          revokedAt: refreshTokens.revokedAt,
          familyRevokedAt: tokenFamilies.revokedAt,
          familyExpiresAt: tokenFamilies.expiresAt,
        })
        .from(refreshTokens)
        .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, tokenHash))
        .limit(1);
      return row ?? null;
    },

    /**
     * Marks the token used by a conditional UPDATE (two concurrent uses cannot both claim it): true
     * when this call claimed it, false when it was spent already (the UPDATE waited for the claimer's commit).
     */
    async claim(id: string): Promise<boolean> {
      const claimed = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });
      return claimed.length > 0;
    },

    /** When a spent token was used, and whether the successor of that hash was revoked since. */
    async spent(id: string, successorHash: string) {
      const [row] = await db
        .select({
          usedAt: refreshTokens.usedAt,
          successorRevokedAt: sql<Date | null>`(select revoked_at from refresh_tokens where token_hash = ${successorHash})`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.id, id));
      return row ?? null;
    },

    /** The family a refresh token of this hash belongs to. */
    async familyOfRefreshToken(tokenHash: string): Promise<string | null> {
      const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
      return row?.familyId ?? null;
    },

    async revokeFamily(familyId: string): Promise<void> {
      const now = new Date();
      await db
        .update(tokenFamilies)
        .set({ revokedAt: now })
        .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    /** Every live family of a user, or every one but `exceptFamilyId`, with their refresh tokens. */
    async revokeAllForUser(userId: string, exceptFamilyId?: string): Promise<void> {
      const now = new Date();
      const familyWhere = and(
        eq(tokenFamilies.userId, userId),
        isNull(tokenFamilies.revokedAt),
        exceptFamilyId ? ne(tokenFamilies.id, exceptFamilyId) : undefined,
      );
      await db.update(tokenFamilies).set({ revokedAt: now }).where(familyWhere);
      await db
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined));
    },

    /**
     * Which of these (session, website) pairs still hold: the session neither revoked nor expired,
     * its user still there, and the website one of that user's organisation. One query for every
     * live stream of the console a process holds; answers `familyId|userId|websiteId` of those that hold.
     */
    async sessionsStillGood(pairs: { familyId: string; websiteId: string }[], now: Date): Promise<Set<string>> {
      if (pairs.length === 0) return new Set();
      const rows = await db
        .select({ familyId: tokenFamilies.id, userId: users.id, websiteId: websites.id })
        .from(tokenFamilies)
        .innerJoin(users, eq(users.id, tokenFamilies.userId))
        .innerJoin(websites, eq(websites.organisationId, users.organisationId))
        .where(
          and(
            inArray(tokenFamilies.id, [...new Set(pairs.map((p) => p.familyId))]),
            inArray(websites.id, [...new Set(pairs.map((p) => p.websiteId))]),
            isNull(tokenFamilies.revokedAt),
            gt(tokenFamilies.expiresAt, now),
          ),
        );
      return new Set(rows.map((r) => `${r.familyId}|${r.userId}|${r.websiteId}`));
    },

    /** Removes families a day past their absolute expiry (their refresh tokens go by ON DELETE CASCADE); answers how many. */
    async pruneExpired(): Promise<number> {
      const families = await db
        .delete(tokenFamilies)
        .where(sql`${tokenFamilies.expiresAt} < now() - interval '1 day'`)
        .returning({ id: tokenFamilies.id });
      return families.length;
    },
  };
}
