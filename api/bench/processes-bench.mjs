#!/usr/bin/env node
// Throughput with several API processes on one PostgreSQL: the website script's two hot calls, the
// content call (GET /api/public/{key}/content, another visitor each request) and the events call
// (POST /api/public/{key}/events, a batch of 10 events of one visitor), each with 100 connections
// for 60 s, against the BUILT API started with API_PROCESSES=1, 2 and 3 (Node's cluster module: the
// processes share one port, as `pnpm start --processes=N` runs them) on a throwaway PostgreSQL.
//
//   node api/bench/processes-bench.mjs                 # 1, 2 and 3 processes
//   BENCH_PROCESSES=1,3 BENCH_SECONDS=10 node api/bench/processes-bench.mjs
//
// Per run it prints errors (connection errors and time-outs, and non-2xx answers), p50 / p99 and
// answers a second, and that per core: answers a second divided by the cores the API processes can
// use (min(processes, machine cores)). PostgreSQL and autocannon run on the same machine, so on 2
// cores the machine is the ceiling: what matters is that nothing serialises behind one process. The
// machine's load average is printed with each run (a loaded machine makes every figure lower).
// The rate limits are lifted (autocannon is one client address) and the public queue is raised to
// 128 waiting per process: by default a process refuses (503) past 64 public requests waiting, and
// 100 connections on one process would measure that refusal instead of the throughput.
// Env: BENCH_PROCESSES (1,2,3), BENCH_CONNECTIONS (100), BENCH_SECONDS (60), BENCH_PORT (14060),
// BENCH_DATABASE_URL (a PostgreSQL superuser URL instead of a throwaway cluster).
// Prints JSON on its last line: { connections, seconds, cores, runs: [{ processes, loadAverage, content: {…}, events: {…} }] }.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { getThrowawayPostgres } from '../scripts/pg-throwaway.mjs';
import { benchLog, loadTest, printFigures, scenarioSeconds } from './lib.mjs';

const PROCESSES = (process.env.BENCH_PROCESSES ?? '1,2,3').split(',').map(Number);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const duration = scenarioSeconds(60);
const PORT = Number(process.env.BENCH_PORT ?? 14060);
const VISITORS = 2000;
const log = benchLog('processes-bench');
const API_MAIN = path.resolve(import.meta.dirname, '..', 'dist', 'main.js');
const cores = os.cpus().length;
const LIFTED = '1000000000';
const env = {
  PUBLIC_CONTENT_PER_MINUTE: LIFTED,
  PUBLIC_WEBSITE_CONTENT_PER_MINUTE: LIFTED,
  PUBLIC_EVENTS_PER_MINUTE: LIFTED,
  PUBLIC_WEBSITE_EVENTS_PER_MINUTE: LIFTED,
  PUBLIC_VISITOR_CONTENT_PER_MINUTE: LIFTED,
  PUBLIC_VISITOR_EVENTS_PER_MINUTE: LIFTED,
  PUBLIC_NEW_VISITORS_PER_MINUTE: LIFTED,
  PUBLIC_QUEUE_MAX: '128',
  // The campaign senders have nothing to send here; their polls would only add noise.
  EMAIL_SENDER: 'off',
};

