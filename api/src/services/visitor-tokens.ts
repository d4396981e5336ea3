import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import { VISITOR_TOKEN_EXPIRED_MESSAGE, VISITOR_TOKEN_INVALID_MESSAGE } from 'contracts';
import { unauthorized } from '../lib/errors';

/** How long a visitor token lives; each content call answers a new one, so an active page never sees it expire. */
export const VISITOR_TOKEN_TTL_SECONDS = 3600;

export interface VisitorClaims {
  websiteId: string;
  visitorId: string;
  /** The client member the token speaks for, when the visitor is known to be that person (see tokenPerson). */
  personId: string | null;
  /**
   * When the token stops being valid (seconds): each content call signs a new token, so this names the
   * page view the server answered. Read from a verified token only; ignored by sign.
   */
  expiresAt?: number;
}

/**
 * The visitor token: the content call hands it to a page, and the page's event batches carry it, so
 * a batch speaks for the one visitor the server gave it to. A compact HS256 JWS (it rides on every
 * batch, so claims are one letter: `w` website, `v` visitor, `p` person, `exp`), signed with a key of
 * its own derived from the server secret, so it can never pass for a console access token or the
 * other way round.
 */
export class VisitorTokens {
  private readonly key: Uint8Array;

  constructor(authSecret: string) {
    this.key = createHmac('sha256', authSecret).update('signpost visitor token').digest();
  }

  sign(claims: VisitorClaims, ttlSeconds = VISITOR_TOKEN_TTL_SECONDS, now = Date.now()): Promise<string> {
    const seconds = Math.floor(now / 1000);
    return new SignJWT({ w: claims.websiteId, v: claims.visitorId, ...(claims.personId ? { p: claims.personId } : {}) })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(seconds + ttlSeconds)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token of this website; 401 otherwise (expired has its own message, so the page knows to renew). */
  async verify(token: string, websiteId: string): Promise<VisitorClaims> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], requiredClaims: ['exp'] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized(VISITOR_TOKEN_EXPIRED_MESSAGE);
      throw unauthorized(VISITOR_TOKEN_INVALID_MESSAGE);
    }
    // Another website's token is no better than a forged one.
    if (payload.w !== websiteId || typeof payload.v !== 'string') throw unauthorized(VISITOR_TOKEN_INVALID_MESSAGE);
    return {
      websiteId,
      visitorId: payload.v,
      personId: typeof payload.p === 'string' ? payload.p : null,
      expiresAt: typeof payload.exp === 'number' ? payload.exp : undefined,
    };
  }

  /** Like verify, but answers null instead of refusing (the heartbeat only counts valid tokens; it never refuses a page). */
  async check(token: string | undefined, websiteId: string): Promise<VisitorClaims | null> {
    if (!token) return null;
    return this.verify(token, websiteId).catch(() => null);
  }
}

/**
 * Which person a visitor token carries: the one place that decides it. The client member the visitor
 * is linked to, only when that link was proven by identity verification (an identify with a valid
 * userHash): an unverified identify is a claim anyone could make, so its token speaks for the visitor
 * alone.
 */
export function tokenPerson(visitor: { memberId: string | null; identityVerified: boolean }): string | null {
  return visitor.identityVerified ? visitor.memberId : null;
}
