// What the API benches (api/bench/*-bench.mjs) share, so each bench file holds only its own seed
// and scenarios:
//   - who signs in and for how long each scenario runs (env, the same defaults as `pnpm seed`);
//   - the BUILT API (api/dist/main.js) started alone on a loopback port, on PGlite (a throwaway data
//     folder) or on a throwaway PostgreSQL cluster, with bench rows put in by SQL between the first
//     start (migrate, seed) and the measurements, and everything removed afterwards;
//   - signing in, and the figures: p95 over every response time, one request at a time and under
//     autocannon's load;
//   - the last output line, which `pnpm bench` (scripts/bench/index.mjs) parses as JSON.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import autocannon from 'autocannon';
import pg from 'pg';
import { getThrowawayPostgres } from '../scripts/pg-throwaway.mjs';

// ── settings ─────────────────────────────────────────────────────────────────

/** The super-admin `pnpm seed` creates; `pnpm bench` passes SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD. */
export const SEEDED_ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local',
  password: process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1',
};

/**
 * Seconds per scenario: BENCH_SECONDS (a short value makes a quick smoke run) or the bench's
 * default, never more than a minute so `pnpm bench` stays inside its time budget.
 */
export function scenarioSeconds(defaultSeconds) {
  return Math.min(Number(process.env.BENCH_SECONDS ?? defaultSeconds), 60);
}

/** Progress lines go to stderr: stdout is kept for the figures `pnpm bench` parses. */
export function benchLog(prefix) {
  return (line) => console.error(`» ${prefix}: ${line}`);
}

/**
 * `--pglite` / `--postgres` pick the databases to measure on; neither means both. Other flags are
 * refused (parseArgs' strict mode) so a typo does not silently measure everything.
 */
export function databasesFromFlags() {
  const { values } = parseArgs({ options: { pglite: { type: 'boolean' }, postgres: { type: 'boolean' } } });
  if (!values.pglite && !values.postgres) return { pglite: true, postgres: true };
  return { pglite: Boolean(values.pglite), postgres: Boolean(values.postgres) };
}

/** `--db=pglite` / `--db=postgres` (the list benches' flag) as {@link databasesFromFlags} answers: none means both. */
export function databasesFromDb(db) {
  return { pglite: !db || db === 'pglite', postgres: !db || db === 'postgres' };
}

/**
 * What the popup-list benches (popups-bench, lists-bench) read from the environment, each with the
 * bench's own default: BENCH_POPUPS, BENCH_CONNECTIONS, BENCH_SECONDS (per scenario), BENCH_PORT
 * (PostgreSQL's API on the next port); and the bench's progress log.
 */
export function popupBenchSettings(name, defaults) {
  return {
    popups: Number(process.env.BENCH_POPUPS ?? defaults.popups),
    connections: Number(process.env.BENCH_CONNECTIONS ?? defaults.connections),
    duration: scenarioSeconds(defaults.seconds),
    port: Number(process.env.BENCH_PORT ?? defaults.port),
    log: benchLog(name),
  };
}

/** A load test aimed anywhere but this machine would be an attack, not a bench: refuse it. */
export function assertLoopback(url) {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    console.error(`refusing to load-test a non-loopback host: ${url.hostname}`);
    process.exit(2);
  }
}

// ── the API on a throwaway database ──────────────────────────────────────────

const API_MAIN = path.resolve(import.meta.dirname, '..', 'dist', 'main.js');

/**
 * The built API alone, on loopback, quiet (its warnings would drown the bench's own lines; the last
 * ones are shown if it fails to start): `{ urls: { api }, stop() }` once /api/health answers ok.
 * Started here rather than through the repository's scripts/, which the API never imports.
 */
