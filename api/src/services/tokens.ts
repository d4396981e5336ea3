import type { MessageCode } from 'contracts';
import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { TokenPair } from 'contracts';
import type { Config } from '../config';
import type { Db, DbOrTx } from '../db/client';
import { randomToken, sha256 } from '../lib/crypto';
import { unauthorized } from '../lib/errors';
import { sessionsStore } from '../stores/sessions';

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

type RotateOutcome = { pair: TokenPair } | { refused: MessageCode } | { replayed: string } | { gone: string };

/** Access tokens whose signature was checked, kept at most (a process serves a bounded number of live sessions at once). */
const MAX_VERIFIED_TOKENS = 10_000;

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, with their claims and expiry (checking the HMAC of the
   * same token on every call of a session was a tenth of a list call's time). A token never becomes
   * valid or invalid other than by expiring, so the check is the same: by the full token text, and
   * only until its `exp`; whether its session still holds is the access hook's question, asked on
   * every call.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; exp: number }>();

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
    const kept = this.verified.get(token);
    // Still before `exp`, as jose checks it (seconds; expired once `exp <= now`); an expired one is
    // checked again below, which answers why.
    if (kept && Math.floor(Date.now() / 1000) < kept.exp) return kept.claims;
    if (kept) this.verified.delete(token);
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.fid !== 'string') {
        throw unauthorized('auth.invalidAccessToken');
      }
      const claims = { sub: payload.sub, org: payload.org, fid: payload.fid };
      if (typeof payload.exp === 'number') {
        if (this.verified.size >= MAX_VERIFIED_TOKENS) this.verified.clear();
        this.verified.set(token, { claims, exp: payload.exp });
      }
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('auth.sessionExpired');
      throw unauthorized('auth.invalidAccessToken');
    }
  }

  /** Starts a new session (token family) for a user who just proved who they are. */
  async startSession(user: { id: string; organisationId: string }, db: DbOrTx = this.db): Promise<TokenPair & { familyId: string }> {
    const expiresAt = new Date(Date.now() + this.config.refreshTokenTtlDays * 86_400_000);
    const sessions = sessionsStore(db);
    const familyId = await sessions.insertFamily(user.id, expiresAt);
    const refresh = randomToken();
    await sessions.insertRefreshToken({ familyId, userId: user.id, tokenHash: sha256(refresh), expiresAt });
    const access = await this.signAccessToken({ sub: user.id, org: user.organisationId, fid: familyId });
    return { access_token: access, refresh_token: refresh, refresh_token_expires_at: expiresAt.toISOString(), familyId };
  }

  /**
   * Exchanges a refresh token for a new pair, in one transaction: the token is claimed by a
   * conditional UPDATE (two concurrent uses cannot both claim it) and its successor is inserted
   * with it, so a claimed token always has its successor.
   *
   * Reuse interval (as Auth0 and Okta): a spent token presented again within
   * `refreshReuseIntervalSeconds` of its first use answers the same successor, so two tabs that
   * refresh at the same moment both stay signed in. The successor is derived from the presented
   * token with the server's secret (HMAC), so it can be answered again without being stored in
   * clear. Presented after the interval, a spent token means it was stolen or replayed: the whole
   * family is revoked, and that is logged.
   */
  async rotate(presented: string, loadOrganisation: (userId: string, db: DbOrTx) => Promise<string | null>): Promise<TokenPair> {
    const hash = sha256(presented);
    const outcome = await this.db.transaction(async (tx): Promise<RotateOutcome> => {
      const sessions = sessionsStore(tx);
      const row = await sessions.refreshTokenByHash(hash);
      if (!row) return { refused: 'auth.invalidRefreshToken' };
      if (row.familyRevokedAt || row.revokedAt) return { refused: 'auth.sessionEndedSignInAgain' };
      if (row.familyExpiresAt.getTime() <= Date.now()) return { refused: 'auth.sessionExpiredSignInAgain' };

      const successor = this.successorOf(presented);
      if (!(await sessions.claim(row.id))) {
        // Spent already (the UPDATE waited for the claimer's commit): another tab, or a replay.
        const spent = await sessions.spent(row.id, sha256(successor));
        const withinInterval = spent?.usedAt && Date.now() - spent.usedAt.getTime() <= this.config.refreshReuseIntervalSeconds * 1000;
        if (!withinInterval || spent.successorRevokedAt) return { replayed: row.familyId };
      } else {
        await sessions.insertRefreshToken({ familyId: row.familyId, userId: row.userId, tokenHash: sha256(successor), expiresAt: row.familyExpiresAt });
      }

      const organisationId = await loadOrganisation(row.userId, tx);
      if (!organisationId) return { gone: row.familyId };
      const access = await this.signAccessToken({ sub: row.userId, org: organisationId, fid: row.familyId });
      return { pair: { access_token: access, refresh_token: successor, refresh_token_expires_at: row.familyExpiresAt.toISOString() } };
    });

    if ('pair' in outcome) return outcome.pair;
    if ('refused' in outcome) throw unauthorized(outcome.refused);
    // Revoked outside the transaction above: a refusal must not roll the revocation back.
    if ('replayed' in outcome) {
      this.onReplay?.(outcome.replayed);
      await this.revokeFamily(outcome.replayed);
      throw unauthorized('auth.sessionEndedSignInAgain');
    }
    await this.revokeFamily(outcome.gone);
    throw unauthorized('auth.accountNoLongerExists');
  }

  /** Called with the family id when a spent refresh token is replayed after the reuse interval. */
  onReplay?: (familyId: string) => void;

  /** The token that succeeds `presented`: HMAC with the server's secret, so only we can derive it. */
  private successorOf(presented: string): string {
    return createHmac('sha256', this.key).update(`refresh-successor:${presented}`).digest('base64url');
  }

  /** The family a refresh token belongs to (whoever presents the token holds the session). */
  async familyOfRefreshToken(presented: string): Promise<string | null> {
    return sessionsStore(this.db).familyOfRefreshToken(sha256(presented));
  }

  async revokeFamily(familyId: string, db: DbOrTx = this.db): Promise<void> {
    await sessionsStore(db).revokeFamily(familyId);
  }

  /** Ends every session of a user (password reset), or every one but `exceptFamilyId` (password change). */
  async revokeAllForUser(userId: string, exceptFamilyId?: string, db: DbOrTx = this.db): Promise<void> {
    await sessionsStore(db).revokeAllForUser(userId, exceptFamilyId);
  }

  /**
   * Removes expired sessions, so the tables do not grow forever: families a day past their
   * absolute expiry, with their refresh tokens (ON DELETE CASCADE). Spent tokens of live families
   * stay: presented again, they are what reveals a replay. Run on a schedule by the app (app.ts).
   * Answers how many families were removed.
   */
  async pruneExpired(): Promise<number> {
    return sessionsStore(this.db).pruneExpired();
  }
}
