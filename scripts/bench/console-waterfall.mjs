#!/usr/bin/env node
// A waterfall of the console right after sign-in, to find where the time of `pnpm bench`'s
// "Console, first visit" goes: every request after the Sign in click (start, end, size, initiator
// kind), every long task, and the moments the dashboard figure and chart appear, at 4x CPU
// slowdown, on the built product started on the bench ports (+10000) with a throwaway data folder.
//
//   node scripts/bench/console-waterfall.mjs [--runs=1] [--repeat] [--trace=/tmp/console-trace.json]
//
// --repeat prints the repeat visit (a reload of /dashboard) instead of the first visit.
// --trace writes a Chrome trace of the measured part, to open in chrome://tracing or Perfetto.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProduct, APPS } from '../lib/product.mjs';
import { launch, signInTyped } from './browser.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, repeat: { type: 'boolean', default: false }, trace: { type: 'string' } },
});
const email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local';
const password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1';
const ports = Object.fromEntries(APPS.map((a) => [a.name, a.port + 10_000]));
const apps = APPS.filter((a) => !['website-script', 'demo-site'].includes(a.name)).map((a) => a.name);

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-waterfall-'));
const product = await startProduct({
  dataDir,
  apps,
  ports,
  host: '127.0.0.1',
  hostname: '127.0.0.1',
  quiet: true,
  env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIGNPOST_API_URL: '' },
});
const browser = await launch();
try {
  const { playDemoTraffic } = await import('../demo-traffic.mjs');
  await playDemoTraffic({ api: product.urls.api, email, password, days: 2, ifEmpty: true, log: () => {} });
  for (let run = 0; run < Number(values.runs); run++) await oneRun(run);
} finally {
  await browser.close();
  await product.stop();
  await rm(dataDir, { recursive: true, force: true });
}

async function oneRun(run) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    // React commits (what a React DevTools hook sees): how often the tree is drawn, and when.
    window.__commits = [];
    window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject(renderer) {
        this.renderers.set(1, renderer);
        return 1;
      },
      onScheduleFiberRoot() {},
      onCommitFiberRoot(_id, root) {
        let n = 0;
        // Where this commit's work came from: fibers that rendered while their parent did not, with
        // the contexts whose value changed and the state hooks (those with an update queue) that did.
        const origins = [];
        const nameOf = (f) => (typeof f.type === 'string' ? f.type : f.type?.displayName || f.type?.name || f.tag);
        const ctxName = (c) => c?.displayName || c?.Provider?.displayName || c?._currentValue?.constructor?.name || '?';
        const PERFORMED = 1;
        const walk = (f, parentRendered) => {
          for (let c = f; c; c = c.sibling) {
            const rendered = !!c.alternate && (c.flags & PERFORMED) !== 0;
            if (rendered || !c.alternate) n++;
            if (rendered && !parentRendered && typeof c.type !== 'string') {
              const why = [];
              for (let d = c.dependencies?.firstContext, a = c.alternate.dependencies?.firstContext; d; d = d.next, a = a?.next) {
                if (!a || d.memoizedValue !== a.memoizedValue) why.push(`ctx:${ctxName(d.context)}`);
              }
              for (
                let h = c.memoizedState, a = c.alternate.memoizedState, i = 0;
                h && typeof h === 'object' && 'next' in h && i < 60;
                h = h.next, a = a?.next, i++
              ) {
                if (h.queue && a && h.memoizedState !== a.memoizedState) why.push(`state${i}`);
              }
              origins.push(`${nameOf(c)}(${why.join(',')})`);
            }
            if (c.child) walk(c.child, rendered || !c.alternate);
          }
        };
        try {
          walk(root.current.child, false);
        } catch (e) {
          origins.push(String(e));
        }
        window.__commits.push([Math.round(performance.now()), n, [...new Set(origins)].slice(0, 8).join(' ')]);
      },
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: 'longtask', buffered: true });
  });
  await signInTyped(page, product.urls.host, { email, password });
  if (values.repeat) {
    await page.locator('button[type="submit"]').click();
    await page.waitForSelector('[data-testid="chart-users-connected"] canvas', { state: 'visible' });
    await page.waitForTimeout(1000);
  }

  const rows = [];
  let t0 = 0;
  page.on('request', (r) => rows.push({ r, start: Date.now() - t0 }));
  page.on('requestfinished', async (r) => {
    const row = rows.find((x) => x.r === r);
    if (!row) return;
    row.end = Date.now() - t0;
    row.size = (await r.sizes().catch(() => ({ responseBodySize: 0 }))).responseBodySize;
  });
  if (values.trace)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading', 'disabled-by-default-v8.cpu_profiler'],
    });
  t0 = Date.now();
  const perfT0 = await page.evaluate(() => performance.now());
  if (values.repeat) await page.reload({ waitUntil: 'commit' });
  else await page.locator('button[type="submit"]').click();
  await page.waitForSelector('[data-testid="stat-usersConnected-value"]', { state: 'visible', timeout: 60_000 });
  const figures = Date.now() - t0;
  await page.waitForSelector('[data-testid="chart-users-connected"] canvas', { state: 'visible', timeout: 60_000 });
  const chart = Date.now() - t0;
  await page.waitForTimeout(800);
  if (values.trace) {
    const trace = await browser.stopTracing();
    await writeFile(values.trace, trace);
    summariseProfile(JSON.parse(trace.toString()));
  }
  const longTasks = values.repeat
    ? await page.evaluate(() => window.__longTasks)
    : (await page.evaluate(() => window.__longTasks)).filter(([s]) => s >= perfT0).map(([s, d]) => [Math.round(s - perfT0), d]);
  console.log(`\n── run ${run + 1} (${values.repeat ? 'repeat visit' : 'first visit'}): figures ${figures} ms, chart ${chart} ms`);
  for (const row of rows.sort((a, b) => a.start - b.start)) {
    const u = new URL(row.r.url());
    console.log(
      `${String(row.start).padStart(5)} → ${String(row.end ?? '?').padStart(5)}  ${row.r.method().padEnd(6)} ${row.r.resourceType().padEnd(10)} ${String(row.size ?? '').padStart(7)}  ${u.port} ${u.pathname}${u.search}`,
    );
  }
  const scriptBytes = rows.filter((r) => r.r.resourceType() === 'script').reduce((a, r) => a + (r.size ?? 0), 0);
  console.log(`scripts after the click: ${(scriptBytes / 1024).toFixed(1)} KB gzip in ${rows.filter((r) => r.r.resourceType() === 'script').length} files`);
  console.log(
    `React commits (ms since the page's start: fibers rendered): ${(await page.evaluate(() => window.__commits)).map(([t, n, o]) => `\n   ${t}: ${n} fibers  from ${o}`).join('')}`,
  );
  console.log(`long tasks (start+duration, ms after the click): ${longTasks.map(([s, d]) => `${s}+${d}`).join('  ')}`);
  await context.close();
}