async function startApi(dataDir, port, env) {
  if (!existsSync(API_MAIN)) throw new Error('api/dist/main.js is missing: build it with `pnpm --filter api build`');
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [API_MAIN], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk) => (tail = (tail + chunk).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code ?? 1)));
  let gone = null;
  exited.then((code) => (gone = code));
  const stop = async () => {
    if (gone === null) child.kill('SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (gone !== null) throw new Error(`the API exited with code ${gone}:\n${tail}`);
    const ok = await fetch(`${url}/api/health`)
      .then(async (res) => res.ok && (await res.json().catch(() => ({}))).ok === true)
      .catch(() => false);
    if (ok) return { urls: { api: url }, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the API did not answer ${url}/api/health within 2 minutes:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * PGlite: first start (migrate, seed), stop (PGlite cannot be opened by two processes), `seed(query)`
 * on the data folder, start again, `measure(apiUrl, seeded)`. Everything is removed afterwards.
 * `prefix` names the temporary folder; `env` is added to the API's environment.
 */
export async function onPglite({ prefix, port, env = {}, seed, measure, log }) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  let api;
  try {
    log('PGlite: first start (migrate, seed)…');
    api = await startApi(dataDir, port, env);
    await api.stop();
    api = null;
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    let seeded;
    try {
      seeded = await seed((text, params) => db.query(text, params));
    } finally {
      await db.close();
    }
    api = await startApi(dataDir, port, env);
    return await measure(api.urls.api, seeded);
  } finally {
    await api?.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL: a throwaway cluster, the API on it, `seed(query)` through pg while the API runs (a
 * server takes many clients), `measure(apiUrl, seeded)`. Returns `{ skipped }` when no cluster can
 * be started (PostgreSQL not installed), so the figures say why instead of failing the bench.
 */
export async function onPostgres({ prefix, port, env = {}, seed, measure, log }) {
  const got = await getThrowawayPostgres();
  if (!got.pg) return { skipped: got.reason };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), prefix));
  let api;
  try {
    log('PostgreSQL: start (migrate, seed)…');
    api = await startApi(dataDir, port, { ...env, DATABASE_URL: got.pg.url });
    const client = new pg.Client({ connectionString: got.pg.url });
    await client.connect();
    let seeded;
    try {
      seeded = await seed((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
    return await measure(api.urls.api, seeded);
  } finally {
    await api?.stop().catch(() => {});
    await got.pg.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * The website the bench rows go into: the signed-in admin's first website (the demo website of the
 * seed), with the admin's user id for rows that need an author. `query` is PGlite's or pg's.
 */
export async function adminWebsite(query, email) {
  const { rows } = await query(
    `select w.id as website_id, u.id as user_id from websites w join users u on u.organisation_id = w.organisation_id
     where u.email = $1 order by w.created_at asc limit 1`,
    [email],
  );
  if (!rows[0]) throw new Error(`no website for ${email}`);
  return { websiteId: rows[0].website_id, userId: rows[0].user_id };
}

/** A valid popup document (contracts/src/campaigns.ts), the same for every seeded
 * row of the benches (popups-bench, lists-bench). */
export const POPUP_DOCUMENT = {
  titleOfPopup: { label: 'Bench popup', fontSize: 15, fontFamily: 'Poppins', fontWeight: '600', color: '#1f1f1f' },
  content: [
    { id: 'p1', content: [{ id: 'b1', kind: 'text', text: 'Hello from the bench', align: 'start' }] },
    { id: 'p2', content: [{ id: 'q1', kind: 'question', question: 'How did you hear of us?', type: 'text', options: [], required: false }] },
  ],
  format: 'medium',
  position: 'topR',
  status: 'public',
  priority: 'normal',
  devices: 'all',
  replayType: 'text',
  popupBackground: '#ffffff',
  popupBackgroundImage: '',
  emojis: ['👍', '❤️', '😂', '😮'],
  rules: { displayTime: 15000 },
  goal: 'none',
  duration: 0,
  href: '',
  listOfAudience: [],
  target: 'all',
  groups: [],
  audiences: [],
  dynamicAudience: { operator: 'and', predicates: [] },
  tag: null,
  workspace: null,
};

/**
 * `count` popups in the seeded admin's first website (popups-bench, lists-bench), by one INSERT …
 * SELECT generate_series: titles, statuses, positions, priorities and formats vary so the filters
 * select realistic fractions, and every 7th popup has the one bench tag. Dates go back one second
 * per popup. `query` is PGlite's or pg's; answers the website, the admin's user id and the tag.
 */
export async function seedPopups(query, count) {
  const { websiteId, userId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const tagId = (await query(`insert into tags (website_id, name, color) values ($1, 'Bench tag', '#ff8800') returning id`, [websiteId])).rows[0].id;
  await query(
    `insert into contents (website_id, kind, sender_id, tag_id, title, status, position, priority, style, devices, document, created_at, updated_at)
     select $1, 'popup', $2, case when g % 7 = 0 then $3::uuid end, 'Popup ' || g,
            (array['public','draft','scheduled','cancelled'])[1 + g % 4],
            (array['topL','topC','topR','centerL','center','centerR','bottomL','bottomC','bottomR'])[1 + g % 9],
            (array['low','normal','high'])[1 + g % 3],
            (array['small','medium','large'])[1 + g % 3],
            'all', $4::jsonb, now() - g * interval '1 second', now()
     from generate_series(1, $5::int) g`,
    [websiteId, userId, tagId, JSON.stringify(POPUP_DOCUMENT), count],
  );
  return { websiteId, userId, tagId };
}

// ── signing in ───────────────────────────────────────────────────────────────

/** POST /api/auth/login; the access token, or an error with the status and what the API said. */
export async function signIn(apiUrl, { email, password }) {
  const res = await fetch(new URL('/api/auth/login', apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed (${res.status}): ${await res.text()}`);
  return (await res.json()).data.access_token;
}

/** The headers of a console call on one website: the bearer token and the `activewebsite` it acts on. */
export const websiteHeaders = (token, websiteId) => ({ authorization: `Bearer ${token}`, activewebsite: websiteId });

/** The seeded admin signed in on the API at `apiUrl`: the headers of its console calls on `websiteId`. */
export async function adminHeaders(apiUrl, websiteId) {
  return websiteHeaders(await signIn(apiUrl, SEEDED_ADMIN), websiteId);
}

// ── figures ──────────────────────────────────────────────────────────────────

/** The p-th percentile of sorted numbers, to two decimals (null for none). */
export function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

/**
 * autocannon on `url` for `duration` seconds at `connections`, with `method` / `headers` / `body`.
 * The percentiles come from every response time: autocannon's own summary has p90 and p97.5, not
 * p95. `maxRequests` stops the run early once that many responses came (autocannon's `amount`
 * would replace `duration` instead of bounding it). `rps` counts 2xx answers only: an error page
 * served fast is not throughput.
 */
export async function loadTest(url, { connections, duration, timeout, maxRequests = Infinity, method, headers, body, requests }) {
  const times = [];
  // Only what was given: autocannon takes `method: undefined` as a method name and throws.
  // `requests`: autocannon's request list (a `setupRequest` varies each request, e.g. its path).
  const request = Object.fromEntries(Object.entries({ method, headers, body, requests }).filter(([, v]) => v !== undefined));
  const instance = autocannon({ url, connections, duration, timeout, ...request });
  instance.on('response', (_client, _status, _bytes, responseTime) => {
    times.push(responseTime);
    if (times.length === maxRequests) instance.stop();
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    p95: percentile(times, 95),
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    rps: Math.round((result['2xx'] / (result.duration || duration)) * 10) / 10,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    seconds: result.duration,
  };
}

/**
 * `count` requests one after the other: what one person waits, without the queueing of a load test.
 * Any non-2xx answer throws (a bench of error pages would measure nothing). Returns the sorted times
 * in milliseconds and the last body as text, for benches that check what the call answered.
 */
export async function oneAtATime(url, { method = 'GET', headers, body } = {}, { name = url, count = 20 } = {}) {
  const times = [];
  let text = '';
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method, headers, body });
    text = await res.text();
    if (!res.ok) throw new Error(`${name}: ${res.status} ${text}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { times, body: text };
}

/**
 * The figures of one call: 20 requests one at a time (serialP50 / serialP95), then autocannon at
 * `connections` for `duration` seconds (p95, p50, rps, non2xx, errors), with one progress line.
 * Returns `{ figures, body }`, `body` being the last one-at-a-time answer (text).
 */
export async function serialThenLoad(url, request, { name, connections, duration, timeout, log }) {
  const serial = await oneAtATime(url, request, { name });
  const { p95, p50, rps, non2xx, errors } = await loadTest(url, { ...request, connections, duration, timeout });
  const figures = { name, serialP50: percentile(serial.times, 50), serialP95: percentile(serial.times, 95), p95, p50, rps, non2xx, errors };
  log(`${name}: one at a time p95 ${figures.serialP95} ms; ${connections} connections p95 ${figures.p95} ms, ${figures.rps} req/s`);
  return { figures, body: serial.body };
}

// ── output ───────────────────────────────────────────────────────────────────

/** The figures as ONE line, the last one on stdout: `pnpm bench` parses the last line as JSON. */
export function printFigures(figures) {
  console.log(JSON.stringify(figures));
}

/**
 * Measures on each database `which` asks for (both by default), PostgreSQL's API on `postgresPort`
 * (the next port unless given), then prints `figures` with their `pglite` / `postgres` entries.
 * `skipOnError`: a database that fails (PostgreSQL not installed) is reported `{ skipped }` instead of
 * ending the bench. `bench` holds onPglite's / onPostgres' seed, measure, log and env.
 */
export async function measureAndPrint(
  figures,
  { name, which = { pglite: true, postgres: true }, port, postgresPort = port + 1, skipOnError = false, ...bench },
) {
  const settle = (running) => (skipOnError ? running.catch((err) => ({ skipped: err.message })) : running);
  if (which.pglite) figures.pglite = await settle(onPglite({ ...bench, port, prefix: `signpost-${name}-` }));
  if (which.postgres) figures.postgres = await settle(onPostgres({ ...bench, port: postgresPort, prefix: `signpost-${name}-pg-` }));
  printFigures(figures);
}
