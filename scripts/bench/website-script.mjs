// The website script's figures of `pnpm bench`: what the script costs a customer's page.
//
//  1. gzip bytes of the built loader (signpost.js) and of each surface chunk, read from
//     website-script/dist and gzipped here (level 9, as tooling/checks/website-script-budget.test.ts);
//  2. a plain customer-like page served by this bench on loopback, with and without the installation
//     snippet exactly as GET /api/websites/{id}/install-snippet answers it for a bench website whose
//     domain is that page's localhost:<port> (the API refuses other page origins), loaded in headless
//     Chromium at 4x CPU slowdown, each load in a fresh context (a new visitor, an empty cache):
//       - the JavaScript the page loads from the script's origin (gzip, as transferred) while the
//         website has nothing to show;
//       - total blocking time (sum over long tasks of duration − 50 ms, from the page's start until
//         SETTLE_MS after its load event) and the longest task, with the snippet and without;
//       - after a popup without targeting is published through the API: the time from the page's
//         load event to the popup's dialog having a box on screen.
//     Plain and snippet loads alternate, so a slow moment of the shared machine hits both; one
//     uncounted warm-up load per kind of load fills the API's content cache and the OS file cache.
import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleClient } from '../demo-traffic.mjs';
import { fetchDemoSnippet } from '../lib/demo-site.mjs';
import { ROOT } from '../lib/proc.mjs';

export const SCRIPT_DIST = path.join(ROOT, 'website-script', 'dist');
const LOADER = 'signpost.js';
/** From the page's start until this long after its load event, long tasks are counted. */
export const SETTLE_MS = 5000;
/** How long after its load event a popup may take before the run counts as failed. */
const POPUP_TIMEOUT_MS = 20_000;
const NAV_TIMEOUT = 60_000;
/** How long after the tour's surface arrives the tour page adds the step's element (the surface is waiting by then). */
const TOUR_ELEMENT_DELAY_MS = 1000;
export const BENCH_WEBSITE_NAME = 'Bench website';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : null;
};

/** gzip bytes (level 9) of the loader and of each surface chunk (`chunks/{kind}.{hash}.js`). */
export async function scriptBundleSizes(dist = SCRIPT_DIST) {
  const gzipped = async (file) => gzipSync(await readFile(file), { level: 9 }).length;
  const loader = await gzipped(path.join(dist, LOADER));
  const names = (await readdir(path.join(dist, 'chunks'))).filter((f) => f.endsWith('.js')).sort();
  const chunks = [];
  for (const name of names) chunks.push({ name, kind: name.split('.')[0], bytes: await gzipped(path.join(dist, 'chunks', name)) });
  return { loader, chunks };
}

