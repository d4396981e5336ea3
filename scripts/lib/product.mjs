// Runs the built product: the API (a child process, `node api/dist/main.js`) and the five static
// servers (in this process, tooling/serve/static-server.mjs). Used by `pnpm start`, by `pnpm bench`,
// and meant for Playwright's globalSetup, so the tests drive the product exactly as the README
// starts it.
//
//   const product = await startProduct({ dataDir, env, apps, control: 3999 });
//   await product.stopApp('remote-settings');   // the remote is down: its section must degrade alone
//   await product.startApp('remote-settings');  // and come back
//   await product.stop();
//
// Playwright's test workers are other processes than its globalSetup, so `control` (a port) also
// exposes the same operations over loopback HTTP: GET /apps, POST /apps/<name>/stop|start.
import http from 'node:http';
import path from 'node:path';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { startStaticServer, customerSiteCsp } from '../../tooling/serve/static-server.mjs';
import { trustProxyFromEnv } from '../../tooling/serve/trust-proxy.mjs';
import { buildRuntimeConfig, REMOTES } from '../runtime-config.mjs';
import { ROOT, spawnPrefixed, killTree, waitForHttp, isPortFree } from './proc.mjs';
import { demoIdentitySigner, demoSiteRoutes, isCorpusPage, prepareDemoSite } from './demo-site.mjs';

export const DEFAULT_DATA_DIR = path.join(ROOT, '.data', 'api');

/**
 * Apps beside the console: the website script's files, which customers' pages load from
 * any origin, and a demo customer site that loads it (its pages are written at start from the API's
 * install snippet, so it comes after the API).
 */
export const EXTRA_APPS = [
  { name: 'website-script', port: 3006, kind: 'website-script' },
  { name: 'demo-site', port: 3005, kind: 'demo-site' },
];

/**
 * Every app of the product with its default port, in start order (API first: the host needs it).
 * The remotes come from their registry (contracts/src/remotes.json); other apps are listed here.
 */
export const APPS = [
  { name: 'api', port: 4000, kind: 'api' },
  { name: 'host', port: 3000, kind: 'static', spa: true },
  ...REMOTES.map((r) => ({ name: r.app, port: r.port, kind: 'static', spa: false })),
  ...EXTRA_APPS,
];

/** Where the website script's loader is served (what the install snippet loads). */
export const WEBSITE_SCRIPT_FILE = 'signpost.js';
/** The remotes' app names (`remote-settings`…), in registry order. */
export const REMOTE_APP_NAMES = REMOTES.map((r) => r.app);
export const APP_NAMES = APPS.map((a) => a.name);

/** Validate an `--only=a,b` list against the known app names. */
export function parseApps(list) {
  if (!list) return [...APP_NAMES];
  const names = list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !APP_NAMES.includes(n));
  if (unknown.length) throw new Error(`unknown app(s): ${unknown.join(', ')} (known: ${APP_NAMES.join(', ')})`);
  return APP_NAMES.filter((n) => names.includes(n));
}

/**
 * @param {object} options
 * @param {string} [options.dataDir]  the API's DATA_DIR (PGlite files, outbox, uploads)
 * @param {Record<string,string>} [options.env]  extra env for the API and the runtime config
 * @param {string[]} [options.apps]  subset of APP_NAMES to start (default: all)
 * @param {Record<string,number>} [options.ports]  port overrides by app name
 * @param {string} [options.host]  interface the static servers bind (default 0.0.0.0)
 * @param {string} [options.hostname]  name in the URLs handed out (runtime config, banner); default localhost
 * @param {number} [options.control]  port of the loopback control API (off by default)
 * @param {boolean} [options.quiet]  do not echo the API's output (it is still kept for errors)
 * @param {number} [options.apiTimeoutMs]  how long to wait for /api/health
 */
