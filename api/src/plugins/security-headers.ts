import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

/**
 * Response headers that harden every answer of the API (OWASP ASVS V3):
 * - JSON is never a document: `default-src 'none'; frame-ancestors 'none'` (nothing may load or
 *   run in it, nobody may frame it), `X-Frame-Options: DENY` for older browsers, `nosniff`, and no
 *   referrer sent from it;
 * - the Swagger UI page (/api/docs) is a real page, so it gets its own policy allowing its own
 *   scripts, styles, data: images and calls to this origin, still never framed;
 * - answers of signed-in routes (`auth: true`, see plugins/access.ts) are `Cache-Control: no-store`:
 *   they carry a member's data and must stay out of shared and browser caches (so do the sign-in and
 *   refresh answers, which carry tokens: every answer without a cache rule of its own gets no-store);
 * - /uploads/{file} keeps the headers its route sets (sandboxing CSP, cross-origin CORP, a year of cache).
 * - over HTTPS, `Strict-Transport-Security` (a year, subdomains too): a browser that reached the API
 *   securely never falls back to plain HTTP. Sent only when the request itself came over HTTPS (the
 *   connection, or `X-Forwarded-Proto` from a proxy when TRUST_PROXY says to believe it): over plain
 *   HTTP browsers ignore it, and a development server on http://localhost must not pin itself.
 */
export const HSTS = 'max-age=31536000; includeSubDomains';

export const API_CSP = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/** Swagger UI's page: its bundle and initializer (same origin), inline style attributes, data: icons. */
export const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const DOCS_PREFIX = '/api/docs';

export async function securityHeaders(app: FastifyInstance) {
  // Before helmet's own onRoute hook (registered below), so it reads the docs routes' policy.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...(route.config ?? {}), helmet: { contentSecurityPolicy: { useDefaults: false, directives: DOCS_CSP } } };
    }
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_CSP },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    // The console (another origin) reads the API through CORS, which CORP does not restrict; uploads
    // set `cross-origin` themselves, as customer websites embed them.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    return payload;
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** @fastify/helmet's per-route options (set for the docs page above). */
    helmet?: object;
  }
}