/** A small shop's home page: header, navigation, a hero, three cards, a footer; inline CSS, no script of its own. */
function customerPage(snippet) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Acme Rockets — rockets for every project</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#222;background:#fafafa}
header,footer{padding:16px 24px;background:#123;color:#fff}
nav a{color:#cde;margin-inline-end:16px}
main{max-width:960px;margin:0 auto;padding:24px}
.hero{padding:48px 24px;background:linear-gradient(135deg,#fde,#def);border-radius:12px}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(220px,1fr));gap:16px;margin-top:24px}
.card{padding:16px;background:#fff;border-radius:8px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
</style>
${snippet ?? ''}
</head>
<body>
<header><strong>Acme Rockets</strong> <nav><a href="/">Home</a><a href="/pricing">Pricing</a><a href="/docs">Docs</a></nav></header>
<main>
<section class="hero"><h1>Rockets for every project</h1><p>From weekend hobby launches to orbital payloads: pick a rocket, we ship it tomorrow.</p></section>
<div class="cards">
<article class="card"><h2>Hobby</h2><p>Light, cheap and reusable. Ideal for a first launch with the family.</p></article>
<article class="card"><h2>Pro</h2><p>Telemetry, recovery parachute and a two-year warranty on every engine.</p></article>
<article class="card"><h2>Orbital</h2><p>Talk to our engineers about payloads, schedules and launch sites.</p></article>
</div>
</main>
<footer>© Acme Rockets</footer>
</body>
</html>
`;
}

/**
 * The customer page of the tour figure: a button that the page renders late, once the tour's surface
 * is on the page and waiting for it (its host element is there), as a page that renders after its
 * data arrives; the moment it is added is recorded for the bench.
 */
function tourPage(snippet) {
  const late = `<script>
(function(){
  function add(){
    var b=document.createElement('button');b.id='late-target';b.textContent='Compare plans';
    document.getElementById('slot').append(b);window.__tourBench.appearedAt=performance.now();
  }
  new MutationObserver(function(r,o){
    if(!document.querySelector('signpost-tour'))return;
    o.disconnect();setTimeout(add,${TOUR_ELEMENT_DELAY_MS});
  }).observe(document.documentElement,{childList:true,subtree:true});
})();
</script>`;
  return customerPage(snippet).replace('<footer>', `<p id="slot"></p>${late}<footer>`);
}

/**
 * A real third-party app of the e2e corpus (e2e/corpus/apps.json, files from the npm package the e2e
 * package installs): the one the bench measures the script on. Ember's TodoMVC: the heaviest of the
 * corpus on the main thread (its templates are compiled in the browser), with generated ids.
 */
const CORPUS = JSON.parse(readFileSync(path.join(ROOT, 'e2e', 'corpus', 'apps.json'), 'utf8'));
export const CORPUS_APP = CORPUS.apps.find((a) => a.name === 'emberjs');
const CORPUS_SOURCE = path.join(ROOT, 'e2e', 'node_modules', CORPUS.package);
/** The app's page with and without the snippet: `/corpus/{plain|with-snippet}/<its dir>/`. */
export const corpusPath = (variant) => `/corpus/${variant}/${CORPUS_APP.dir}/`;
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.png': 'image/png' };

/** A file of the corpus package under `/corpus/{plain|with-snippet}/…`, the app's index.html with the snippet pasted in its <head> for `with-snippet`. */
async function corpusFile(pathname, snippet) {
  const m = /^\/corpus\/(plain|with-snippet)\/(.*)$/.exec(pathname);
  if (!m) return null;
  const file = path.join(CORPUS_SOURCE, path.normalize(m[2].endsWith('/') || m[2] === '' ? `${m[2]}index.html` : m[2]));
  if (!file.startsWith(CORPUS_SOURCE + path.sep)) return null;
  let body;
  try {
    body = await readFile(file);
  } catch {
    return null;
  }
  const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
  if (m[1] === 'with-snippet' && path.basename(file) === 'index.html') body = body.toString('utf8').replace(/<\/head>/i, `${snippet}\n</head>`);
  return { type, body };
}

/**
 * Serves `/plain` (no snippet), `/with-snippet`, `/tour` and the corpus app (`corpusPath`) on
 * 127.0.0.1:`port`, opened as http://localhost:`port` (the bench website's domain). Answers `{ url, close() }`.
 */
export function servePages({ port, snippet }) {
  const pages = { '/plain': customerPage(null), '/with-snippet': customerPage(snippet), '/tour': tourPage(snippet) };
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const page = pages[pathname];
    const file = page ? { type: 'text/html; charset=utf-8', body: page } : await corpusFile(pathname, snippet);
    res.writeHead(file ? 200 : 404, { 'content-type': file?.type ?? 'text/plain', 'cache-control': 'no-store' });
    res.end(file?.body ?? 'not found');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://localhost:${port}`,
        close: () => new Promise((r) => server.close(() => r())),
      }),
    );
  });
}

/**
 * The bench website (domain `pageHost`, e.g. localhost:13090) in the seeded admin's organisation,
 * created through the API unless it exists, and its installation snippet as the API answers it.
 * Answers `{ websiteId, snippet, publishPopup() }`; publishPopup creates a popup without targeting
 * (every page, every visitor) in that website.
 */
