import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { TokenPair } from 'contracts';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { refreshTokens, tokenFamilies } from '../db/schema';
import { randomToken, sha256 } from '../lib/crypto';
import { unauthorized } from '../lib/errors';

/**
 * Access and refresh tokens.
 * - Access token: a short-lived HS256 JWT `{ sub, org, fid }`. `fid` names the token family so the
 *   request hook can refuse tokens of a revoked session with one primary-key lookup.
 * - Refresh token: 256 random bits, stored as SHA-256, usable once. Each use returns a new one in
 *   the same family; presenting a used one means it was stolen (or replayed), so the whole family
 *   is revoked. A family dies at its absolute expiry whatever the rotations.
 */

const ISSUER = 'signpost';
const AUDIENCE = 'signpost-api';

export interface AccessClaims {
  sub: string;
  org: string;
  fid: string;
}

export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {
    this.key = new TextEncoder().encode(config.authSecret);
  }

  async signAccessToken(claims: AccessClaims, ttlSeconds = this.config.accessTokenTtlSeconds): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ org: claims.org, fid: claims.fid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(this.key);
  }

  /** Throws 401 for anything but a valid, unexpired token of ours. */
  async verifyAccessToken(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.fid !== 'string') {
        throw unauthorized('Invalid access token');
      }
      return { sub: payload.sub, org: payload.org, fid: payload.fid };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Your session has expired');
      throw unauthorized('Invalid access token');
    }
  }

  /** Starts a new session (token family) for a user who just proved who they are. */
  async startSession(user: { id: string; organisationId: string }, db: DbOrTx = this.db): Promise<TokenPair & { familyId: string }> {
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlDays * 86_400_000);
    const [family] = await db.insert(tokenFamilies).values({ userId: user.id, expiresAt }).returning({ id: tokenFamilies.id });
    const refresh = await this.insertRefreshToken(db, family.id, user.id, expiresAt);
    const access = await this.signAccessToken({ sub: user.id, org: user.organisationId, fid: family.id });
    return { access_token: access, refresh_token: refresh, refresh_token_expires_at: expiresAt.toISOString(), familyId: family.id };
  }

  private async insertRefreshToken(db: DbOrTx, familyId: string, userId: string, expiresAt: Date): Promise<string> {
    const token = randomToken();
    await db.insert(refreshTokens).values({ familyId, userId, tokenHash: sha256(token), expiresAt });
    return token;
  }

  /**
   * Exchanges a refresh token for a new pair. The "mark used" is one conditional UPDATE, so two
   * concurrent uses of the same token cannot both succeed: the loser is treated as a replay.
   */
  async rotate(presented: string, loadOrganisation: (userId: string) => Promise<string | null>): Promise<TokenPair> {
    const hash = sha256(presented);
    const [row] = await this.db
      .select({
        id: refreshTokens.id,
        familyId: refreshTokens.familyId,
        userId: refreshTokens.userId,
        usedAt: refreshTokens.usedAt,
        revokedAt: refreshTokens.revokedAt,
        familyRevokedAt: tokenFamilies.revokedAt,
        familyExpiresAt: tokenFamilies.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(tokenFamilies, eq(tokenFamilies.id, refreshTokens.familyId))
      .where(eq(refreshTokens.tokenHash, hash))
      .limit(1);

    if (!row) throw unauthorized('Invalid refresh token');
    if (row.familyRevokedAt || row.revokedAt) throw unauthorized('This session has ended, please sign in again');
    if (row.familyExpiresAt.getTime() <= Date.now()) throw unauthorized('Your session has expired, please sign in again');
    if (row.usedAt) {
      await this.revokeFamily(row.familyId);
      throw unauthorized('This session has ended, please sign in again');
    }

    const claimed = await this.db
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      // Someone used it between our read and our write: a replay race. Same answer as a replay.
      await this.revokeFamily(row.familyId);
      throw unauthorized('This session has ended, please sign in again');
    }

    const organisationId = await loadOrganisation(row.userId);
    if (!organisationId) {
      await this.revokeFamily(row.familyId);
      throw unauthorized('This account no longer exists');
    }
    const refresh = await this.insertRefreshToken(this.db, row.familyId, row.userId, row.familyExpiresAt);
    const access = await this.signAccessToken({ sub: row.userId, org: organisationId, fid: row.familyId });
    return { access_token: access, refresh_token: refresh, refresh_token_expires_at: row.familyExpiresAt.toISOString() };
  }

  /** The family a refresh token belongs to, if it belongs to this user. */
  async familyOfRefreshToken(presented: string, userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.tokenHash, sha256(presented)), eq(refreshTokens.userId, userId)))
      .limit(1);
    return row?.familyId ?? null;
  }

  async revokeFamily(familyId: string, db: DbOrTx = this.db): Promise<void> {
    const now = new Date();
    await db
      .update(tokenFamilies)
      .set({ revokedAt: now })
      .where(and(eq(tokenFamilies.id, familyId), isNull(tokenFamilies.revokedAt)));
    await db
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
  }

  /** Ends every session of a user (password reset), or every one but `exceptFamilyId` (password change). */
  async revokeAllForUser(userId: string, exceptFamilyId?: string, db: DbOrTx = this.db): Promise<void> {
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
  }

  /** Removes refresh tokens of families that expired long ago, so the table does not grow forever. */
  async pruneExpired(): Promise<void> {
    await this.db.delete(tokenFamilies).where(sql`${tokenFamilies.expiresAt} < now() - interval '1 day'`);
  }
}
