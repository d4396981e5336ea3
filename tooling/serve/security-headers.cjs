// Security headers of the static server, kept free of dependencies (and in
// CommonJS) like cache-rules.cjs, so Jest checks the rules in-process.
//
// The console keeps its tokens in browser storage (where existing pages read them), so any script that runs in its
// page can read them: a strict `script-src` is the main defence. Scripts may come only from the
// console's own origin, from where each remote is deployed (read from the runtime config, so moving a
// remote with SIGNPOST_REMOTE_*_URL moves its permission with it), and the page's two inline scripts
// (language/theme/direction before first paint, and showing the prerendered sign-in page), allowed by
// their sha256 hashes, computed from the very index.html being served. No 'unsafe-inline' and no
// 'unsafe-eval' for scripts.
//
// Styles need 'unsafe-inline': Chakra (emotion) writes <style> elements at run time, the prerendered
// sign-in page carries its critical CSS inline, and components set style attributes. Hashes cannot
// cover styles generated at run time, and a nonce would need a per-request page, which a static (CDN)
// deploy cannot give. Injected CSS cannot run script, so this is the accepted residual risk.
'use strict';

const { createHash } = require('node:crypto');

/** Headers every answer of the static server carries. */
const BASE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/**
 * Sent only on answers to requests that came over HTTPS (a year, subdomains too): over plain HTTP
 * browsers ignore it, and a server on http://localhost must not pin itself to HTTPS.
 */
const HSTS = 'max-age=31536000; includeSubDomains';

/** The inline <script> elements of a page (no `src`), as the browser hashes them: their exact text. */
function inlineScripts(html) {
  const out = [];
  const re = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
  let m;
  while ((m = re.exec(html))) {
    if (/\bsrc\s*=/i.test(m[1])) continue;
    out.push(m[2]);
  }
  return out;
}

/** CSP hash sources (`'sha256-…'`) of a page's inline scripts. */
function inlineScriptHashes(html) {
  return [...new Set(inlineScripts(html).map((text) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`))];
}

/** `https://cdn.example.com/settings/v2/mf-manifest.json` → `https://cdn.example.com/settings/v2/` (null if not absolute). */
function directoryOf(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.origin}${u.pathname.replace(/[^/]*$/, '')}`;
  } catch {
    return null;
  }
}

/** `https://api.example.com/base` → `https://api.example.com/base/` (null if not absolute). */
function baseOf(url) {
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return `${u.origin}${u.pathname.replace(/\/+$/, '')}/`;
  } catch {
    return null;
  }
}

function originOf(url) {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

const unique = (list) => [...new Set(list.filter(Boolean))];
const serialize = (directives) =>
  Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');

/**
 * The console's policy, from its runtime config (scripts/runtime-config.mjs):
 * - script-src: 'self', the hashes of the page's inline scripts, each remote's folder (its manifest's
 *   directory: remoteEntry.js and chunks load next to it);
 * - connect-src: 'self', the API, each remote's folder (manifests, translations), and the identity
 *   provider's issuer when configured (the browser reads its discovery document; the sign-in itself
 *   is a full-page navigation, which CSP does not restrict);
 * - img-src: 'self', data: and blob: (previews), the API's /uploads/ (and `uploadsBaseUrl`'s, when the
 *   API answers image URLs under another public address), and the remotes' own assets;
 * - nothing may frame the console, no plugins, no <base> elsewhere, forms post only to itself.
 * @param {{ apiBaseUrl: string, remotes: { entry: string }[], identityProvider: null | { issuer: string } }} runtimeConfig
 * @param {{ scriptHashes?: string[], uploadsBaseUrl?: string | null }} [options]
 */
function consoleCsp(runtimeConfig, { scriptHashes = [], uploadsBaseUrl = null } = {}) {
  const remotes = unique((runtimeConfig.remotes ?? []).map((r) => directoryOf(r.entry)));
  const api = baseOf(runtimeConfig.apiBaseUrl);
  const uploads = unique([api && `${api}uploads/`, uploadsBaseUrl && baseOf(uploadsBaseUrl) && `${baseOf(uploadsBaseUrl)}uploads/`]);
  const issuer = runtimeConfig.identityProvider ? originOf(runtimeConfig.identityProvider.issuer) : null;
  return serialize({
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...scriptHashes, ...remotes]),
    'style-src': unique(["'self'", "'unsafe-inline'", ...remotes]),
    'img-src': unique(["'self'", 'data:', 'blob:', ...uploads, ...remotes]),
    'font-src': unique(["'self'", 'data:', ...remotes]),
    'connect-src': unique(["'self'", api, ...remotes, issuer]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * A remote's own page (its standalone development page, built into every remote's dist/): same script
 * rule, but it calls an API whose address was fixed at its build, so calls and images may go to any
 * http(s) address. The console never loads this page; the host's policy is the one that matters.
 */
function standaloneCsp({ scriptHashes = [] } = {}) {
  return serialize({
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...scriptHashes]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'http:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", 'http:', 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/**
 * The demo customer site's policy (demo-site/): what a careful customer's site would send,
 * to prove the website script works under it. Scripts only from the site itself, the hashes of its
 * inline scripts (the installation snippet is one) and the website script's folder; styles only from
 * files (no 'unsafe-inline': the script's surfaces style their shadow roots with constructable
 * stylesheets, which CSP does not restrict); calls, images and sounds to the API.
 * @param {{ scriptHashes?: string[], scriptUrl?: string | null, apiUrl?: string | null, compilesAtRunTime?: boolean }} [options]
 */
function customerSiteCsp({ scriptHashes = [], scriptUrl = null, apiUrl = null, compilesAtRunTime = false } = {}) {
  const script = scriptUrl ? directoryOf(scriptUrl) : null;
  const api = apiUrl ? baseOf(apiUrl) : null;
  // Older single-page apps compile their templates and JSX in the browser (eval, injected scripts):
  // such a customer's policy allows it, and the snippet must work under it as under a strict one.
  const runTime = compilesAtRunTime ? ["'unsafe-inline'", "'unsafe-eval'"] : [];
  return serialize({
    'default-src': ["'self'"],
    'script-src': unique(["'self'", ...(compilesAtRunTime ? [] : scriptHashes), ...runTime, script]),
    'style-src': unique(["'self'", script]),
    'img-src': unique(["'self'", 'data:', 'blob:', api, 'https:']),
    'media-src': unique(["'self'", api]),
    'font-src': ["'self'", 'data:'],
    'connect-src': unique(["'self'", api, script]),
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  });
}

/** True for paths the static server never serves: source maps (production builds emit none; a stray one stays private). */
function isPrivatePath(pathname) {
  return /\.map(?:\.br|\.gz)?$/i.test(pathname.split('?')[0]);
}

module.exports = { BASE_HEADERS, HSTS, inlineScripts, inlineScriptHashes, consoleCsp, standaloneCsp, customerSiteCsp, isPrivatePath, directoryOf };
