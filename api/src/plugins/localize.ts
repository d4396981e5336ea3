import type { FastifyInstance } from 'fastify';
import { languageOf, translateMessage } from '../i18n/messages';

/**
 * Answers in the caller's language: `message` and each per-field message of `errors` of every JSON
 * answer, success or error, are codes of the message catalogue, translated here by
 * `accept-language` (English too). One place, so no route needs to care. Errors arrive already
 * translated by the error handler (it knows their values); a text that is not a code stays as it is.
 */
export function localizeMessages(app: FastifyInstance) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
    const body = payload as { message?: unknown; errors?: unknown };
    if (typeof body.message !== 'string' && !(body.errors && typeof body.errors === 'object')) return payload;
    const lang = languageOf(request.headers['accept-language']);
    const out: Record<string, unknown> = { ...body };
    if (typeof body.message === 'string') out.message = translateMessage(body.message, lang);
    if (body.errors && typeof body.errors === 'object') {
      out.errors = Object.fromEntries(
        Object.entries(body.errors as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'string' ? translateMessage(v, lang) : v]),
      );
    }
    return out;
  });
}
