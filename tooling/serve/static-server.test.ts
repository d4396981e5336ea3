// Header rules of the static server, checked over a real socket (fastify listening on port 0, fetch),
// because they decide whether a remote redeployed alone reaches the running host.
//
// The server runs in a child process (tooling/serve/cli.mjs): Jest on Node 20 cannot load
// @fastify/static in-process (it requires an ESM-only package, which Jest's module system only
// supports from Node 24.9). The pure rules are also checked in-process through cache-rules.cjs.
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createHash } from 'node:crypto';
import { cacheControlFor, isAssetPath, NO_CACHE, IMMUTABLE } from './cache-rules.cjs';
import { consoleCsp, customerSiteCsp, inlineScriptHashes, isPrivatePath, standaloneCsp } from './security-headers.cjs';

const REPO = path.resolve(__dirname, '../..');
const CLI = path.join(__dirname, 'cli.mjs');
const HEAD_SCRIPT = "\n      document.documentElement.lang = 'en';\n    ";
const BODY_SCRIPT = 'window.__ready = true;';
const INDEX = `<!doctype html><html><head><script>${HEAD_SCRIPT}</script><script src="/static/js/123.a1b2c3d4.js"></script></head><body><div id="root"></div><script>${BODY_SCRIPT}</script></body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
/** `directive → sources` of a CSP header. */
const parseCsp = (header: string | null) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
const CHUNK = `console.log(${JSON.stringify('x'.repeat(2000))});`;

function makeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'signpost-static-'));
  const files: Record<string, string> = {
    'index.html': INDEX,
    'mf-manifest.json': JSON.stringify({ id: 'remote_x', metaData: {} }),
    'remoteEntry.js': 'var remote_x = {};',
    'static/js/123.a1b2c3d4.js': CHUNK,
    'static/css/main.0f1e2d3c4b.css': 'body{margin:0}',
    'static/js/plain.js': 'console.log(1)',
    'locales/en/common.json': JSON.stringify({ hello: 'Hello' }),
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    // A stray source map (production builds emit none): never served.
    'static/js/123.a1b2c3d4.js.map': '{"version":3,"sources":["secret.ts"]}',
  };
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  execFileSync(process.execPath, [path.join(REPO, 'scripts/compress-dist.mjs'), dir], { stdio: 'pipe' });
  return dir;
}

type Served = { url: string; child: ChildProcess };

/** Start cli.mjs and resolve with its URL once it prints its `{ url, port }` line. */
function serve(args: string[]): Promise<Served> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args, '--json', '--port', '0', '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 15_000);
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve({ url: JSON.parse(line).url, child });
      }
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
}

function stop(s?: Served): Promise<void> {
  if (!s || s.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    s.child.removeAllListeners('exit');
    s.child.once('exit', () => resolve());
    s.child.kill('SIGTERM');
  });
}

/** Raw GET: node's fetch decodes bodies itself, and we want to see the encoding actually sent. */
function raw(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('cache rules', () => {
  test.each([
    ['index.html', NO_CACHE],
    ['mf-manifest.json', NO_CACHE],
    ['remoteEntry.js', NO_CACHE],
    ['remoteEntry.js.br', NO_CACHE],
    ['runtime-config.json', NO_CACHE],
    ['locales/fr/campaigns.json', NO_CACHE],
    ['static/js/123.a1b2c3d4.js', IMMUTABLE],
    ['static/js/123.a1b2c3d4.js.gz', IMMUTABLE],
    ['static/js/async/lib-react.0123456789abcdef.js', IMMUTABLE],
    ['static/css/main.0f1e2d3c.css', IMMUTABLE],
    ['static/js/plain.js', NO_CACHE],
    ['static/js/123.xyz.js', NO_CACHE],
    // The website script: its loader keeps its URL, its surfaces' chunks are content-hashed.
    ['signpost.js', NO_CACHE],
    ['chunks/popup-Bx3kQ9aZ.js', IMMUTABLE],
    ['chunks/popup-Bx3kQ9aZ.js.br', IMMUTABLE],
  ])('%s → %s', (rel, expected) => {
    expect(cacheControlFor(rel)).toBe(expected);
  });

  test('asset paths versus client-side routes', () => {
    expect(isAssetPath('/static/js/1.abcdef12.js')).toBe(true);
    expect(isAssetPath('/mf-manifest.json')).toBe(true);
    expect(isAssetPath('/posts/123/update')).toBe(false);
    expect(isAssetPath('/user/jane.doe')).toBe(false);
  });
});

describe('security header rules', () => {
  const config = {
    apiBaseUrl: 'https://api.example.com',
    remotes: [
      { entry: 'http://localhost:3001/mf-manifest.json' },
      { entry: 'https://cdn.example.com/settings/v2/mf-manifest.json' },
      { entry: 'http://localhost:3001/mf-manifest.json' },
    ],
    identityProvider: null as null | { issuer: string },
  };

  test('inline scripts are hashed as the browser does (exact text, external scripts skipped)', () => {
    expect(inlineScriptHashes(INDEX)).toEqual([sha256(HEAD_SCRIPT), sha256(BODY_SCRIPT)]);
    expect(inlineScriptHashes('<script src="/a.js"></script><SCRIPT type="module">x()</SCRIPT>')).toEqual([sha256('x()')]);
  });

  test("the console's policy: scripts only from itself, its hashes and each remote's folder; no unsafe-inline or eval for scripts", () => {
    const csp = parseCsp(consoleCsp(config, { scriptHashes: ["'sha256-abc'"] }));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src']).toEqual(["'self'", "'sha256-abc'", 'http://localhost:3001/', 'https://cdn.example.com/settings/v2/']);
    expect(csp['style-src']).toContain("'unsafe-inline'");
    expect(csp['connect-src']).toEqual(["'self'", 'https://api.example.com/', 'http://localhost:3001/', 'https://cdn.example.com/settings/v2/']);
    expect(csp['img-src']).toEqual(expect.arrayContaining(['data:', 'blob:', 'https://api.example.com/uploads/']));
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['form-action']).toEqual(["'self'"]);
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  test('a moved remote, the identity provider and a separate uploads address follow the configuration', () => {
    const csp = parseCsp(
      consoleCsp({ ...config, identityProvider: { issuer: 'https://idp.example.com/realms/signpost' } }, { uploadsBaseUrl: 'https://images.example.com/' }),
    );
    expect(csp['connect-src']).toContain('https://idp.example.com');
    expect(csp['img-src']).toEqual(expect.arrayContaining(['https://api.example.com/uploads/', 'https://images.example.com/uploads/']));
    expect(csp['script-src']).not.toContain('https://idp.example.com');
  });

  test("a remote's own page: same script rule", () => {
    const csp = parseCsp(standaloneCsp({ scriptHashes: ["'sha256-abc'"] }));
    expect(csp['script-src']).toEqual(["'self'", "'sha256-abc'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  test("the demo customer site's policy: the snippet by hash, the website script's folder, no inline styles", () => {
    const csp = parseCsp(customerSiteCsp({ scriptHashes: ["'sha256-abc'"], scriptUrl: 'http://localhost:3006/signpost.js', apiUrl: 'http://localhost:4000' }));
    expect(csp['script-src']).toEqual(["'self'", "'sha256-abc'", 'http://localhost:3006/']);
    expect(csp['style-src']).not.toContain("'unsafe-inline'");
    expect(csp['connect-src']).toEqual(expect.arrayContaining(['http://localhost:4000/']));
    expect(Object.values(csp).flat()).not.toContain("'unsafe-eval'");
  });

  test('source maps are private paths', () => {
    expect(isPrivatePath('/static/js/main.0123456789.js.map')).toBe(true);
    expect(isPrivatePath('/static/js/main.0123456789.js.map.br?x=1')).toBe(true);
    expect(isPrivatePath('/static/js/main.0123456789.js')).toBe(false);
  });
});

describe('static server', () => {
  let dir: string;
  let remote: Served | undefined;
  let host: Served | undefined;
  const runtimeConfig = {
    apiBaseUrl: 'http://api.test',
    remotes: [{ name: 'remote_x', section: 'x', entry: 'https://cdn.example.test/x/v2/mf-manifest.json', basePaths: ['/x'] }],
    identityProvider: null,
  };
  let allowList: Served | undefined;
  let proxied: Served | undefined;

  beforeAll(async () => {
    dir = makeDist();
    const configFile = path.join(dir, '..', `${path.basename(dir)}-runtime-config.json`);
    writeFileSync(configFile, JSON.stringify(runtimeConfig));
    [remote, host, allowList, proxied] = await Promise.all([
      serve([dir]),
      serve([dir, '--spa', '--no-cors', '--runtime-config', configFile]),
      serve([dir, '--cors-origin', 'http://console.test,http://127.0.0.1:3000']),
      serve([dir, '--trust-proxy']),
    ]);
    rmSync(configFile);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([stop(remote), stop(host), stop(allowList), stop(proxied)]);
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  test('manifest and remote entry are no-cache, with CORS for the cross-origin host', async () => {
    for (const p of ['/mf-manifest.json', '/remoteEntry.js']) {
      const res = await fetch(`${remote!.url}${p}`, { headers: { origin: 'http://localhost:3000' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe(NO_CACHE);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('etag')).toBeTruthy();
    }
  });

  test('hashed chunks are immutable for a year', async () => {
    const res = await fetch(`${remote!.url}/static/js/123.a1b2c3d4.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(await res.text()).toBe(CHUNK);
    const css = await fetch(`${remote!.url}/static/css/main.0f1e2d3c4b.css`);
    expect(css.headers.get('cache-control')).toBe(IMMUTABLE);
  });

  test('translation files and unhashed files are revalidated', async () => {
    const loc = await fetch(`${remote!.url}/locales/en/common.json`);
    expect(loc.status).toBe(200);
    expect(loc.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await loc.json()).toEqual({ hello: 'Hello' });
    const plain = await fetch(`${remote!.url}/static/js/plain.js`);
    expect(plain.headers.get('cache-control')).toBe(NO_CACHE);
  });

  test('precompressed siblings are sent when accepted: br first, then gzip, else identity', async () => {
    const url = `${remote!.url}/static/js/123.a1b2c3d4.js`;
    const br = await raw(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(CHUNK);

    const gz = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.length).toBeLessThan(CHUNK.length);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(CHUNK);

    const identity = await raw(url);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body.toString()).toBe(CHUNK);

    const entry = await raw(`${remote!.url}/remoteEntry.js`, { 'accept-encoding': 'gzip' });
    expect(entry.headers['content-encoding']).toBe('gzip');
    expect(entry.headers['cache-control']).toBe(NO_CACHE);
  });

  test('a remote answers 404 for unknown paths, with CORS', async () => {
    const res = await fetch(`${remote!.url}/login`);
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('the host answers index.html (no-cache) for client-side routes', async () => {
    for (const p of ['/', '/login', '/posts/123/update', '/user/jane.doe']) {
      const res = await fetch(`${host!.url}${p}`, { headers: { accept: 'text/html' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe(NO_CACHE);
      expect(await res.text()).toBe(INDEX);
    }
  });

  test('the host answers a real 404 for missing scripts and JSON', async () => {
    for (const p of ['/static/js/999.deadbeef.js', '/missing.json', '/locales/xx/none.json']) {
      const res = await fetch(`${host!.url}${p}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/text\/html/);
    }
  });

  test('runtime config is served from the given object, no-cache', async () => {
    const res = await fetch(`${host!.url}/runtime-config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(NO_CACHE);
    expect(await res.json()).toEqual(runtimeConfig);
  });

  test('CORS preflight is answered', async () => {
    const res = await fetch(`${remote!.url}/mf-manifest.json`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });

  test('every answer: nosniff, never framed, no referrer', async () => {
    for (const url of [`${host!.url}/`, `${host!.url}/runtime-config.json`, `${remote!.url}/remoteEntry.js`, `${remote!.url}/nope.js`]) {
      const res = await fetch(url);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });

  test('Strict-Transport-Security only when the request came over HTTPS (as a trusted proxy says)', async () => {
    const HSTS = 'max-age=31536000; includeSubDomains';
    for (const url of [`${proxied!.url}/index.html`, `${proxied!.url}/remoteEntry.js`, `${proxied!.url}/nope.js`]) {
      const https = await fetch(url, { headers: { 'x-forwarded-proto': 'https' } });
      expect(https.headers.get('strict-transport-security')).toBe(HSTS);
      const http = await fetch(url, { headers: { 'x-forwarded-proto': 'http' } });
      expect(http.headers.get('strict-transport-security')).toBeNull();
      expect((await fetch(url)).headers.get('strict-transport-security')).toBeNull();
    }
    // Without --trust-proxy the header is anybody's to forge: plain HTTP, no HSTS.
    const forged = await fetch(`${remote!.url}/index.html`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
  });

  test("the console's page: a CSP from its runtime config, with the hashes of its inline scripts, and no CORS", async () => {
    for (const p of ['/', '/login', '/posts/123/update']) {
      const res = await fetch(`${host!.url}${p}`, { headers: { accept: 'text/html', origin: 'http://evil.test' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      const csp = parseCsp(res.headers.get('content-security-policy'));
      expect(csp['script-src']).toEqual(["'self'", sha256(HEAD_SCRIPT), sha256(BODY_SCRIPT), 'https://cdn.example.test/x/v2/']);
      expect(csp['connect-src']).toEqual(["'self'", 'http://api.test/', 'https://cdn.example.test/x/v2/']);
      expect(csp['img-src']).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'http://api.test/uploads/']));
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['object-src']).toEqual(["'none'"]);
      expect(csp['base-uri']).toEqual(["'self'"]);
    }
  });

  test('a remote deployed alone: its page has a CSP and no CORS, its files CORS to any origin', async () => {
    const page = await fetch(`${remote!.url}/index.html`, { headers: { origin: 'http://console.test' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('access-control-allow-origin')).toBeNull();
    const csp = parseCsp(page.headers.get('content-security-policy'));
    expect(csp['script-src']).toEqual(["'self'", sha256(HEAD_SCRIPT), sha256(BODY_SCRIPT)]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
  });

  test('a remote with --cors-origin answers CORS to those origins only, and varies on Origin', async () => {
    const allowed = await raw(`${allowList!.url}/mf-manifest.json`, { origin: 'http://console.test', 'accept-encoding': 'gzip' });
    expect(allowed.status).toBe(200);
    expect(allowed.headers['access-control-allow-origin']).toBe('http://console.test');
    expect(String(allowed.headers.vary)).toMatch(/origin/i);
    const second = await fetch(`${allowList!.url}/static/js/123.a1b2c3d4.js`, { headers: { origin: 'http://127.0.0.1:3000' } });
    expect(second.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    const other = await fetch(`${allowList!.url}/mf-manifest.json`, { headers: { origin: 'http://evil.test' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  test('source maps are never served, even when one is in dist/', async () => {
    for (const server of [remote!, host!]) {
      const res = await fetch(`${server.url}/static/js/123.a1b2c3d4.js.map`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('secret.ts');
    }
  });

  test('refuses to start on a missing directory', async () => {
    await expect(serve([path.join(dir, 'nope')])).rejects.toThrow(/not a directory/);
  });
});

describe('runtime config from the environment', () => {
  const run = (env: Record<string, string>) =>
    JSON.parse(
      execFileSync(process.execPath, [path.join(REPO, 'scripts/runtime-config.mjs')], {
        env: { PATH: process.env.PATH ?? '', ...env },
      }).toString(),
    );

  test('defaults: local API and remotes, no identity provider', () => {
    const config = run({});
    expect(config.apiBaseUrl).toBe('http://localhost:4000');
    expect(config.identityProvider).toBeNull();
    expect(config.remotes.map((r: { entry: string }) => r.entry)).toEqual([
      'http://localhost:3001/mf-manifest.json',
      'http://localhost:3002/mf-manifest.json',
      'http://localhost:3003/mf-manifest.json',
      'http://localhost:3004/mf-manifest.json',
    ]);
    expect(config.remotes[2]).toMatchObject({ name: 'remote_settings', section: 'settings' });
    expect(config.remotes[2].basePaths).toContain('/installation-guide');
  });

  test('env overrides, and the identity provider needs both issuer and client id', () => {
    expect(run({ OIDC_ISSUER: 'https://idp.test' }).identityProvider).toBeNull();
    const config = run({
      SIGNPOST_API_URL: 'https://api.example.com/',
      SIGNPOST_REMOTE_SETTINGS_URL: 'https://cdn.example.com/settings/v2',
      OIDC_ISSUER: 'https://idp.test',
      OIDC_CLIENT_ID: 'signpost',
      OIDC_SCOPES: 'groups,,offline_access',
    });
    expect(config.apiBaseUrl).toBe('https://api.example.com');
    expect(config.remotes[2].entry).toBe('https://cdn.example.com/settings/v2/mf-manifest.json');
    expect(config.identityProvider).toEqual({
      issuer: 'https://idp.test',
      clientId: 'signpost',
      flow: 'token',
      scopes: ['groups', 'offline_access'],
      name: 'SSO',
    });
  });
});
