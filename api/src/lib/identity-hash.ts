import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS } from 'contracts';

/** A new identity secret: 32 random bytes in hex (64 characters, as the database's default makes). */
export const newIdentitySecret = (): string => randomBytes(32).toString('hex');

/** HMAC-SHA256(secret, externalId) in hex: what the customer's server computes and the page sends as `userHash`. */
export const identityHash = (secret: string, externalId: string): string => createHmac('sha256', secret).update(externalId, 'utf8').digest('hex');

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

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
 * one within its grace period; 'invalid' when it was sent and matches neither; 'missing' when none
 * was sent (refused only where the website requires verification).
 */
export function checkIdentityHash(
  site: IdentitySecrets,
  externalId: string,
  userHash: string | undefined,
  now = Date.now(),
): 'verified' | 'invalid' | 'missing' {
  if (!userHash) return 'missing';
  if (hashMatches(site.secret, externalId, userHash)) return 'verified';
  if (previousSecretExpiresAt(site.rotatedAt, site.previousSecret, now) && hashMatches(site.previousSecret!, externalId, userHash)) return 'verified';
  return 'invalid';
}
