// Browser measurements of `pnpm bench`, in Debian's headless Chromium through playwright-core:
// the JavaScript bytes the sign-in page and each remote's first screen load, and the sign-in page's
// Largest Contentful Paint under 4x CPU slowdown.
import { existsSync } from 'node:fs';
import http from 'node:http';

import { CHROMIUM_ARGS as ARGS, CHROMIUM_PATH as CHROMIUM } from '../../tooling/chromium.mjs';

export { CHROMIUM };
const NAV_TIMEOUT = 60_000;

export async function launch() {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing (apt-get install -y chromium)`);
  const { chromium } = await import('playwright-core');
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 60_000 });
}

const isJs = (response) => {
  const type = response.request().resourceType();
  const ct = response.headers()['content-type'] ?? '';
  return type === 'script' || /javascript/.test(ct) || /\.m?js(\?|$)/.test(response.url());
};

/**
 * Load `url` in a fresh context (clean profile and cache) asking for gzip only, wait for network
 * idle, and return every JavaScript response with its encoded (over-the-wire body) size.
 * `setup(context)` may seed storage first.
 */
async function loadAndCollectJs(browser, url, setup) {
  // gzip only: the figure is comparable from run to run and with the budgets, which are gzip
  // figures (brotli would be ~15% less).
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  try {
    if (setup) await setup(context);
    const page = await context.newPage();
    const seen = [];
    page.on('requestfinished', (request) => seen.push(request));
    await page.goto(url, { waitUntil: 'networkidle', timeout: NAV_TIMEOUT });
    const files = [];
    for (const request of seen) {
      const response = await request.response();
      if (!response || !isJs(response)) continue;
      const sizes = await request.sizes();
      files.push({
        url: request.url(),
        origin: new URL(request.url()).origin,
        bytes: sizes.responseBodySize,
        encoding: response.headers()['content-encoding'] ?? 'identity',
      });
    }
    return { files, finalUrl: page.url() };
  } finally {
    await context.close();
  }
}

const sum = (files) => files.reduce((n, f) => n + f.bytes, 0);

/** gzip bytes of every JavaScript file the sign-in page loads before the network goes idle. */
export async function signInPageJs(browser, hostUrl) {
  const { files } = await loadAndCollectJs(browser, `${hostUrl}/login`);
  return { total: sum(files), files: files.sort((a, b) => b.bytes - a.bytes) };
}

/** Size of a file as sent with `Accept-Encoding: gzip` (the precompressed .gz sibling when there is one). */
export function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'gzip' }, timeout: 10_000 }, (res) => {
      let n = 0;
      res.on('data', (c) => (n += c.length));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve({ bytes: n, encoding: res.headers['content-encoding'] ?? 'identity' })
          : reject(new Error(`${url}: HTTP ${res.statusCode}`)),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`${url}: timeout`)));
    req.on('error', reject);
  });
}

/**
 * Sign in through the API and return an init script that puts the session where shared-auth reads
 * it (its localStorage keys), on the host's origin only.
 */
export async function signInSession(apiUrl, hostUrl, email, password) {
  const res = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} answered HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const { data } = await res.json();
  const items = {
    access_token: data.access_token,
    refresh_token: data.refresh_token,
    refresh_token_expires_at: data.refresh_token_expires_at,
    activeWebsite: data.user?.websites?.[0]?._id ?? '',
    i18nextLng: 'en',
  };
  const origin = new URL(hostUrl).origin;
  return async (context) => {
    await context.addInitScript(
      ([o, entries]) => {
        if (location.origin !== o) return;
        for (const [k, v] of Object.entries(entries)) if (v) localStorage.setItem(k, v);
      },
      [origin, items],
    );
  };
}

/**
 * For each remote: its remoteEntry.js gzip bytes, and the JavaScript its first screen fetches from
 * the remote's own origin when the host opens that screen for a signed-in user (shared singletons
 * come from the host, so they are not counted: they are already loaded by then).
 */
/** The first screen of each remote that has screens; the others show their first base path. */
// remote_campaigns: its heaviest screen, the popup editor (a create route; any workspace id opens it).
const FIRST_SCREEN = { remote_settings: '/role', remote_dashboard: '/dashboard', remote_campaigns: '/posts/00000000-0000-4000-8000-000000000000/create' };

export async function remoteFirstScreens(browser, { hostUrl, remotes, session }) {
  const out = [];
  for (const remote of remotes) {
    const origin = new URL(remote.entry).origin;
    const route = FIRST_SCREEN[remote.name] ?? remote.basePaths[0];
    const row = { name: remote.name, route, origin };
    try {
      row.entry = (await gzipBytes(`${origin}/remoteEntry.js`)).bytes;
    } catch (err) {
      row.error = err.message;
    }
    try {
      const { files, finalUrl } = await loadAndCollectJs(browser, `${hostUrl}${route}`, session);
      const own = files.filter((f) => f.origin === origin);
      row.firstScreen = sum(own);
      row.files = own.length;
      row.landedOn = new URL(finalUrl).pathname;
    } catch (err) {
      row.error = [row.error, err.message].filter(Boolean).join('; ');
    }
    out.push(row);
  }
  return out;
}

/**
 * LCP of `url` under CPU throttling (CDP Emulation.setCPUThrottlingRate), each run in a fresh
 * context; returns every run and the median.
 */
export async function lcp(browser, url, { runs = 5, cpuRate = 4 } = {}) {
  const values = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__lcp = null;
        window.__lcpAt = 0;
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          window.__lcp = entries[entries.length - 1].startTime;
          window.__lcpAt = performance.now();
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(url, { waitUntil: 'networkidle', timeout: NAV_TIMEOUT });
      // Under 4x slowdown the network can go idle while the app is still executing and has painted
      // nothing yet: wait for an LCP entry, then until no larger candidate arrived for a second.
      await page
        .waitForFunction(() => window.__lcp !== null && performance.now() - window.__lcpAt > 1000, null, {
          polling: 200,
          timeout: 30_000,
        })
        .catch(() => {});
      const value = await page.evaluate(() => window.__lcp);
      if (typeof value !== 'number') throw new Error('no largest-contentful-paint entry within 30 s of network idle');
      values.push(Math.round(value));
    } finally {
      await context.close();
    }
  }
  const sorted = [...values].sort((a, b) => a - b);
  return { runs: values, median: sorted[Math.floor(sorted.length / 2)] };
}

/**
 * Time to interactive of a signed-in screen under CPU throttling, each run in a fresh context: from
 * navigation start to when `readySelector` is visible (the screen is drawn and takes input) or, if
 * later, the end of the last long task (≥ 50 ms) before a quiet second with none (Lighthouse's idea
 * of TTI, with the screen's own control standing for the first paint).
 */
export async function screenTti(browser, url, { setup, readySelector, runs = 3, cpuRate = 4 } = {}) {
  const values = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
    try {
      if (setup) await setup(context);
      const page = await context.newPage();
      await page.addInitScript(() => {
        window.__longTaskEnds = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTaskEnds.push(e.startTime + e.duration);
        }).observe({ type: 'longtask', buffered: true });
      });
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(url, { waitUntil: 'domcontentloaded', timeout: NAV_TIMEOUT });
      await page.waitForSelector(readySelector, { state: 'visible', timeout: NAV_TIMEOUT });
      const readyAt = await page.evaluate(() => performance.now());
      await page
        .waitForFunction(() => performance.now() - Math.max(0, ...window.__longTaskEnds) > 1000, null, { polling: 100, timeout: 30_000 })
        .catch(() => {});
      const lastLongTask = await page.evaluate(() => Math.max(0, ...window.__longTaskEnds));
      values.push(Math.round(Math.max(readyAt, lastLongTask)));
    } finally {
      await context.close();
    }
  }
  const sorted = [...values].sort((a, b) => a - b);
  return { runs: values, median: sorted[Math.floor(sorted.length / 2)] };
}

/**
 * Counts the gzip bytes of the JavaScript a page fetches from now on; `total()` waits until the
 * network is idle (late chunks included) and stops counting. Cached answers count nothing.
 */
function countJsBytes(page) {
  let bytes = 0;
  const pending = [];
  const onFinished = (request) =>
    pending.push(
      (async () => {
        const response = await request.response();
        if (response && isJs(response)) bytes += Math.max(0, (await request.sizes()).responseBodySize);
      })().catch(() => {}),
    );
  page.on('requestfinished', onFinished);
  return {
    async total() {
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(500);
      page.off('requestfinished', onFinished);
      await Promise.all(pending);
      return bytes;
    },
  };
}

/**
 * `page` on /login at `cpuRate`x CPU slowdown, the form filled in and looked at for a second, as a
 * person would before clicking Sign in (the console's profiling scripts start from here).
 */
export async function signInTyped(page, hostUrl, { email, password, cpuRate = 4 }) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await page.goto(`${hostUrl}/login`, { waitUntil: 'networkidle', timeout: NAV_TIMEOUT });
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.waitForTimeout(1000);
}

/**
 * The console as a user meets it right after signing in, under CPU throttling:
 * a fresh context opens /login, the user types and clicks Sign in; measured from that click to
 * the dashboard's first figure painted and to its first chart drawn, with the gzip JavaScript the
 * console fetched after the click. Then a repeat visit in the same context (everything cached,
 * the session stored): a reload of /dashboard, from navigation to the same two moments.
 * Each run in a fresh context; returns every run and the medians.
 */
export async function consoleAfterSignIn(browser, hostUrl, { email, password, runs = 3, cpuRate = 4 } = {}) {
  const figure = '[data-testid="stat-usersConnected-value"]';
  const chart = '[data-testid="chart-users-connected"] canvas';
  const first = [];
  const repeat = [];
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(`${hostUrl}/login`, { waitUntil: 'networkidle', timeout: NAV_TIMEOUT });
      // From the first keystroke: what the sign-in page fetches while the person types (it may
      // prefetch the console), listed in the waterfall at negative times.
      const requests = recordRequests(page);
      const jsWhileTyping = countJsBytes(page);
      await page.locator('input[name="email"]').fill(email);
      await page.locator('input[name="password"]').fill(password);
      // What a person does: they have looked at the page for a moment before clicking.
      await page.waitForTimeout(1000);
      const jsBeforeClick = await jsWhileTyping.total();
      const jsAfterClick = countJsBytes(page);
      const clickedAt = Date.now();
      await page.locator('button[type="submit"]').click();
      await page.waitForSelector(figure, { state: 'visible', timeout: NAV_TIMEOUT });
      const figuresAt = Date.now();
      await page.waitForSelector(chart, { state: 'visible', timeout: NAV_TIMEOUT });
      const chartAt = Date.now();
      const jsBytes = await jsAfterClick.total();
      first.push({
        figures: figuresAt - clickedAt,
        chart: chartAt - clickedAt,
        jsBytes,
        jsBeforeClick,
        waterfall: await requests.stop(clickedAt, { figures: figuresAt - clickedAt, chart: chartAt - clickedAt }),
      });

      // Repeat visit: same context, the session and the HTTP cache kept.
      await page.waitForTimeout(500);
      const jsOnReload = countJsBytes(page);
      const reloadAt = Date.now();
      await page.reload({ waitUntil: 'commit' });
      await page.waitForSelector(figure, { state: 'visible', timeout: NAV_TIMEOUT });
      const rFiguresAt = Date.now();
      await page.waitForSelector(chart, { state: 'visible', timeout: NAV_TIMEOUT });
      const rChartAt = Date.now();
      repeat.push({ figures: rFiguresAt - reloadAt, chart: rChartAt - reloadAt, jsBytes: await jsOnReload.total() });
    } finally {
      await context.close();
    }
  }
  const median = (list, key) => [...list.map((r) => r[key])].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const summary = (list) => ({
    runs: list,
    figures: median(list, 'figures'),
    chart: median(list, 'chart'),
    jsBytes: median(list, 'jsBytes'),
    jsBeforeClick: list[0]?.jsBeforeClick == null ? undefined : median(list, 'jsBeforeClick'),
  });
  // The waterfall of the first visit whose figures time is the median one.
  const medianRun = [...first].sort((a, b) => a.figures - b.figures)[Math.floor(first.length / 2)];
  return { first: summary(first), repeat: summary(repeat), waterfall: medianRun?.waterfall };
}

/**
 * Every request the page makes from now on: start and end (ms after `t0` given to stop()), gzip
 * size, type and URL; stop() returns them as the lines of a waterfall, with the moments in `marks`.
 */
function recordRequests(page) {
  const rows = [];
  const onRequest = (request) => rows.push({ request, start: Date.now() });
  const onDone = (request) => {
    const row = rows.find((r) => r.request === request);
    if (!row) return;
    row.end = Date.now();
    row.sizes = request.sizes().catch(() => null);
  };
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  page.on('requestfailed', onDone);
  return {
    async stop(t0, marks) {
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
      const lines = [];
      for (const row of rows) {
        const u = new URL(row.request.url());
        const size = (await row.sizes)?.responseBodySize;
        lines.push({
          at: row.start - t0,
          text: `${String(row.start - t0).padStart(6)} → ${row.end == null ? '     ?' : String(row.end - t0).padStart(6)} ms  ${row.request.method().padEnd(5)} ${row.request.resourceType().padEnd(9)} ${size == null ? '      –' : String(size).padStart(7)}  :${u.port}${u.pathname}${u.search.length > 40 ? `${u.search.slice(0, 40)}…` : u.search}`,
        });
      }
      for (const [name, at] of Object.entries(marks)) lines.push({ at, text: `${String(at).padStart(6)} ms  ── ${name} visible ──` });
      lines.push({ at: 0, text: `${'0'.padStart(6)} ms  ── Sign in clicked ──` });
      return lines.sort((a, b) => a.at - b.at).map((l) => l.text);
    },
  };
}
