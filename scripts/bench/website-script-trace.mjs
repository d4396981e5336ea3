#!/usr/bin/env node
// Where the website script's long tasks go: loads the bench's customer page (website-script.mjs)
// with the snippet at 4x CPU slowdown under a Chromium performance trace, nothing shown then a
// popup shown, and prints every main-thread task over --min ms with what it spent its time on
// (script compile / evaluation / function calls by script, style, layout, paint…) and the
// self time by function from the trace's sampling profile. Run under `flock /tmp/heavy.lock`
// after `pnpm --filter website-script build` and `pnpm --filter api build`:
//   node scripts/bench/website-script-trace.mjs [--runs=3] [--min=30] [--out=/tmp/traces] [--popup-only]
// Tracing (the sampling profiler above all) slows the page further: compare tasks with each other, and
// take the task lengths themselves from `pnpm bench --only=script`.
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProduct, APPS } from '../lib/product.mjs';
import { launch } from './browser.mjs';
import { benchWebsite, servePages } from './website-script.mjs';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    min: { type: 'string', default: '30' },
    out: { type: 'string' },
    'popup-only': { type: 'boolean' },
    light: { type: 'boolean' },
  },
});
const RUNS = Number(values.runs);
const MIN = Number(values.min);
const PORTS = Object.fromEntries(APPS.map((a) => [a.name, a.port + 10_000]));
const email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local';
const password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1';
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.compile',
  'disabled-by-default-v8.cpu_profiler',
  'blink',
  'loading',
  'blink.user_timing',
];

/** --light: no sampling profiler nor V8 detail, so the page runs closer to untraced speed. */
const LIGHT_CATEGORIES = ['toplevel', 'devtools.timeline', ...(process.env.TRACE_EXTRA ?? '').split(',').filter(Boolean)];

async function traceLoad(browser, url, expectPopup, label) {
  const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' }, locale: 'en-GB' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
    await cdp.send('Tracing.start', { transferMode: 'ReportEvents', traceConfig: { includedCategories: values.light ? LIGHT_CATEGORIES : CATEGORIES } });
    await page.goto(url, { waitUntil: 'load' });
    // Polling in the page, not page.waitForFunction (its injected script is a long task of its own).
    if (expectPopup) {
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const check = () => (document.querySelector('signpost-popup')?.shadowRoot?.querySelector('[role=dialog]') ? resolve() : setTimeout(check, 100));
            check();
          }),
      );
    }
    await page.waitForTimeout(3000);
    await cdp.send('Tracing.end');
    await done;
    if (values.out) {
      await mkdir(values.out, { recursive: true });
      await writeFile(path.join(values.out, `${label}.json`), JSON.stringify({ traceEvents: events }));
    }
    return events;
  } finally {
    await context.close();
  }
}

/** The renderer's main thread of the page: the thread with ParseHTML of the page url. */
function analyse(events, label) {
  const parse = events.find((e) => e.name === 'ParseHTML' && /with-snippet/.test(e.args?.beginData?.url ?? ''));
  const main = parse ? { pid: parse.pid, tid: parse.tid } : null;
  if (!main) return console.log(`${label}: no main thread found`);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const runs = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  // The outermost of nested task events only (RunTask wraps ThreadControllerImpl::RunTask).
  const tasks = runs.filter((t) => t.dur / 1000 >= MIN && !runs.some((o) => o !== t && o.ts <= t.ts && o.ts + o.dur >= t.ts + t.dur && o.dur > t.dur));
  // Sampling profile: ProfileChunk events on the same pid.
  const nodes = new Map();
  let samples = [];
  let t = 0;
  for (const e of events.filter((x) => x.name === 'ProfileChunk' && x.pid === main.pid)) {
    const d = e.args.data;
    for (const n of d.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const deltas = d.timeDeltas ?? [];
    (d.cpuProfile?.samples ?? []).forEach((id, i) => {
      t += deltas[i] ?? 0;
      samples.push({ id, ts: t });
    });
  }
  const profile = events.find((x) => x.name === 'Profile' && x.pid === main.pid);
  const startTime = profile?.args?.data?.startTime ?? 0;
  samples = samples.map((s) => ({ ...s, ts: s.ts + startTime }));
  console.log(`\n=== ${label}: ${tasks.length} task(s) ≥ ${MIN} ms on the main thread`);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end);
    console.log(`-- task ${(task.dur / 1000).toFixed(1)} ms at ${((task.ts - parse.ts) / 1000).toFixed(0)} ms after ParseHTML`);
    const byName = new Map();
    for (const e of inside) {
      const what = e.args?.data?.url
        ? `${e.name} ${e.args.data.url.replace(/^https?:\/\/[^/]+/, '')}${e.args.data.functionName ? ' ' + e.args.data.functionName : ''}`
        : e.name;
      const s = byName.get(what) ?? { n: 0, ms: 0 };
      s.n++;
      s.ms += e.dur / 1000;
      byName.set(what, s);
    }
    for (const [what, s] of [...byName].sort((a, b) => b[1].ms - a[1].ms).slice(0, 25)) console.log(`   ${s.ms.toFixed(1).padStart(7)} ms  ×${s.n}  ${what}`);
    // Self time by function (sampled).
    const self = new Map();
    const within = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    for (let i = 0; i < within.length; i++) {
      const n = nodes.get(within[i].id);
      const dt = (within[i + 1]?.ts ?? end) - within[i].ts;
      const cf = n?.callFrame ?? {};
      const key = `${cf.functionName || '(anon)'} ${(cf.url || '').replace(/^https?:\/\/[^/]+/, '')}:${cf.lineNumber}:${cf.columnNumber}`;
      self.set(key, (self.get(key) ?? 0) + dt / 1000);
    }
    console.log('   sampled self time:');
    for (const [k, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`   ${ms.toFixed(1).padStart(7)} ms  ${k}`);
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-trace-'));
let product;
let pages;
let browser;
try {
  product = await startProduct({
    dataDir,
    apps: ['api', 'website-script'],
    ports: PORTS,
    host: '127.0.0.1',
    hostname: '127.0.0.1',
    quiet: true,
    env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIGNPOST_API_URL: '' },
  });
  const pageHost = 'localhost:13090';
  const site = await benchWebsite({ api: product.urls.api, email, password, pageHost });
  pages = await servePages({ port: 13090, snippet: site.snippet });
  browser = await launch();
  const url = `${pages.url}/with-snippet`;
  if (!values['popup-only']) {
    await traceLoad(browser, url, false, 'warm');
    for (let i = 0; i < RUNS; i++) analyse(await traceLoad(browser, url, false, `empty-${i}`), `nothing shown, run ${i + 1}`);
  }
  await site.publishPopup();
  await new Promise((r) => setTimeout(r, 500));
  await traceLoad(browser, url, true, 'warm-popup').catch(() => {});
  for (let i = 0; i < RUNS; i++) analyse(await traceLoad(browser, url, true, `popup-${i}`), `popup shown, run ${i + 1}`);
} finally {
  await browser?.close().catch(() => {});
  await pages?.close().catch(() => {});
  await product?.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}
