// The one static server of the product: serves a built app's dist/ folder (host or remote) the way
// a CDN in front of it should. `pnpm start`, the e2e suite's global setup and `pnpm bench` all use it,
// so what the tests and benchmarks measure is what a deployment serves.
//
// Caching rules:
// - Files whose URL never changes but whose content does on every deploy (the host's index.html, every
//   remote's mf-manifest.json and remoteEntry.js, the runtime config, translation files) are served
//   `no-cache`: the browser keeps them but revalidates (ETag / Last-Modified) on every use, so a remote
//   redeployed alone is picked up by the running host on the next reload, without a host rebuild.
// - Files whose name carries a content hash (`static/js/123.a1b2c3d4.js`) can never change under the
//   same URL, so they are cached for a year and marked immutable (no revalidation round trip).
// - Anything else has no hash to protect it, so it is revalidated like the first group.
//
// Security headers (rules in security-headers.cjs): every answer is `nosniff`,
// never framed (`X-Frame-Options: DENY`) and sends no referrer, and over HTTPS (the connection, or
// `X-Forwarded-Proto` when `trustProxy` says the proxy in front is believed) carries
// Strict-Transport-Security; HTML pages carry a Content-Security-
// Policy, the console's built from its runtime config with the hashes of the page's inline scripts.
// Source maps are never served (production builds emit none: tooling/rspack/app-config.mjs).
//
// Remotes are fetched cross-origin by the host (manifest, entry, chunks, locales), so their files
// answer CORS, to the console's origins when given (`cors: ['http://localhost:3000']`), else to any
// origin (`cors: true`: a remote deployed alone does not know where the console lives); never on an
// HTML page. The console itself (`cors: false`) is fetched by nobody else and answers no CORS at all.
// Precompressed `.br` / `.gz` siblings written by scripts/compress-dist.mjs are sent when the client
// accepts them, so nothing is compressed per request.
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';

import rules from './cache-rules.cjs';
import security from './security-headers.cjs';
import { fastifyTrustProxy } from './trust-proxy.mjs';

export const { NO_CACHE, IMMUTABLE, cacheControlFor, isAssetPath } = rules;
const { BASE_HEADERS, HSTS, inlineScriptHashes, consoleCsp, standaloneCsp, isPrivatePath } = security;
export const { customerSiteCsp } = security;

/**
 * Serve `root` on `port` (0 picks a free one). Resolves once listening.
 * `cors`: false (the console), true (any origin) or the list of origins allowed to fetch (a remote).
 * `runtimeConfig`: the console's (the host), served at /runtime-config.json and the source of its CSP.
 * `uploadsBaseUrl`: the API's public address for images when it differs from the runtime config's
 * API URL (the API's PUBLIC_API_URL), allowed as an image source too.
 * `pageCsp`: the policy of HTML pages from their inline scripts' hashes (and the page's path under
 * `root`), for a site that is neither
 * the console nor a remote (the demo customer site: `customerSiteCsp`).
 * `routes`: registers a site's own server-side routes before the files (the demo customer site's
 * sign-in, which signs its user's id for Signpost's identity verification).
 * `trustProxy`: believe `X-Forwarded-Proto` (and -For) from the proxies in front (true: any; a hop
 * count; or their addresses and networks), as the API's TRUST_PROXY does; it decides whether the request came over HTTPS (Strict-Transport-Security).
 * @param {{ root: string, port?: number, host?: string, spa?: boolean, cors?: boolean | string[],
 *           runtimeConfig?: object, uploadsBaseUrl?: string | null, logger?: boolean, trustProxy?: boolean | number | string[],
 *           pageCsp?: (options: { scriptHashes: string[], page: string }) => string,
 *           routes?: (app: import('fastify').FastifyInstance) => void }} options
 * @returns {Promise<{ app: import('fastify').FastifyInstance, url: string, port: number, close: () => Promise<void> }>}
 */
