#!/usr/bin/env node
// Audience preview and client-list latency over 100,000 client members (issue 4, "pnpm bench adds").
//
//   node api/bench/audience-bench.mjs [--pglite] [--postgres]     (both by default)
//
// For each database it starts the BUILT API (api/dist/main.js) alone on a loopback port with a
// throwaway data folder (PGlite) or a throwaway PostgreSQL cluster, lets it migrate and seed, adds
// 100,000 client members to the demo website (and 100,000 client accounts for the super-admin's
// client list) with one INSERT … SELECT generate_series each, then measures with autocannon:
//   - POST /api/clients with the tree (state = active AND (division = north OR south)) OR memberId
//     starts with vip- (the audience preview), page 1;
//   - GET /api/client-members page 1 and the LAST page (OFFSET ~100,000);
//   - GET /api/admin/users (the super-admin client list) page 1 and the last page.
// PGlite cannot be opened by two processes: the API is stopped while the rows go in, then restarted.
//
// Env: BENCH_AUDIENCE_CONNECTIONS (10), BENCH_SECONDS (8 per scenario), BENCH_ROWS (100000),
//      SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD (the seeded super-admin).
// Prints one JSON line at the end: { pglite: { preview: {p95, rps, serialP95…}, … }, postgres: … }.
import autocannon from 'autocannon';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { startProduct } from '../../scripts/lib/product.mjs';
import { getThrowawayPostgres } from '../../scripts/lib/pg-throwaway.mjs';

const { values } = parseArgs({ options: { pglite: { type: 'boolean' }, postgres: { type: 'boolean' } } });
const which = values.pglite || values.postgres ? { pglite: Boolean(values.pglite), postgres: Boolean(values.postgres) } : { pglite: true, postgres: true };
const email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local';
const password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1';
const connections = Number(process.env.BENCH_AUDIENCE_CONNECTIONS ?? 10);
const duration = Math.min(Number(process.env.BENCH_SECONDS ?? 8), 60);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = { pglite: 14010, postgres: 14011 };
const log = (line) => console.error(`» audience bench: ${line}`);

export const MUST_SHOW_TREE = {
  operator: 'or',
  predicates: [
    {
      operator: 'and',
      predicates: [
        { attribute: 'state', comparison: 'is', selectedValue: 'active' },
        {
          operator: 'or',
          predicates: [
            { attribute: 'division', comparison: 'is', selectedValue: 'north' },
            { attribute: 'division', comparison: 'is', selectedValue: 'south' },
          ],
        },
      ],
    },
    { attribute: 'memberId', comparison: 'starts_with', selectedValue: 'vip-' },
  ],
};

/** The rows, in SQL: deterministic, varied (4 divisions, 3 states, 1 in 13 a vip-), spread in time. */
const SEED_MEMBERS = `
  insert into client_members (website_id, member_id, username, division, state, domain, attributes, created_at)
  select $1::uuid,
         case when g % 13 = 0 then 'vip-' || g else 'bench-' || g end,
         'person' || g,
         (array['north','south','east','west'])[1 + g % 4],
         (array['active','inactive','trial'])[1 + (g * 7) % 3],
         'bench.example.test',
         jsonb_build_object('visits', g % 120, 'newsletter', g % 3 = 0),
         now() - make_interval(secs => g)
  from generate_series(1, $2::int) g
  on conflict do nothing`;
const SEED_CLIENTS = `
  with org as (insert into organisations (name) values ('Bench clients') returning id)
  insert into users (organisation_id, name, email, password_hash, created_at)
  select org.id, 'Client ' || g, 'client' || g || '@bench.example.test', null, now() - make_interval(secs => g)
  from org, generate_series(1, $1::int) g`;
const ADMIN_WEBSITE = `
  select w.id from websites w join users u on u.organisation_id = w.organisation_id
  where u.email = $1 order by w.created_at asc limit 1`;

