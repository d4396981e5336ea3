// Where the console's main thread spends its time after the Sign in click, at 4x CPU slowdown:
// `node scripts/bench/console-profile.mjs [--runs=1] [--out=.bench/profile]` (the apps built; no lock:
// it uses ports of its own, 20000 above the defaults). For the first visit (click → chart) and the
// repeat visit (reload → chart) it records a Chromium trace and prints the main thread's time by kind
// of work (compile, script evaluation by file, function calls, style, layout, GC…) and, from the
// JavaScript CPU profile inside the trace, self time by file and by function. The raw trace of the
// last run goes to <out>/{first,repeat}.trace.json (open it in DevTools' Performance panel).
// --times-only: no trace, only the two visits' times (for comparing builds run after run).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { APPS } from '../lib/product.mjs';
import { startProduct } from '../lib/product.mjs';
import { REMOTES } from '../runtime-config.mjs';
import { ROOT } from '../lib/proc.mjs';
import { launch, signInTyped } from './browser.mjs';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '1' }, 'times-only': { type: 'boolean' }, out: { type: 'string', default: '.bench/profile' } },
});
const PORTS = Object.fromEntries(APPS.map((a) => [a.name, a.port + 20_000]));
const email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local';
const password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1';
const FIGURE = '[data-testid="stat-usersConnected-value"]';
const CHART = '[data-testid="chart-users-connected"] canvas';
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'disabled-by-default-v8.cpu_profiler',
  'loading',
].join(',');

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-profile-'));
const product = await startProduct({
  dataDir,
  apps: APPS.filter((a) => !['website-script', 'demo-site'].includes(a.name)).map((a) => a.name),
  ports: PORTS,
  host: '127.0.0.1',
  hostname: '127.0.0.1',
  quiet: true,
  env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', SIGNPOST_API_URL: '', ...Object.fromEntries(REMOTES.map((r) => [r.env, ''])) },
});
const browser = await launch();
const outDir = path.resolve(ROOT, values.out);
await mkdir(outDir, { recursive: true });

async function traced(page, name, act, until) {
  if (values['times-only']) {
    const t0 = Date.now();
    await act();
    await page.waitForSelector(FIGURE, { state: 'visible', timeout: 60_000 });
    const figures = Date.now() - t0;
    await page.waitForSelector(until, { state: 'visible', timeout: 60_000 });
    return { figures, chart: Date.now() - t0, events: null };
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const events = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  // The profiler's own start-up (hundreds of ms at 4x) before the measured moment.
  await page.waitForTimeout(1500);
  const t0 = Date.now();
  await act();
  await page.waitForSelector(FIGURE, { state: 'visible', timeout: 60_000 });
  const figures = Date.now() - t0;
  await page.waitForSelector(until, { state: 'visible', timeout: 60_000 });
  const chart = Date.now() - t0;
  await cdp.send('Tracing.end');
  await done;
  await writeFile(path.join(outDir, `${name}.trace.json`), JSON.stringify({ traceEvents: events }));
  return { figures, chart, events };
}

/**
 * A position in a built file as its source file, line and function (when the build wrote hidden
 * source maps: SIGNPOST_SOURCE_MAPS=hidden pnpm build), else null.
 */
const maps = new Map();
function original(url, line, column) {
  const m = /^https?:\/\/[^/]+:(\d+)(\/[^?]*)/.exec(url);
  const app = m && APPS.find((a) => PORTS[a.name] === Number(m[1]));
  if (!app) return null;
  const file = path.join(ROOT, app.name, 'dist', m[2].slice(1) + '.map');
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
  const entry = maps.get(file)?.findEntry(line, column);
  if (!entry?.originalSource) return null;
  const source = entry.originalSource.replace(/^.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '');
  return { source, line: entry.originalLine + 1, name: entry.name };
}
/** The package (or workspace folder) a source file belongs to. */
const packageOf = (source) => (source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0]);