export async function startStaticServer({
  root,
  port = 0,
  host = '0.0.0.0',
  spa = false,
  cors = true,
  runtimeConfig,
  uploadsBaseUrl = null,
  logger = false,
  trustProxy = false,
  pageCsp,
  routes,
}) {
  const absRoot = path.resolve(root);
  const st = await stat(absRoot).catch(() => null);
  if (!st?.isDirectory()) {
    throw new Error(`static-server: ${absRoot} is not a directory (build the app first)`);
  }

  const app = Fastify({ logger, trustProxy: fastifyTrustProxy(trustProxy) });

  /** The policy of an HTML page, recomputed only when the file changes (a rebuild into the same dist/). */
  const pagePolicies = new Map();
  function pagePolicy(filePath, fileStat) {
    const version = `${fileStat?.mtimeMs}:${fileStat?.size}`;
    const cached = pagePolicies.get(filePath);
    if (cached?.version === version) return cached.policy;
    const scriptHashes = inlineScriptHashes(readFileSync(filePath, 'utf8'));
    const policy = pageCsp
      ? pageCsp({ scriptHashes, page: path.relative(absRoot, filePath).split(path.sep).join('/') })
      : runtimeConfig
        ? consoleCsp(runtimeConfig, { scriptHashes, uploadsBaseUrl })
        : standaloneCsp({ scriptHashes });
    pagePolicies.set(filePath, { version, policy });
    return policy;
  }

  const allowedOrigins = Array.isArray(cors) ? new Set(cors.map((o) => o.replace(/\/+$/, ''))) : null;
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(BASE_HEADERS);
    if (req.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (!cors) return;
    // Every answer, including 404s, so a failing cross-origin fetch reports its status to the host's
    // federation runtime instead of an opaque CORS error (HTML pages drop it again in onSend).
    if (!allowedOrigins) reply.header('access-control-allow-origin', '*');
    else if (allowedOrigins.has(req.headers.origin)) reply.header('access-control-allow-origin', req.headers.origin);
  });
  app.addHook('onSend', async (_req, reply, payload) => {
    if (/^text\/html/i.test(String(reply.getHeader('content-type') ?? ''))) reply.removeHeader('access-control-allow-origin');
    // The answer depends on the Origin asked from: caches must keep one per origin (added here, last,
    // so @fastify/static's own `vary: accept-encoding` is kept).
    if (allowedOrigins) {
      const vary = String(reply.getHeader('vary') ?? '');
      if (!/\borigin\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Origin` : 'Origin');
    }
    return payload;
  });
  if (cors) {
    // Only simple GETs are expected, but answer preflights anyway (e.g. a fetch with custom headers).
    app.options('/*', async (_req, reply) => {
      reply
        .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
        .header('access-control-allow-headers', '*')
        .header('access-control-max-age', '600')
        .code(204)
        .send();
    });
  }

  // Source maps stay private even if a build emitted some (production builds do not).
  app.addHook('onRequest', async (req, reply) => {
    if (isPrivatePath(req.raw.url ?? '')) {
      return reply.code(404).header('cache-control', NO_CACHE).send({ message: 'Not found' });
    }
  });

  if (runtimeConfig) {
    // Generated from the environment at start-up (scripts/runtime-config.mjs), so it wins over any
    // runtime-config.json file lying in dist/.
    const body = JSON.stringify(runtimeConfig);
    app.get('/runtime-config.json', async (_req, reply) => {
      reply.header('cache-control', NO_CACHE).type('application/json; charset=utf-8').send(body);
    });
  }

  if (routes) routes(app);

  await app.register(fastifyStatic, {
    root: absRoot,
    preCompressed: true,
    // We write Cache-Control ourselves (setHeaders); @fastify/send's default would be `max-age=0`.
    cacheControl: false,
    dotfiles: 'ignore',
    // Read from disk per request (wildcard route), so a remote rebuilt into the same dist/ is served
    // at once without restarting its server.
    wildcard: true,
    setHeaders(reply, filePath, fileStat) {
      reply.header('cache-control', cacheControlFor(path.relative(absRoot, filePath)));
      // The precompressed sibling (index.html.br) carries the page's own text once decoded.
      const page = filePath.replace(/\.(br|gz)$/, '');
      if (/\.html$/i.test(page)) reply.header('content-security-policy', pagePolicy(page, fileStat));
    },
  });

  app.setNotFoundHandler(async (req, reply) => {
    const pathname = decodeURIComponent((req.raw.url ?? '/').split('?')[0]);
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !isAssetPath(pathname);
    if (spa && isPage) {
      // Client-side route (/login, /posts/123/update): the host's router takes it from here.
      return reply.sendFile('index.html');
    }
    reply
      .code(404)
      .header('cache-control', NO_CACHE)
      .send({ message: `Not found: ${pathname}` });
  });

  const address = await app.listen({ port, host });
  const actualPort = app.server.address().port;
  const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    app,
    port: actualPort,
    url: `http://${shownHost}:${actualPort}`,
    address,
    close: () => app.close(),
  };
}
