#!/usr/bin/env node
// The console served before the public: 100 connections of the website script's content call on the
// demo website (as the seed creates it) for 60 s, while a console user's calls are timed one after
// the other (signed-in user, role, popup and website lists, a tenth of a second apart). PGlite by
// default: there, both go through its one connection, behind the API's priority queue.
//
//   node api/bench/priority-bench.mjs                   # PGlite
//   node api/bench/priority-bench.mjs --db=postgres     # or both: --db=all
//
// Like the other benches (api/bench/lib.mjs) it starts the BUILT API on a throwaway database. The
// content calls are autocannon's (another visitor and page each time, the rate limits raised so that
// they are not what is measured); the console's calls run in a worker thread of their own, so their
// times are not those of autocannon's event loop.
// Targets: console p99 ≤ 500 ms; the public gets no error but 503 with Retry-After (no time-out,
// no other status).
// Env: BENCH_CONNECTIONS (100), BENCH_SECONDS (60), BENCH_PORT (14070; PostgreSQL's API on the next port).
// Prints JSON on its last line: { connections, seconds, targets, loadAverage: { before, after },
// pglite: { public: { requests, rps, statuses, busyWithoutRetryAfter, errors, timeouts, p50, p99 },
// console: { calls, failures, p50, p95, p99, max }, met } }.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { tsImport } from 'tsx/esm/api';
import { SEEDED_ADMIN, adminHeaders, adminWebsite, benchLog, measureAndPrint, percentile, scenarioSeconds } from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const duration = scenarioSeconds(60);
const PORT = Number(process.env.BENCH_PORT ?? 14070);
const log = benchLog('priority-bench');
export const TARGETS = { consoleP99: 500 };
// One client address: the public rate limits must not be what answers the flood.
const env = { PUBLIC_CONTENT_PER_MINUTE: '100000000', PUBLIC_WEBSITE_CONTENT_PER_MINUTE: '100000000', PUBLIC_NEW_VISITORS_PER_MINUTE: '100000000' };

const contracts = await tsImport('contracts', import.meta.url);
/** What a console tab asks while someone works in it (paths from the call definitions). */
const CONSOLE_PATHS = [
  contracts.getMeCall.path,
  `${contracts.listRolesCall.path}?page=1&pageSize=10`,
  `${contracts.listPopupsCall.path}?page=1&pageSize=10`,
  `${contracts.listWebsitesCall.path}?page=1&pageSize=10`,
];
const PAGES = ['http://localhost:3005/', 'http://localhost:3005/pricing', 'http://localhost:3005/docs/getting-started'];

