import { createHash, randomBytes } from 'node:crypto';

/** A 256-bit random token, URL-safe: refresh tokens, reset and invitation links. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256: a database leak gives no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
