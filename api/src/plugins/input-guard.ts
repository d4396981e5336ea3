import type { FastifyInstance } from 'fastify';
import type { MessageCode } from 'contracts';
import { badRequest } from '../lib/errors';

/**
 * What no request may carry, checked once for every route before its own schema runs, so that no
 * handler, no zod schema and no SQL ever meets it:
 * - a NUL character (PostgreSQL refuses it in text: it would be a 500),
 * - a lone UTF-16 surrogate (not text: it cannot be stored as UTF-8),
 * - nesting deeper than MAX_INPUT_DEPTH (recursive schemas would overflow the stack; no call of
 *   ours takes more than a dozen levels).
 * Body, query string and path parameters alike; the answer is a 400 with the field's path.
 */
export const MAX_INPUT_DEPTH = 32;

// eslint-disable-next-line no-control-regex -- the NUL character is exactly what this looks for.
const FORBIDDEN = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const NUL_OR_SURROGATE_MESSAGE = 'generic.unstorableCharacters';
export const TOO_DEEP_MESSAGE = 'generic.nestedTooDeeply';

/** The first problem in `value`, as [path, message], or null. Iterative: depth cannot overflow it. */
export function findBadInput(value: unknown, root: string): [string, MessageCode] | null {
  const stack: [unknown, string, number][] = [[value, root, 0]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (FORBIDDEN.test(v)) return [path, NUL_OR_SURROGATE_MESSAGE];
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return [path, TOO_DEEP_MESSAGE];
    const entries = Array.isArray(v) ? v.map((item, i) => [String(i), item] as const) : Object.entries(v);
    for (const [key, item] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (FORBIDDEN.test(key)) return [at, NUL_OR_SURROGATE_MESSAGE];
      stack.push([item, at, depth + 1]);
    }
  }
  return null;
}

export function inputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const bad = findBadInput(value, '');
      if (bad) {
        const field = bad[0] || part;
        throw badRequest('generic.checkFields', { [field]: bad[1] });
      }
    }
  });
}