export async function startProduct({
  dataDir = DEFAULT_DATA_DIR,
  env = {},
  apps = APP_NAMES,
  ports = {},
  host = '0.0.0.0',
  hostname = 'localhost',
  control,
  quiet = false,
  apiTimeoutMs = 120_000,
} = {}) {
  const portOf = (name) => ports[name] ?? APPS.find((a) => a.name === name).port;
  const url = (name) => `http://${hostname}:${portOf(name)}`;

  // The host's runtime config points at the ports actually used unless the caller's env says otherwise.
  // An empty value counts as unset.
  const configEnv = { ...process.env, ...env };
  const urlDefaults = {
    SIGNPOST_API_URL: url('api'),
    ...Object.fromEntries(REMOTES.map((r) => [r.env, url(r.app)])),
  };
  for (const [k, v] of Object.entries(urlDefaults)) if (!configEnv[k]) configEnv[k] = v;
  const runtimeConfig = buildRuntimeConfig(configEnv);
  const apiEnv = {
    ...process.env,
    ...env,
    PORT: String(portOf('api')),
    DATA_DIR: dataDir,
  };
  // The console's origin, for links the API writes (reset-password mails, invitations), and the
  // origins allowed to call it: the API's defaults assume the console's and the registry's ports, so only moved ports need them.
  apiEnv.PUBLIC_APP_URL ??= url('host');
  // What the install snippet loads (contracts' buildInstallSnippet `scriptUrl`): the served script.
  apiEnv.WEBSITE_SCRIPT_URL ??= `${url('website-script')}/${WEBSITE_SCRIPT_FILE}`;
  if (Object.keys(ports).some((n) => n !== 'api') && !apiEnv.CORS_ORIGINS) {
    apiEnv.CORS_ORIGINS = APP_NAMES.filter((n) => n !== 'api')
      .flatMap((n) => [`http://localhost:${portOf(n)}`, `http://127.0.0.1:${portOf(n)}`])
      .join(',');
  }

  // With a control API, the tests may move the API's clock (a schedule's start, without waiting for it).
  const clockFile = control ? path.join(dataDir, 'clock-offset-ms') : null;
  if (clockFile) apiEnv.CLOCK_OFFSET_FILE = clockFile;

  /** name → { stop(): Promise<void> } for what is running now. */
  const running = new Map();

  async function startApi() {
    const main = path.join(ROOT, 'api/dist/main.js');
    if (!existsSync(main)) throw new Error('api/dist/main.js is missing: build it with `pnpm --filter api build`');
    if (!(await isPortFree(portOf('api')))) {
      throw new Error(`port ${portOf('api')} is already in use (another \`pnpm start\`?): cannot start the API`);
    }
    await mkdir(dataDir, { recursive: true });
    // A run starts on the real time, whatever an earlier run on this data folder left.
    if (clockFile) await writeFile(clockFile, '0');
    const child = spawnPrefixed('api', process.execPath, [main], { env: apiEnv, silent: quiet });
    const exitedEarly = child.exited.then((code) => `the API exited with code ${code}:\n${child.tail()}`);
    try {
      await waitForHttp(`${url('api')}/api/health`, {
        timeoutMs: apiTimeoutMs,
        abort: exitedEarly,
        accept: async (res) => res.ok && (await res.json().catch(() => ({}))).ok === true,
      });
    } catch (err) {
      await killTree(child);
      throw err;
    }
    const handle = { stop: () => killTree(child), child };
    // A crash after start-up is reported (the static servers keep serving; the console shows its
    // own errors), and the app is marked stopped so startApp('api') can bring it back.
    child.exited.then((code) => {
      if (running.get('api') === handle) {
        running.delete('api');
        console.error(`${quiet ? `the API exited unexpectedly (code ${code}):\n${child.tail()}` : `[api] exited unexpectedly (code ${code})`}`);
      }
    });
    return handle;
  }

  // The console's origins: the only pages that fetch the remotes' files cross-origin (the console
  // itself is fetched by nobody else, so it answers no CORS at all).
  const consoleOrigins = [...new Set([url('host'), `http://localhost:${portOf('host')}`, `http://127.0.0.1:${portOf('host')}`])];

  async function startStatic(app, overrides = {}) {
    const root = path.join(ROOT, app.name, 'dist');
    const isHost = app.name === 'host';
    try {
      const server = await startStaticServer({
        root,
        port: portOf(app.name),
        host,
        spa: app.spa,
        cors: isHost ? false : consoleOrigins,
        // Also the source of the console's Content-Security-Policy (remote origins, API, identity provider).
        runtimeConfig: isHost ? runtimeConfig : undefined,
        uploadsBaseUrl: apiEnv.PUBLIC_API_URL || null,
        // Behind the same proxy as the API: its X-Forwarded-Proto tells whether HTTPS was used (HSTS).
        trustProxy: trustProxyFromEnv(apiEnv.TRUST_PROXY),
        ...overrides,
      });
      return { stop: () => server.close(), server };
    } catch (err) {
      if (err.code === 'EADDRINUSE') {
        throw new Error(`port ${portOf(app.name)} is already in use (another \`pnpm start\`?): cannot serve ${app.name}`, {
          cause: err,
        });
      }
      throw err;
    }
  }

  const scriptDist = path.join(ROOT, 'website-script', 'dist');
  const scriptBuilt = () => existsSync(path.join(scriptDist, WEBSITE_SCRIPT_FILE));

  /**
   * The website script's dist/: CORS to any origin (customers' pages load it; it is public), the
   * loader `no-cache` and the hashed chunks immutable (cache-rules.cjs). Until the package is built
   * (or exists on this branch) it is not served, with a message saying so.
   */
  async function startWebsiteScript(app) {
    if (!scriptBuilt()) {
      const why = existsSync(path.join(ROOT, 'website-script'))
        ? `website-script/dist/${WEBSITE_SCRIPT_FILE} is missing: build it with \`pnpm --filter website-script build\``
        : 'there is no website-script/ package in this checkout yet';
      console.error(`website-script not served on port ${portOf(app.name)}: ${why}`);
      return null;
    }
    return startStatic(app, { root: scriptDist, cors: true });
  }

  /** The demo customer site: pages written from the API's install snippet, under a customer-like CSP. */
  async function startDemoSite(app) {
    const outDir = path.join(dataDir, 'demo-site');
    const admin = {
      api: url('api'),
      email: apiEnv.SEED_ADMIN_EMAIL || 'admin@signpost.local',
      password: apiEnv.SEED_ADMIN_PASSWORD || 'Signpost-admin-1',
      siteHost: new URL(url(app.name)).host,
    };
    const { notice } = await prepareDemoSite({ outDir, ...admin, scriptBuilt: scriptBuilt(), consoleUrl: url('host') });
    if (notice) console.error(`demo-site: ${notice}`);
    const scriptUrl = apiEnv.WEBSITE_SCRIPT_URL;
    return startStatic(app, {
      root: outDir,
      spa: true,
      cors: false,
      // The test corpus's third-party apps compile their templates in the browser, as they were written to.
      pageCsp: ({ scriptHashes, page }) =>
        customerSiteCsp({ scriptHashes, scriptUrl, apiUrl: apiEnv.PUBLIC_API_URL || runtimeConfig.apiBaseUrl, compilesAtRunTime: isCorpusPage(page) }),
      // "Sign in as Ada": the site's server signs her id for Signpost's identity verification.
      routes: demoSiteRoutes(demoIdentitySigner(admin)),
    });
  }

  /** `root`: serve a static app from another build of it (the version-skew tests' older deploy). */
  async function startApp(name, { root } = {}) {
    const app = APPS.find((a) => a.name === name);
    if (!app) throw new Error(`unknown app ${name}`);
    if (running.has(name)) return;
    if (root && app.kind !== 'static') throw new Error(`${name} is not served from a folder`);
    const start = { api: startApi, 'website-script': startWebsiteScript, 'demo-site': startDemoSite }[app.kind] ?? startStatic;
    const handle = await (root ? startStatic(app, { root }) : start(app));
    if (handle) running.set(name, handle);
  }

  async function stopApp(name) {
    const handle = running.get(name);
    if (!handle) return;
    running.delete(name);
    await handle.stop();
  }

  let controlServer;
  async function stop() {
    if (controlServer) await new Promise((r) => controlServer.close(r));
    // Static servers first (they are instant), the API last so in-flight requests can finish.
    const names = [...running.keys()].reverse();
    await Promise.allSettled(names.map((n) => stopApp(n)));
  }

  try {
    for (const name of APP_NAMES.filter((n) => apps.includes(n))) await startApp(name);
    if (control) controlServer = await startControl(control, { startApp, stopApp, running, clockFile });
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    urls: Object.fromEntries(APP_NAMES.map((n) => [n, url(n)])),
    dataDir,
    runtimeConfig,
    running: () => [...running.keys()],
    startApp,
    stopApp,
    stop,
  };
}

