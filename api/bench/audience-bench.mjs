#!/usr/bin/env node
// Audience preview and client-list latency over 100,000 client members.
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
import { SEEDED_ADMIN, adminHeaders, adminWebsite, benchLog, databasesFromFlags, measureAndPrint, scenarioSeconds, serialThenLoad } from './lib.mjs';

const which = databasesFromFlags();
const { email } = SEEDED_ADMIN;
const connections = Number(process.env.BENCH_AUDIENCE_CONNECTIONS ?? 10);
const duration = scenarioSeconds(8);
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const PORT = { pglite: 14010, postgres: 14011 };
const log = benchLog('audience bench');

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

/** Adds the rows through `query(text, params)` (PGlite and pg share the shape); returns the website id. */
async function seed(query) {
  const started = Date.now();
  const { websiteId } = await adminWebsite(query, email);
  await query(SEED_MEMBERS, [websiteId, ROWS]);
  await query(SEED_CLIENTS, [ROWS]);
  await query('analyze client_members', []);
  await query('analyze users', []);
  log(`seeded ${ROWS} client members and ${ROWS} client accounts in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return websiteId;
}

/** One request at a time (what one person waits), then autocannon at `connections` (load). */
async function measure(apiUrl, name, { path: urlPath, ...request }) {
  const { figures } = await serialThenLoad(new URL(urlPath, apiUrl).toString(), request, { name, connections, duration, timeout: 20, log });
  return { ...figures, connections };
}

async function scenarios(apiUrl, websiteId) {
  const headers = await adminHeaders(apiUrl, websiteId);
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

const run = { seed, measure: scenarios, log };

await measureAndPrint(
  { rows: ROWS, connections },
  { ...run, name: 'audience-bench', which, port: PORT.pglite, postgresPort: PORT.postgres, skipOnError: true },
);