/** The renderer main thread of the page's process that ran most, and the summary of its events. */
function summarise(events, label) {
  const threads = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const byThread = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || threads.get(`${e.pid}:${e.tid}`) !== 'CrRendererMain') continue;
    const k = `${e.pid}:${e.tid}`;
    byThread.set(k, (byThread.get(k) ?? 0) + (e.dur ?? 0));
  }
  const main = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const mine = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main).sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Self time of each event: its duration less its children's (events nest on one thread).
  const self = new Map();
  const stack = [];
  const add = (key, us) => self.set(key, (self.get(key) ?? 0) + us);
  const keyOf = (e) => {
    const url = e.args?.data?.url || e.args?.data?.scriptName || e.args?.fileName;
    const file = url ? ` ${url.replace(/^https?:\/\/[^/]+:(\d+)/, ':$1').replace(/\?.*/, '')}` : '';
    return ['EvaluateScript', 'v8.compile', 'v8.compileModule', 'v8.produceCache', 'v8.evaluateModule'].includes(e.name) ? `${e.name}${file}` : e.name;
  };
  const close = (until) => {
    while (stack.length && stack.at(-1).end <= until) {
      const s = stack.pop();
      add(s.key, s.dur - s.children);
    }
  };
  let busy = 0;
  for (const e of mine) {
    close(e.ts);
    const dur = e.dur ?? 0;
    if (stack.length) stack.at(-1).children += dur;
    else busy += dur;
    stack.push({ key: keyOf(e), dur, children: 0, end: e.ts + dur });
  }
  close(Infinity);
  const rows = [...self.entries()].filter(([k]) => k !== 'ThreadControllerImpl::RunTask' && k !== 'RunTask').sort((a, b) => b[1] - a[1]);
  console.log(`\n== ${label}: main thread busy ${(busy / 1000).toFixed(0)} ms; self time by event (ms) ==`);
  for (const [k, us] of rows.slice(0, 40)) console.log(`${(us / 1000).toFixed(1).padStart(8)}  ${k}`);

  // The sampled JavaScript profile (Profile/ProfileChunk events, one profile per id): self time by
  // file and by function, and by 250 ms slice from the first event of the window (the click, or the reload).
  const profiles = new Map();
  for (const e of events) {
    if ((e.name !== 'ProfileChunk' && e.name !== 'Profile') || String(e.pid) !== main.split(':')[0]) continue;
    const p = profiles.get(e.id) ?? { nodes: new Map(), samples: [], deltas: [], start: 0 };
    profiles.set(e.id, p);
    if (e.name === 'Profile') p.start = e.args.data.startTime;
    const cp = e.args?.data?.cpuProfile;
    for (const n of cp?.nodes ?? []) p.nodes.set(n.id, n);
    p.samples.push(...(cp?.samples ?? []));
    p.deltas.push(...(e.args?.data?.timeDeltas ?? []));
  }
  const click = events.find((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const nav = events.filter((e) => e.name === 'navigationStart').sort((a, b) => a.ts - b.ts)[0];
  const origin = (click ?? nav)?.ts ?? 0;
  const byFile = new Map();
  const byFn = new Map();
  const byPackage = new Map();
  const slices = new Map();
  for (const p of profiles.values()) {
    let ts = p.start;
    const times = p.deltas.map((d) => (ts += d));
    for (let i = 0; i < p.samples.length - 1; i++) {
      const n = p.nodes.get(p.samples[i]);
      const dt = times[i + 1] - times[i];
      if (!n) continue;
      const f = n.callFrame;
      const file = (f.url || `(${f.functionName || 'program'})`).replace(/^https?:\/\/[^/]+:(\d+)/, ':$1');
      if (file === '(idle)') continue;
      byFile.set(file, (byFile.get(file) ?? 0) + dt);
      const o = f.url ? original(f.url, f.lineNumber, f.columnNumber) : null;
      if (o) byPackage.set(packageOf(o.source), (byPackage.get(packageOf(o.source)) ?? 0) + dt);
      const fn = o
        ? `${f.functionName || '(anonymous)'} ${o.source}:${o.line} [${file}]`
        : `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + dt);
      const slice = Math.floor((times[i] - origin) / 250_000);
      const m = slices.get(slice) ?? new Map();
      slices.set(slice, m);
      m.set(file, (m.get(file) ?? 0) + dt);
    }
  }
  console.log(`\n-- ${label}: JS samples by 250 ms slice after the ${click ? 'click' : 'navigation'} (ms of samples: top files) --`);
  for (const [slice, m] of [...slices.entries()].sort((a, b) => a[0] - b[0])) {
    if (slice < -2) continue;
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const top = [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([f, us]) => `${f} ${(us / 1000).toFixed(0)}`);
    console.log(`${String(slice * 250).padStart(6)} ms ${(total / 1000).toFixed(0).padStart(4)}  ${top.join(' · ')}`);
  }
  console.log(`\n-- ${label}: JS self time by file (ms) --`);
  for (const [k, us] of [...byFile.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(`${(us / 1000).toFixed(1).padStart(8)}  ${k}`);
  console.log(`\n-- ${label}: JS self time by package, from source maps (ms) --`);
  for (const [k, us] of [...byPackage.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${(us / 1000).toFixed(1).padStart(8)}  ${k}`);
  console.log(`\n-- ${label}: JS self time by function (ms) --`);
  for (const [k, us] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 60)) console.log(`${(us / 1000).toFixed(1).padStart(8)}  ${k}`);
}

try {
  const { playDemoTraffic } = await import('../demo-traffic.mjs');
  await playDemoTraffic({ api: product.urls.api, email, password, days: 2, ifEmpty: true, log: () => {} });
  for (let run = 0; run < Number(values.runs); run++) {
    const context = await browser.newContext({ extraHTTPHeaders: { 'Accept-Encoding': 'gzip' } });
    const page = await context.newPage();
    await signInTyped(page, product.urls.host, { email, password });
    await page.waitForLoadState('networkidle');
    const first = await traced(page, 'first', () => page.locator('button[type="submit"]').click(), CHART);
    console.log(`\n#### run ${run + 1}: first visit figures ${first.figures} ms, chart ${first.chart} ms`);
    if (first.events) summarise(first.events, 'first visit');
    await page.waitForTimeout(1000);
    const repeat = await traced(page, 'repeat', () => page.reload({ waitUntil: 'commit' }), CHART);
    console.log(`\n#### run ${run + 1}: repeat visit figures ${repeat.figures} ms, chart ${repeat.chart} ms`);
    if (repeat.events) summarise(repeat.events, 'repeat visit');
    await context.close();
  }
} finally {
  await browser.close().catch(() => {});
  await product.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true }).catch(() => {});
}