/**
 * Self time per script and the heaviest functions, from the trace's sampled CPU profile, then the
 * same per 250 ms window after the Sign in click (the login request's start), to see what each
 * phase of the waterfall spends its main-thread time on.
 */
function summariseProfile(trace) {
  const events = trace.traceEvents ?? trace;
  const login = events.find((e) => e.name === 'ResourceSendRequest' && /\/api\/auth\/login/.test(e.args?.data?.url ?? ''));
  const reloadStart = events.find((e) => e.name === 'navigationStart' || e.name === 'NavigationStartToBegin');
  const t0 = (login ?? reloadStart)?.ts ?? 0;
  const nodes = new Map();
  const startTimes = new Map();
  for (const e of events) if (e.name === 'Profile') startTimes.set(e.id, e.args.data.startTime);
  const byScript = new Map();
  const byFunction = new Map();
  const windows = new Map();
  let total = 0;
  const clock = new Map();
  for (const e of events) {
    if (e.name !== 'ProfileChunk') continue;
    const { cpuProfile, timeDeltas = [] } = e.args.data;
    for (const n of cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n);
    const samples = cpuProfile?.samples ?? [];
    let t = clock.get(e.id) ?? startTimes.get(e.id) ?? e.ts;
    for (let i = 0; i < samples.length; i++) {
      t += timeDeltas[i] ?? 0;
      const n = nodes.get(`${e.id}:${samples[i]}`);
      const dt = (timeDeltas[i + 1] ?? timeDeltas[i] ?? 0) / 1000;
      if (!n || n.callFrame.functionName === '(idle)') continue;
      total += dt;
      const script = n.callFrame.url
        ? n.callFrame.url.replace(/^https?:\/\/[^/]+:(\d+)/, '$1').replace(/\/static\/js\//, '/')
        : `(${n.callFrame.functionName || 'native'})`;
      byScript.set(script, (byScript.get(script) ?? 0) + dt);
      const fn = `${n.callFrame.functionName || '(anonymous)'} ${script}:${n.callFrame.lineNumber}:${n.callFrame.columnNumber}`;
      byFunction.set(fn, (byFunction.get(fn) ?? 0) + dt);
      const w = Math.floor((t - t0) / 1000 / 250) * 250;
      if (!windows.has(w)) windows.set(w, new Map());
      windows.get(w).set(script, (windows.get(w).get(script) ?? 0) + dt);
    }
    clock.set(e.id, t);
  }
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, t]) => `  ${String(Math.round(t)).padStart(6)} ms  ${name}`)
      .join('\n');
  console.log(`CPU samples: ${Math.round(total)} ms busy\nby script:\n${top(byScript, 25)}\nby function:\n${top(byFunction, 30)}`);
  console.log('per 250 ms after the click (busy ms: heaviest scripts):');
  for (const [w, m] of [...windows].sort((a, b) => a[0] - b[0])) {
    if (w < -500) continue;
    const busy = [...m.values()].reduce((a, b) => a + b, 0);
    const heads = [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([n, v]) => `${n} ${Math.round(v)}`)
      .join(', ');
    console.log(`  ${String(w).padStart(5)} ms  busy ${String(Math.round(busy)).padStart(3)}: ${heads}`);
  }
}
