// Caching and routing rules of the static server, kept free of dependencies (and in CommonJS) so the
// Jest suite can load them in-process: Jest on Node 20 cannot require @fastify/static's ESM-only
// dependencies, so the server itself is tested in a child process (see static-server.test.ts).
'use strict';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Names that keep their URL across deploys and must therefore always be revalidated. */
const ALWAYS_REVALIDATE = new Set(['mf-manifest.json', 'remoteEntry.js', 'index.html', 'runtime-config.json']);
/** A content hash of at least 8 hex digits between dots, as rspack's `[contenthash:8]` writes it. */
const HASHED = /\.[0-9a-f]{8,}\./;
/** Extensions that name a real file: a missing one is a 404 even on the SPA, never index.html
 * (a missing chunk answered with HTML would surface as a confusing syntax error in the browser). */
const ASSET_EXT = /\.(?:m?js|cjs|json|css|map|txt|ico|png|jpe?g|gif|webp|avif|svg|woff2?|ttf|eot|wasm|br|gz)$/i;

/**
 * Cache-Control for a path relative to the served root (`static/js/1.abcdef12.js`, `locales/en/x.json`).
 * Compressed siblings (`.br`, `.gz`) get the rule of the file they encode.
 * @param {string} relPath
 * @returns {string}
 */
function cacheControlFor(relPath) {
  const p = relPath.replace(/\\/g, '/').replace(/\.(br|gz)$/, '');
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (ALWAYS_REVALIDATE.has(base)) return NO_CACHE;
  if (/(^|\/)locales\//.test(p)) return NO_CACHE;
  // The website script's lazily loaded surfaces (website-script/dist/chunks/) are named by content
  // hash by their bundler, whatever its hash format; its loader (signpost.js) falls through to no-cache.
  if (/^chunks\/[^/]+\.m?js$/.test(p)) return IMMUTABLE;
  if (HASHED.test(base)) return IMMUTABLE;
  // No hash to protect it: it may change under the same URL, so revalidate.
  return NO_CACHE;
}

/** True when a URL path names a file (by extension) rather than a client-side route. */
function isAssetPath(pathname) {
  return ASSET_EXT.test(pathname);
}

module.exports = { NO_CACHE, IMMUTABLE, cacheControlFor, isAssetPath };
