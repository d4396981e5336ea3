import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS } from 'contracts';

/** A new identity secret: 32 random bytes in hex (64 characters, as the database's default makes). */
export const newIdentitySecret = (): string => randomBytes(32).toString('hex');

/** HMAC-SHA256(secret, externalId) in hex: what the customer's server computes and the page sends as `userHash`. */
export const identityHash = (secret: string, externalId: string): string => createHmac('sha256', secret).update(externalId, 'utf8').digest('hex');

const HEX_SHA256 = /^[0-9a-f]{64}$/i;
/** A time-stamped userHash: the unix time (seconds) it was made at, a dot, then the hex HMAC. */
const STAMPED = /^(\d{1,12})\.([0-9a-f]{64})$/i;
/** How far ahead of ours a customer server's clock may run. */
const CLOCK_SKEW_SECONDS = 300;

/**
 * The time-stamped form: HMAC-SHA256(secret, `${issuedAt}.${externalId}`) in hex, sent as
 * `${issuedAt}.${hex}`. The time is inside what is signed, so a hash copied from a page (a log, a
 * shared screenshot, a cached HTML) stops proving anything after LIMITS.identityHashMaxAgeHours.
 */
export const stampedIdentityHash = (secret: string, externalId: string, issuedAtSeconds: number): string =>
  `${issuedAtSeconds}.${identityHash(secret, `${issuedAtSeconds}.${externalId}`)}`;

/** Whether `userHash` is the hash of `externalId` under `secret`, compared in constant time. */
export function hashMatches(secret: string, externalId: string, userHash: string): boolean {
  if (!HEX_SHA256.test(userHash)) return false;
  return timingSafeEqual(Buffer.from(identityHash(secret, externalId), 'hex'), Buffer.from(userHash, 'hex'));
}

/** Until when the previous secret of a rotation still verifies; null when there is none or it is over. */
export function previousSecretExpiresAt(rotatedAt: Date | null, previousSecret: string | null, now = Date.now()): Date | null {
  if (!previousSecret || !rotatedAt) return null;
  const until = rotatedAt.getTime() + LIMITS.identitySecretGraceHours * 3_600_000;
  return until > now ? new Date(until) : null;
}

/** A website's identity verification as identify reads it. */
export interface IdentitySecrets {
  required: boolean;
  secret: string;
  previousSecret: string | null;
  rotatedAt: Date | null;
}

/**
 * What identify makes of a `userHash`: 'verified' when it matches the current secret, or the previous
 * one within its grace period; 'expired' when it is a time-stamped one that matches but is older
 * than LIMITS.identityHashMaxAgeHours (or dated in the future); 'invalid' when it was sent and
 * matches neither; 'missing' when none was sent (refused only where the website requires verification).
 *
 * Two forms verify: the time-stamped `<unix seconds>.<hex>` (HMAC of `<unix seconds>.<externalId>`),
 * which the installation guide's server code makes, and the plain hex HMAC of the external id, which
 * servers installed before it make: those keep working while their owners move to the new form.
 */
export function checkIdentityHash(
  site: IdentitySecrets,
  externalId: string,
  userHash: string | undefined,
  now = Date.now(),
): 'verified' | 'expired' | 'invalid' | 'missing' {
  if (!userHash) return 'missing';
  const secrets = [site.secret];
  if (previousSecretExpiresAt(site.rotatedAt, site.previousSecret, now)) secrets.push(site.previousSecret!);
  const stamped = STAMPED.exec(userHash);
  if (stamped) {
    const issuedAt = Number(stamped[1]);
    if (!secrets.some((secret) => hashMatches(secret, `${issuedAt}.${externalId}`, stamped[2]))) return 'invalid';
    const age = now / 1000 - issuedAt;
    return age <= LIMITS.identityHashMaxAgeHours * 3600 && age >= -CLOCK_SKEW_SECONDS ? 'verified' : 'expired';
  }
  return secrets.some((secret) => hashMatches(secret, externalId, userHash)) ? 'verified' : 'invalid';
}
