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
 * Serves `/plain` (no snippet) and `/with-snippet` on 127.0.0.1:`port`, opened as
 * http://localhost:`port` (the bench website's domain). Answers `{ url, close() }`.
 */
export function servePages({ port, snippet }) {
  const pages = { '/plain': customerPage(null), '/with-snippet': customerPage(snippet), '/tour': tourPage(snippet) };
  const server = http.createServer((req, res) => {
    const body = pages[new URL(req.url, 'http://x').pathname];
    res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(body ?? 'not found');
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
  window.__bench = { longTasks: [], popupVisibleAt: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__bench.longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: true });
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
    const { longTasks, popupVisibleAt } = await page.evaluate((until) => {
      const b = window.__bench;
      return { longTasks: b.longTasks.filter((t) => t.start <= until), popupVisibleAt: b.popupVisibleAt };
    }, loadAt + SETTLE_MS);
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