/**
 * Loopback-only HTTP control for test workers: GET /apps, POST /apps/<name>/stop, POST /apps/<name>/start
 * (body `{"root": "<dist folder>"}` to serve a static app from another build of it),
 * PUT /clock with `{"offsetMs": n}` (the API's clock runs n ms ahead from then; 0 puts it back).
 */
function startControl(port, { startApp, stopApp, running, clockFile }) {
  const server = http.createServer(async (req, res) => {
    const answer = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const m = req.url.match(/^\/apps\/([\w-]+)\/(stop|start)$/);
      if (req.method === 'GET' && req.url === '/apps') return answer(200, { running: [...running.keys()] });
      if (req.method === 'PUT' && req.url === '/clock') {
        let body = '';
        for await (const chunk of req) body += chunk;
        const offsetMs = Number(JSON.parse(body || '{}').offsetMs);
        if (!Number.isFinite(offsetMs)) return answer(400, { message: 'PUT /clock {"offsetMs": <number>}' });
        await writeFile(clockFile, String(Math.round(offsetMs)));
        // The API polls the file every 50 ms (api/src/lib/offset-clock.ts): answer once it has read it.
        await new Promise((r) => setTimeout(r, 250));
        return answer(200, { offsetMs });
      }
      if (req.method === 'POST' && m) {
        let body = '';
        for await (const chunk of req) body += chunk;
        const { root } = JSON.parse(body || '{}');
        await (m[2] === 'stop' ? stopApp(m[1]) : startApp(m[1], { root }));
        return answer(200, { running: [...running.keys()] });
      }
      answer(404, { message: 'GET /apps, POST /apps/<name>/stop, POST /apps/<name>/start, PUT /clock' });
    } catch (err) {
      answer(500, { message: err.message });
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}