async function seed(query) {
  const { websiteId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const key = (await query(`select public_key from websites where id = $1`, [websiteId])).rows[0].public_key;
  return { websiteId, key };
}

const contentPath = (key, n) =>
  `/api/public/${key}/content?visitorId=bench-visitor-${n % 5000}&url=${encodeURIComponent(PAGES[n % PAGES.length])}&device=${n % 4 ? 'web' : 'mobile'}&v=bench`;

/** Times console calls, one after the other, in a thread of its own until told to stop: the times (ms) and failures. */
const CONSOLE_TIMER = `
const { parentPort, workerData } = require('node:worker_threads');
const { apiUrl, paths, headers, pauseMs } = workerData;
let stopped = false;
parentPort.on('message', () => (stopped = true));
(async () => {
  const times = [];
  const failures = [];
  for (let n = 0; !stopped; n++) {
    const path = paths[n % paths.length];
    const t0 = performance.now();
    try {
      const res = await fetch(apiUrl + path, { headers, signal: AbortSignal.timeout(30000) });
      await res.arrayBuffer();
      if (!res.ok) failures.push(path + ': ' + res.status);
    } catch (err) {
      failures.push(path + ': ' + err.message);
    }
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  parentPort.postMessage({ times, failures });
})();
`;

async function measure(apiUrl, { websiteId, key }) {
  const headers = await adminHeaders(apiUrl, websiteId);
  for (const path of [contentPath(key, 0), ...CONSOLE_PATHS]) {
    const res = await fetch(new URL(path, apiUrl), { headers: path.includes('/api/public/') ? {} : headers });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  }
  let n = 0;
  const statuses = {};
  let busyWithoutRetryAfter = 0;
  const times = [];
  const flood = (seconds) =>
    autocannon({
      url: new URL(contentPath(key, 0), apiUrl).toString(),
      connections,
      duration: seconds,
      timeout: 10,
      requests: [
        {
          setupRequest: (req) => ({ ...req, path: contentPath(key, n++) }),
          onResponse: (status, _body, _context, responseHeaders) => {
            statuses[status] = (statuses[status] ?? 0) + 1;
            if (status === 503 && !(Number(responseHeaders['retry-after'] ?? responseHeaders['Retry-After']) >= 1)) busyWithoutRetryAfter++;
          },
        },
      ],
    });
  log('warming up (3 s, not counted)…');
  await flood(3);
  for (const k of Object.keys(statuses)) delete statuses[k];
  busyWithoutRetryAfter = 0;

  log(`${connections} connections of content calls for ${duration} s, the console's calls timed meanwhile…`);
  const timer = new Worker(CONSOLE_TIMER, { eval: true, workerData: { apiUrl, paths: CONSOLE_PATHS, headers, pauseMs: 100 } });
  const timed = new Promise((resolve, reject) => {
    timer.once('message', resolve);
    timer.once('error', reject);
  });
  const load = flood(duration);
  load.on('response', (_client, _status, _bytes, responseTime) => times.push(responseTime));
  const result = await load;
  timer.postMessage('stop');
  const consoleRun = await timed;
  await timer.terminate();

  times.sort((a, b) => a - b);
  const consoleTimes = consoleRun.times.sort((a, b) => a - b);
  const figures = {
    public: {
      requests: result.requests.total,
      rps: Math.round((result['2xx'] / (result.duration || duration)) * 10) / 10,
      statuses,
      busyWithoutRetryAfter,
      errors: result.errors,
      timeouts: result.timeouts,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    },
    console: {
      calls: consoleTimes.length,
      failures: consoleRun.failures.length,
      firstFailures: consoleRun.failures.slice(0, 5),
      p50: percentile(consoleTimes, 50),
      p95: percentile(consoleTimes, 95),
      p99: percentile(consoleTimes, 99),
      max: percentile(consoleTimes, 100),
    },
  };
  const onlyServedOrBusy = Object.keys(statuses).every((s) => s === '503' || s.startsWith('2'));
  figures.met =
    figures.console.p99 != null &&
    figures.console.p99 <= TARGETS.consoleP99 &&
    figures.console.failures === 0 &&
    onlyServedOrBusy &&
    busyWithoutRetryAfter === 0 &&
    result.errors === 0 &&
    result.timeouts === 0;
  log(
    `public: ${figures.public.rps} answers/s (statuses ${JSON.stringify(statuses)}, ${result.errors} errors, ${result.timeouts} time-outs), p99 ${figures.public.p99} ms`,
  );
  log(
    `console: ${consoleTimes.length} calls, p50 ${figures.console.p50} · p95 ${figures.console.p95} · p99 ${figures.console.p99} · max ${figures.console.max} ms`,
  );
  return figures;
}

const which = { pglite: !values.db || values.db === 'pglite' || values.db === 'all', postgres: values.db === 'postgres' || values.db === 'all' };
const result = {
  connections,
  seconds: duration,
  targets: TARGETS,
  cpus: os.cpus().length,
  loadAverage: { before: os.loadavg().map((l) => Math.round(l * 10) / 10) },
};
await measureAndPrint(result, {
  name: 'priority-bench',
  which,
  port: PORT,
  env,
  seed,
  log,
  measure: async (apiUrl, seeded) => {
    const figures = await measure(apiUrl, seeded);
    result.loadAverage.after = os.loadavg().map((l) => Math.round(l * 10) / 10);
    return figures;
  },
});
process.exit(0);
