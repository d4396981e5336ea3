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
import { cacheControlFor, isAssetPath, NO_CACHE, IMMUTABLE } from './cache-rules.cjs';

const REPO = path.resolve(__dirname, '../..');
const CLI = path.join(__dirname, 'cli.mjs');
const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
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

describe('static server', () => {
  let dir: string;
  let remote: Served | undefined;
  let host: Served | undefined;
  const runtimeConfig = { apiBaseUrl: 'http://api.test', remotes: [], identityProvider: null };

  beforeAll(async () => {
    dir = makeDist();
    const configFile = path.join(dir, '..', `${path.basename(dir)}-runtime-config.json`);
    writeFileSync(configFile, JSON.stringify(runtimeConfig));
    [remote, host] = await Promise.all([serve([dir]), serve([dir, '--spa', '--runtime-config', configFile])]);
    rmSync(configFile);
  }, 30_000);
  afterAll(async () => {
    await Promise.all([stop(remote), stop(host)]);
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