/** Adds the rows through `query(text, params)` (PGlite and pg share the shape); returns the website id. */
async function seed(query) {
  const started = Date.now();
  const { rows } = await query(ADMIN_WEBSITE, [email]);
  if (!rows[0]) throw new Error(`no website for ${email}`);
  await query(SEED_MEMBERS, [rows[0].id, ROWS]);
  await query(SEED_CLIENTS, [ROWS]);
  await query('analyze client_members', []);
  await query('analyze users', []);
  log(`seeded ${ROWS} client members and ${ROWS} client accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return rows[0].id;
}

function percentile(sorted, p) {
  if (!sorted.length) return null;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, i)] * 100) / 100;
}

/** One request at a time (what one person waits), then autocannon at `connections` (load). */
async function measure(apiUrl, name, { path: urlPath, method = 'GET', headers, body }) {
  const url = new URL(urlPath, apiUrl).toString();
  const serial = [];
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { method, headers, body });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
    serial.push(performance.now() - t0);
  }
  serial.sort((a, b) => a - b);
  const times = [];
  const instance = autocannon({ url, method, headers, body, connections, duration, timeout: 20 });
  instance.on('response', (_c, _s, _b, responseTime) => times.push(responseTime));
  const result = await instance;
  times.sort((a, b) => a - b);
  const figures = {
    name,
    serialP50: percentile(serial, 50),
    serialP95: percentile(serial, 95),
    p95: percentile(times, 95),
    p50: percentile(times, 50),
    rps: Math.round((result['2xx'] / (result.duration || duration)) * 10) / 10,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    connections,
  };
  log(`${name}: one at a time p95 ${figures.serialP95} ms; ${connections} connections p95 ${figures.p95} ms, ${figures.rps} req/s`);
  return figures;
}

async function scenarios(apiUrl, websiteId) {
  const login = await fetch(new URL('/api/auth/login', apiUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in failed (${login.status})`);
  const token = (await login.json()).data.access_token;
  const headers = { authorization: `Bearer ${token}`, activewebsite: websiteId };
  const json = { ...headers, 'content-type': 'application/json' };
  const total = async (urlPath) => (await (await fetch(new URL(urlPath, apiUrl), { headers })).json()).meta.totalDocs;
  const members = await total('/api/client-members?page=1&pageSize=10');
  const clients = await total('/api/admin/users?page=1&pageSize=10');
  const matching = (
    await (await fetch(new URL('/api/clients?page=1&pageSize=10', apiUrl), { method: 'POST', headers: json, body: JSON.stringify(MUST_SHOW_TREE) })).json()
  ).meta.totalDocs;
  log(`${members} client members (${matching} match the tree), ${clients} client accounts`);
  const lastMembers = Math.max(1, Math.ceil(members / 10));
  const lastClients = Math.max(1, Math.ceil(clients / 10));
  return {
    rows: { members, matching, clients },
    preview: await measure(apiUrl, 'POST /api/clients (must-show tree, page 1)', {
      path: '/api/clients?page=1&pageSize=10',
      method: 'POST',
      headers: json,
      body: JSON.stringify(MUST_SHOW_TREE),
    }),
    previewLast: await measure(apiUrl, `POST /api/clients (must-show tree, last page ${Math.ceil(matching / 10)})`, {
      path: `/api/clients?page=${Math.max(1, Math.ceil(matching / 10))}&pageSize=10`,
      method: 'POST',
      headers: json,
      body: JSON.stringify(MUST_SHOW_TREE),
    }),
    membersFirst: await measure(apiUrl, 'GET /api/client-members page 1', { path: '/api/client-members?page=1&pageSize=10', headers }),
    membersLast: await measure(apiUrl, `GET /api/client-members last page (${lastMembers})`, {
      path: `/api/client-members?page=${lastMembers}&pageSize=10`,
      headers,
    }),
    clientsFirst: await measure(apiUrl, 'GET /api/admin/users page 1', { path: '/api/admin/users?page=1&pageSize=10', headers }),
    clientsLast: await measure(apiUrl, `GET /api/admin/users last page (${lastClients})`, {
      path: `/api/admin/users?page=${lastClients}&pageSize=10`,
      headers,
    }),
  };
}

const startApi = (dataDir, port, env = {}) =>
  startProduct({ dataDir, apps: ['api'], ports: { api: port }, hostname: '127.0.0.1', quiet: true, env: { HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env } });

async function onPglite() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-audience-bench-'));
  let api;
  try {
    log('PGlite: first start (migrate, seed)…');
    api = await startApi(dataDir, PORT.pglite);
    await api.stop();
    api = null;
    const db = await PGlite.create(path.join(dataDir, 'pglite'));
    let websiteId;
    try {
      websiteId = await seed((text, params) => db.query(text, params));
    } finally {
      await db.close();
    }
    api = await startApi(dataDir, PORT.pglite);
    return await scenarios(api.urls.api, websiteId);
  } finally {
    await api?.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres() {
  const got = await getThrowawayPostgres();
  if (!got.pg) return { skipped: got.reason };
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'signpost-audience-bench-pg-'));
  let api;
  try {
    log('PostgreSQL: start (migrate, seed)…');
    api = await startApi(dataDir, PORT.postgres, { DATABASE_URL: got.pg.url });
    const client = new pg.Client({ connectionString: got.pg.url });
    await client.connect();
    let websiteId;
    try {
      websiteId = await seed((text, params) => client.query(text, params));
    } finally {
      await client.end();
    }
    return await scenarios(api.urls.api, websiteId);
  } finally {
    await api?.stop().catch(() => {});
    await got.pg.stop().catch(() => {});
    await rm(dataDir, { recursive: true, force: true });
  }
}

const out = { rows: ROWS, connections };
if (which.pglite) out.pglite = await onPglite().catch((err) => ({ skipped: err.message }));
if (which.postgres) out.postgres = await onPostgres().catch((err) => ({ skipped: err.message }));
// One line: `pnpm bench` reads the last line as JSON.
console.log(JSON.stringify(out));
