import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, PUBLIC_ACCESS, type CallDefinition } from './call';

/** The website's public key in the path of every website script call: it names the website (it is not a secret). */
export const websiteKeyParamsSchema = z.object({ websiteKey: z.string().trim().min(1).max(LIMITS.websiteKeyMax) });

/**
 * What the website script's calls have in common: public, under the website's key, served with the
 * script's open CORS and rate limit (`websiteScript`), a POST (a simple request: no CORS preflight, and
 * `navigator.sendBeacon` can send it), and the errors of the script's gate: bad input (400), a wrong
 * visitor token (401), a page not on the website's domain (403), an unknown key (404), too many calls (429).
 */
const SCRIPT_CALL = {
  method: 'POST',
  access: PUBLIC_ACCESS,
  tag: 'website script',
  params: websiteKeyParamsSchema,
  errors: [400, 401, 403, 404, 429],
  websiteScript: true,
} as const;

/** A call of the website script: what is its own (its path, summary, body, answer), over what every script call shares. */
export const scriptCall = <const C extends Partial<CallDefinition> & Pick<CallDefinition, 'path' | 'summary'>>(call: C) =>
  defineCall({ ...SCRIPT_CALL, ...call } as CallDefinition) as unknown as Omit<typeof SCRIPT_CALL, keyof C> & C;
