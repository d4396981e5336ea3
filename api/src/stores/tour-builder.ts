import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { kindPermission, tourKind } from 'contracts';
import type { DbOrTx } from '../db/client';
import { roles, tourBuilderTokens, userRoles, users, websites } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';

/**
 * The SQL of the on-page tour builder's tokens and sessions. A token is spent by the one UPDATE that
 * marks it used while it is unused and unexpired, so two pages racing with the same token cannot both
 * get a session.
 */
export interface BuilderGrant {
  websiteId: string;
  tourId: string;
  userId: string | null;
}

/**
 * A token or session speaks for the user who asked for it only while that user may still edit the
 * website's tours: the user still exists (deleting one sets `user_id` to null), is of the website's
 * organisation and holds update_tour through a role. So a deleted user's builder stops saving and
 * their unspent token buys nothing, and a role change takes effect on the builder's next call.
 */
const userMayStillEdit = sql`exists (
  select 1 from ${users}
  join ${websites} on ${websites.id} = ${tourBuilderTokens.websiteId} and ${websites.organisationId} = ${users.organisationId}
  join ${userRoles} on ${userRoles.userId} = ${users.id}
  join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.organisationId} = ${users.organisationId}
  where ${users.id} = ${tourBuilderTokens.userId} and ${kindPermission(tourKind, 'update')} = any(${roles.permissions})
)`;

export function tourBuilderStore(db: DbOrTx) {
  return {
    /** A new secret of `kind` for the grant, valid until `expiresAt`; only its hash is stored. */
    async issue(kind: 'token' | 'session', grant: BuilderGrant, expiresAt: Date): Promise<string> {
      const secret = randomToken();
      await db.insert(tourBuilderTokens).values({
        websiteId: grant.websiteId,
        contentId: grant.tourId,
        userId: grant.userId,
        kind,
        tokenHash: sha256(secret),
        expiresAt,
      });
      return secret;
    },

    /** Spends a one-time token of the website: its grant, or null when unknown, used, expired or another website's. */
    async spend(websiteId: string, token: string, now: Date): Promise<BuilderGrant | null> {
      const [row] = await db
        .update(tourBuilderTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(tourBuilderTokens.tokenHash, sha256(token)),
            eq(tourBuilderTokens.kind, 'token'),
            eq(tourBuilderTokens.websiteId, websiteId),
            isNull(tourBuilderTokens.usedAt),
            gt(tourBuilderTokens.expiresAt, now),
            userMayStillEdit,
          ),
        )
        .returning({ websiteId: tourBuilderTokens.websiteId, tourId: tourBuilderTokens.contentId, userId: tourBuilderTokens.userId });
      return row ?? null;
    },

    /** The grant of a live session of the website, or null. */
    async session(websiteId: string, session: string, now: Date): Promise<BuilderGrant | null> {
      const [row] = await db
        .select({ websiteId: tourBuilderTokens.websiteId, tourId: tourBuilderTokens.contentId, userId: tourBuilderTokens.userId })
        .from(tourBuilderTokens)
        .where(
          and(
            eq(tourBuilderTokens.tokenHash, sha256(session)),
            eq(tourBuilderTokens.kind, 'session'),
            eq(tourBuilderTokens.websiteId, websiteId),
            gt(tourBuilderTokens.expiresAt, now),
            userMayStillEdit,
          ),
        )
        .limit(1);
      return row ?? null;
    },

    /** Drops tokens and sessions long expired (the hourly prune). */
    async prune(now: Date): Promise<void> {
      await db.delete(tourBuilderTokens).where(lt(tourBuilderTokens.expiresAt, new Date(now.getTime() - 24 * 3600_000)));
    },
  };
}