export async function benchWebsite({ api, email, password, pageHost }) {
  const client = consoleClient(api.replace(/\/+$/, ''), email, password);
  await client.signIn();
  const created = await client.call('POST', '/api/websites', { name: BENCH_WEBSITE_NAME, domain: pageHost });
  if (created.status !== 201 && created.status !== 409) {
    throw new Error(`creating the bench website answered ${created.status}: ${created.body?.message ?? ''}`);
  }
  const user = await client.signIn();
  const site = user.websites.find((w) => w.domain === pageHost);
  if (!site) throw new Error(`${email} does not see a website with the domain ${pageHost} after creating it`);
  const { snippet, website } = await fetchDemoSnippet({ api, email, password, siteHost: pageHost });
  if (website !== site.name) throw new Error(`the snippet came from "${website}", not from the bench website`);
  client.useWebsite(site._id);
  return {
    websiteId: site._id,
    snippet,
    async publishPopup() {
      const res = await client.call('POST', '/api/popups', {
        titleOfPopup: { label: 'Bench popup' },
        content: [{ id: 'p1', content: [{ id: 'b1', kind: 'text', text: 'Free shipping on every rocket this week.' }] }],
      });
      if (res.status !== 201 && res.status !== 200) throw new Error(`publishing the bench popup answered ${res.status}: ${res.body?.message ?? ''}`);
      return res.body?.data?._id;
    },
    /** Cancels an item the bench published (a popup), so the next figure's surface has the page to itself. */
    async cancelPopup(id) {
      await client.call('DELETE', `/api/popups/cancel/${id}`);
    },
    /** Publishes a one-step tour on the corpus app's first todo, which the app draws once the visitor writes one. */
    async publishCorpusTour() {
      return publishOneStepTour(client, 'Bench corpus tour', {
        title: 'Your todo',
        content: 'Double-click it to edit it.',
        url: corpusPath('with-snippet'),
        target: { selector: '#todo-list li label' },
      });
    },
    /** Cancels a tour the bench published, so the next figures have the page to themselves. */
    async cancelTour(id) {
      await client.call('DELETE', `/api/product-tours/cancel/${id}`);
    },
    /** Publishes a one-step tour pointing at the tour page's late button (tours API: create, update, publish). */
    async publishTour() {
      const created = await client.call('POST', '/api/product-tours');
      const id = created.body?.data?._id;
      if (created.status !== 201 || !id) throw new Error(`creating the bench tour answered ${created.status}: ${created.body?.message ?? ''}`);
      const saved = await client.call('PUT', `/api/product-tours/${id}`, {
        title: 'Bench tour',
        steps: [{ title: 'Compare', content: 'Compare the plans here.', url: '/tour', target: { selector: '#late-target' } }],
      });
      if (saved.status !== 200) throw new Error(`saving the bench tour answered ${saved.status}: ${saved.body?.message ?? ''}`);
      const published = await client.call('PUT', `/api/product-tours/publish/${id}`);
      if (published.status !== 200) throw new Error(`publishing the bench tour answered ${published.status}: ${published.body?.message ?? ''}`);
      return id;
    },
  };
}

/** A one-step tour created, saved and published through the tours API: its id. */
async function publishOneStepTour(client, title, step) {
  const created = await client.call('POST', '/api/product-tours');
  const id = created.body?.data?._id;
  if (created.status !== 201 || !id) throw new Error(`creating the ${title} answered ${created.status}: ${created.body?.message ?? ''}`);
  const saved = await client.call('PUT', `/api/product-tours/${id}`, { title, steps: [step] });
  if (saved.status !== 200) throw new Error(`saving the ${title} answered ${saved.status}: ${saved.body?.message ?? ''}`);
  const published = await client.call('PUT', `/api/product-tours/publish/${id}`);
  if (published.status !== 200) throw new Error(`publishing the ${title} answered ${published.status}: ${published.body?.message ?? ''}`);
  return id;
}

/**
 * Installed before the tour page's scripts: when the page gets a <signpost-tour> host, the first frame
 * at which its step (a dialog in the shadow root) has a box, checked each frame.
 */
function instrumentTour() {
  window.__tourBench = { appearedAt: null, visibleAt: null };
  new MutationObserver((records, observer) => {
    const host = document.querySelector('signpost-tour');
    if (!host) return;
    observer.disconnect();
    const check = () => {
      const box = host.shadowRoot?.querySelector('[role="dialog"]')?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) window.__tourBench.visibleAt = performance.now();
      else if (host.isConnected) requestAnimationFrame(check);
    };
    check();
  }).observe(document, { childList: true, subtree: true });
}