/** The built API with `processes` processes on `port`; resolves once /api/health answers ok. */
async function startApi({ processes, databaseUrl, dataDir, port }) {
  if (!existsSync(API_MAIN)) throw new Error('api/dist/main.js is missing: build it with `pnpm --filter api build`');
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [API_MAIN], {
    env: {
      ...process.env,
      ...env,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      API_PROCESSES: String(processes),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk) => (tail = (tail + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let gone = null;
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve((gone = code ?? 1))));
  const stop = async () => {
    if (gone === null) child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 120_000;
  // Every worker listening: as many distinct process ids answering as asked for.
  for (;;) {
    if (gone !== null) throw new Error(`the API exited with code ${gone}:\n${tail}`);
    const ok = await fetch(`${url}/api/health`)
      .then(async (res) => res.ok && (await res.json().catch(() => ({}))).ok === true)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API did not answer ${url}/api/health within 2 minutes:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The workers start one by one; the last ones need a moment after the first answers.
  await new Promise((resolve) => setTimeout(resolve, 1500 * processes));
  return { url, stop };
}

const contentPath = (key, n) =>
  `/api/public/${key}/content?visitorId=bench-${n % VISITORS}&url=${encodeURIComponent(`https://bench.example/page-${n % 7}`)}&device=${n % 4 ? 'web' : 'mobile'}`;

/** Visitor tokens (one content call each), and the events bodies made with them. */
async function eventBodies(url, key, contentIds) {
  const bodies = [];
  for (let v = 0; v < 200; v++) {
    const visitorId = `bench-${v}`;
    const { token } = await (await fetch(`${url}${contentPath(key, v)}`)).json();
    const events = Array.from({ length: 10 }, (_, i) =>
      i % 3 === 0 && contentIds.length
        ? { type: 'view', visitorId, contentId: contentIds[i % contentIds.length] }
        : { type: 'session', visitorId, device: 'web' },
    );
    bodies.push(JSON.stringify({ token, events }));
  }
  return bodies;
}

async function measure(url, key, bodies) {
  let n = 0;
  const content = await loadTest(url, {
    connections,
    duration,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: contentPath(key, n++) }) }],
  });
  let m = 0;
  const events = await loadTest(`${url}/api/public/${key}/events`, {
    connections,
    duration,
    timeout: 10,
    requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (req) => ({ ...req, body: bodies[m++ % bodies.length] }) }],
  });
  return { content, events };
}

const got = process.env.BENCH_DATABASE_URL ? { pg: { url: process.env.BENCH_DATABASE_URL, stop: async () => {} } } : await getThrowawayPostgres();
if (!got.pg) {
  printFigures({ skipped: got.reason });
  process.exit(0);
}
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-processes-bench-'));
const runs = [];
let api = null;
try {
  // First start on one process: migrate and seed. Then the website's key and its public items.
  api = await startApi({ processes: 1, databaseUrl: got.pg.url, dataDir, port: PORT });
  await api.stop();
  api = null;
  const client = new pg.Client({ connectionString: got.pg.url });
  await client.connect();
  let key;
  let contentIds;
  try {
    key = (await client.query(`select public_key from websites order by created_at asc limit 1`)).rows[0].public_key;
    contentIds = (await client.query(`select id from contents where status = 'public' and kind <> 'email' limit 10`)).rows.map((r) => r.id);
  } finally {
    await client.end();
  }
  for (const processes of PROCESSES) {
    log(`${processes} process(es): starting…`);
    api = await startApi({ processes, databaseUrl: got.pg.url, dataDir, port: PORT });
    const bodies = await eventBodies(api.url, key, contentIds);
    const loadAverage = os.loadavg().map((l) => Math.round(l * 100) / 100);
    log(`${processes} process(es): load average before ${loadAverage.join(' ')}; content call, ${connections} connections, ${duration} s…`);
    const figures = await measure(api.url, key, bodies);
    const perCore = (rps) => Math.round((rps / Math.min(processes, cores)) * 10) / 10;
    for (const call of ['content', 'events']) {
      const f = figures[call];
      f.rpsPerCore = perCore(f.rps);
      log(
        `${processes} process(es) ${call}: ${f.errors} errors, ${f.non2xx} non-2xx, p50 ${f.p50} ms, p99 ${f.p99} ms, ${f.rps} answers/s, ${f.rpsPerCore} per core`,
      );
    }
    runs.push({ processes, loadAverage, ...figures });
    await api.stop();
    api = null;
  }
} finally {
  await api?.stop().catch(() => {});
  await got.pg.stop().catch(() => {});
  await rm(dataDir, { recursive: true, force: true });
}

console.error('');
console.error(`processes | call    | errors | non-2xx | p99 (ms) | answers/s | per core | load avg`);
for (const r of runs) {
  for (const call of ['content', 'events']) {
    const f = r[call];
    console.error(
      `${String(r.processes).padEnd(9)} | ${call.padEnd(7)} | ${String(f.errors).padEnd(6)} | ${String(f.non2xx).padEnd(7)} | ${String(f.p99).padEnd(8)} | ${String(f.rps).padEnd(9)} | ${String(f.rpsPerCore).padEnd(8)} | ${r.loadAverage[0]}`,
    );
  }
}
printFigures({ connections, seconds: duration, cores, runs });