/**
 * The tour figure: `runs` loads of the tour page, each in a fresh context (a new visitor, whom the
 * tour starts for) at `cpuRate` slowdown: the time from the step's element being added to the page to
 * the step having a box on screen (the element waiter's MutationObserver, the visibility check, the
 * highlight and floating-ui's placement).
 */
export async function measureTourStep(browser, { pagesUrl, runs = 5, cpuRate = 4, log = () => {} }) {
  const once = async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await page.addInitScript(instrumentTour);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(`${pagesUrl}/tour`, { waitUntil: 'load', timeout: NAV_TIMEOUT });
      const figures = await page.evaluate(
        (timeout) =>
          new Promise((resolve) => {
            const giveUp = performance.now() + timeout;
            const check = () => {
              const b = window.__tourBench;
              if (b.visibleAt !== null && b.appearedAt !== null) resolve(b);
              else if (performance.now() > giveUp) resolve(null);
              else setTimeout(check, 100);
            };
            check();
          }),
        POPUP_TIMEOUT_MS,
      );
      if (!figures) throw new Error(`no tour step visible within ${POPUP_TIMEOUT_MS / 1000} s on ${pagesUrl}/tour`);
      return Math.round(figures.visibleAt - figures.appearedAt);
    } finally {
      await context.close();
    }
  };
  log('website script: tour page warm-up load (not counted)…');
  await once();
  const times = [];
  for (let i = 0; i < runs; i++) {
    log(`website script: tour page load ${i + 1}/${runs}…`);
    times.push(await once());
  }
  return { runs: times, median: median(times) };
}

/**
 * Installed before any of the page's scripts: records long tasks, and when the page gets a
 * <signpost-popup> host, the moment its dialog first has a non-zero box (checked each frame once the
 * host exists: the dialog is built inside the shadow root after the host is attached).
 */
function instrumentPage() {
  window.__bench = { longTasks: [], scripts: [], popupVisibleAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
  // Which script ran how long in each long animation frame: the script's own share of the main thread.
  new PerformanceObserver((list) => {
    for (const frame of list.getEntries()) {
      for (const s of frame.scripts ?? []) window.__bench.scripts.push({ start: s.startTime, duration: s.duration, url: s.sourceURL ?? '' });
    }
  }).observe({ type: 'long-animation-frame', buffered: true });
  const watchPopup = (host) => {
    const check = () => {
      const box = host.shadowRoot?.querySelector('[role="dialog"]')?.getBoundingClientRect();
      if (box && box.width > 0 && box.height > 0) window.__bench.popupVisibleAt = performance.now();
      else if (host.isConnected) requestAnimationFrame(check);
    };
    check();
  };
  new MutationObserver((records, observer) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node.nodeName === 'SIGNPOST-POPUP') {
          observer.disconnect();
          watchPopup(node);
          return;
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

/**
 * Waits in the page until the popup is visible (`{ popup: true }`) or until `performance.now()`
 * reaches `until`, polling every 100 ms; answers false after `timeoutMs`. Not `page.waitForFunction`:
 * its first use evaluates Playwright's injected script in the page, one main-thread task of 50-80 ms
 * at 4x slowdown (seen in a Chromium trace, scripts/bench/website-script-trace.mjs) that the
 * long-task figures would count as the page's.
 */
function waitInPage(page, { popup = false, until = 0 }, timeoutMs) {
  return page.evaluate(
    ([popupWanted, untilMs, timeout]) =>
      new Promise((resolve) => {
        const giveUp = performance.now() + timeout;
        const check = () => {
          if (popupWanted ? window.__bench.popupVisibleAt !== null : performance.now() >= untilMs) resolve(true);
          else if (performance.now() > giveUp) resolve(false);
          else setTimeout(check, 100);
        };
        check();
      }),
    [popup, until, timeoutMs],
  );
}

/**
 * One load of `url` in a fresh context at `cpuRate` slowdown. Waits until SETTLE_MS after the load
 * event (and, with `expectPopup`, until the popup is visible). Answers the load event time, long
 * tasks until then (TBT, longest, count), the popup's visible time, and the gzip JavaScript fetched
 * from `scriptOrigin`.
 */
async function loadOnce(browser, url, { cpuRate, scriptOrigin, expectPopup }) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    await page.addInitScript(instrumentPage);
    const requests = [];
    page.on('requestfinished', (request) => requests.push(request));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
    await page.goto(url, { waitUntil: 'load', timeout: NAV_TIMEOUT });
    const loadAt = await page.evaluate(() => performance.getEntriesByType('navigation')[0].loadEventStart);
    if (expectPopup) {
      const visible = await waitInPage(page, { popup: true }, POPUP_TIMEOUT_MS);
      if (!visible) throw new Error(`no popup visible within ${POPUP_TIMEOUT_MS / 1000} s of the load event on ${url}`);
    }
    await waitInPage(page, { until: loadAt + SETTLE_MS }, SETTLE_MS + 30_000);
    const { longTasks, popupVisibleAt, scripts } = await page.evaluate((until) => {
      const b = window.__bench;
      return { longTasks: b.longTasks.filter((t) => t.start <= until), popupVisibleAt: b.popupVisibleAt, scripts: b.scripts.filter((t) => t.start <= until) };
    }, loadAt + SETTLE_MS);
    const own = scripts.filter((t) => t.url.startsWith(`${scriptOrigin}/`));
    let scriptBytes = 0;
    const scriptFiles = [];
    for (const request of requests) {
      if (request.resourceType() !== 'script' || new URL(request.url()).origin !== scriptOrigin) continue;
      const bytes = (await request.sizes()).responseBodySize;
      scriptBytes += bytes;
      scriptFiles.push({ file: new URL(request.url()).pathname, bytes });
    }
    return {
      loadAt: Math.round(loadAt),
      tbt: Math.round(longTasks.reduce((n, t) => n + Math.max(0, t.duration - 50), 0)),
      longest: Math.round(Math.max(0, ...longTasks.map((t) => t.duration))),
      longTasks: longTasks.length,
      ownLongest: Math.round(Math.max(0, ...own.map((t) => t.duration))),
      popupAfterLoad: popupVisibleAt === null ? null : Math.round(popupVisibleAt - loadAt),
      scriptBytes,
      scriptFiles,
    };
  } finally {
    await context.close();
  }
}

/** Median of each figure over `runs` (every run kept). */
function summarise(runs) {
  const of = (key) => median(runs.map((r) => r[key]).filter((v) => v !== null));
  return {
    runs,
    tbt: of('tbt'),
    longest: of('longest'),
    longTasks: of('longTasks'),
    ownLongest: of('ownLongest'),
    popupAfterLoad: of('popupAfterLoad'),
    scriptBytes: of('scriptBytes'),
    scriptFiles: runs.at(-1)?.scriptFiles ?? [],
  };
}

/**
 * The page figures: `runs` plain loads alternating with `runs` snippet loads while the website has
 * nothing to show, then, after `publishPopup()`, `runs` snippet loads that show the popup.
 */
export async function measurePages(browser, { pagesUrl, scriptOrigin, publishPopup, runs = 5, cpuRate = 4, log = () => {} }) {
  const load = (page, expectPopup = false) => loadOnce(browser, `${pagesUrl}/${page}`, { cpuRate, scriptOrigin, expectPopup });
  log('website script: warm-up loads (not counted)…');
  await load('plain');
  await load('with-snippet');
  const plain = [];
  const empty = [];
  for (let i = 0; i < runs; i++) {
    log(`website script: load ${i + 1}/${runs} of the plain page and of the page with the snippet (nothing to show)…`);
    plain.push(await load('plain'));
    empty.push(await load('with-snippet'));
  }
  await publishPopup();
  // The API forgets its cached content on the write; the first load after it may still race that.
  for (let attempt = 1; ; attempt++) {
    log('website script: a popup without targeting is published; warm-up load (not counted)…');
    try {
      await load('with-snippet', true);
      break;
    } catch (err) {
      if (attempt === 3) throw err;
    }
  }
  const popup = [];
  for (let i = 0; i < runs; i++) {
    log(`website script: load ${i + 1}/${runs} of the page with the snippet, showing the popup…`);
    popup.push(await load('with-snippet', true));
  }
  return { plain: summarise(plain), empty: summarise(empty), popup: summarise(popup) };
}

/**
 * Installed before the corpus app's scripts: the moment the app adds the first todo's label (the
 * step's element, drawn by the app when the visitor writes a todo) and the first frame at which the
 * tour's step has a box, checked each frame.
 */
function instrumentCorpusTour() {
  window.__tourBench = { appearedAt: null, visibleAt: null };
  new MutationObserver((records, observer) => {
    if (!document.querySelector('#todo-list li label')) return;
    window.__tourBench.appearedAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  const check = () => {
    const host = document.querySelector('signpost-tour');
    const box = host?.shadowRoot?.querySelector('[role="dialog"]')?.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && window.__tourBench.appearedAt !== null) window.__tourBench.visibleAt = performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * The script on the corpus app at `cpuRate` slowdown, `runs` loads each, in fresh contexts: the app
 * without and with the snippet while nothing is shown (total blocking time, the longest task, the
 * longest task of the script's own from the long-animation-frame attribution), then, once
 * `publishTour()` has published a one-step tour on the first todo's label, the time from the app
 * adding that label (the visitor writes a todo) to the step visible.
 */
export async function measureCorpusApp(browser, { pagesUrl, scriptOrigin, publishTour, runs = 5, cpuRate = 4, log = () => {} }) {
  const load = (variant) => loadOnce(browser, `${pagesUrl}${corpusPath(variant)}`, { cpuRate, scriptOrigin, expectPopup: false });
  log(`website script on ${CORPUS_APP.dir}: warm-up loads (not counted)…`);
  await load('plain');
  await load('with-snippet');
  const plain = [];
  const empty = [];
  for (let i = 0; i < runs; i++) {
    log(`website script on ${CORPUS_APP.dir}: load ${i + 1}/${runs} without and with the snippet…`);
    plain.push(await load('plain'));
    empty.push(await load('with-snippet'));
  }
  await publishTour();
  const once = async () => {
    const context = await browser.newContext({ locale: 'en-GB' });
    try {
      const page = await context.newPage();
      await page.addInitScript(instrumentCorpusTour);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
      await page.goto(`${pagesUrl}${corpusPath('with-snippet')}`, { waitUntil: 'load', timeout: NAV_TIMEOUT });
      // The tour's surface is on the page and waiting before the visitor writes the todo.
      await page.locator('signpost-tour').waitFor({ state: 'attached', timeout: POPUP_TIMEOUT_MS });
      await page.locator('#new-todo').fill('Launch the rocket');
      await page.locator('#new-todo').press('Enter');
      const figures = await page.evaluate(
        (timeout) =>
          new Promise((resolve) => {
            const giveUp = performance.now() + timeout;
            const check = () => {
              const b = window.__tourBench;
              if (b.visibleAt !== null && b.appearedAt !== null) resolve(b);
              else if (performance.now() > giveUp) resolve(null);
              else setTimeout(check, 100);
            };
            check();
          }),
        POPUP_TIMEOUT_MS,
      );
      if (!figures) throw new Error(`no tour step visible within ${POPUP_TIMEOUT_MS / 1000} s on ${CORPUS_APP.dir}`);
      return Math.round(figures.visibleAt - figures.appearedAt);
    } finally {
      await context.close();
    }
  };
  log(`website script on ${CORPUS_APP.dir}: tour warm-up load (not counted)…`);
  await once();
  const times = [];
  for (let i = 0; i < runs; i++) {
    log(`website script on ${CORPUS_APP.dir}: tour load ${i + 1}/${runs}…`);
    times.push(await once());
  }
  return { app: CORPUS_APP, plain: summarise(plain), empty: summarise(empty), tour: { runs: times, median: median(times) } };
}
