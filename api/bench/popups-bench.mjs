#!/usr/bin/env node
// The popup list (GET /api/popups) with 100,000 popups in one website, on PGlite and on PostgreSQL.
//
//   node api/bench/popups-bench.mjs            # both databases (PostgreSQL skipped when not installed)
//   node api/bench/popups-bench.mjs --db=pglite
//
// It starts its own API from the build (`node api/dist/main.js`, through api/bench/lib.mjs)
// on a throwaway DATA_DIR and loopback port, lets it migrate and seed, stops it, bulk-inserts the popups
// straight through SQL (one INSERT … SELECT generate_series: seeding through the API would take
// longer than the measure), starts it again and measures with autocannon:
//   first   page 1 of the list (the screen's first request);
//   filters status + priority + position (the filter bar);
//   search  a title search (ILIKE, no index can serve it: the worst case);
//   deep    page 5,000 (OFFSET 49,990).
// Env: BENCH_POPUPS (100000), BENCH_CONNECTIONS (10), BENCH_SECONDS (5 per scenario and
// concurrency), BENCH_PORT (14030; PostgreSQL's API on the next port).
// Prints JSON on its last line: { popups, connections, pglite: { first: { serialP95, p95, p50, rps, … }, … },
// postgres: … }.
import { parseArgs } from 'node:util';
import {
  POPUP_DOCUMENT,
  SEEDED_ADMIN,
  adminWebsite,
  benchLog,
  loadTest,
  onPglite,
  onPostgres,
  printFigures,
  scenarioSeconds,
  signIn,
  websiteHeaders,
} from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const POPUPS = Number(process.env.BENCH_POPUPS ?? 100_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const duration = scenarioSeconds(5);
const PORT = Number(process.env.BENCH_PORT ?? 14030);
const log = benchLog('popups-bench');

/**
 * The seeding statements, for a client with `query(sql, params)`. Titles, statuses, positions,
 * priorities and formats vary so the filters select realistic fractions; every 7th popup has a tag
 * and every 10th targets a group (the list joins both). Dates go back one second per popup.
 */
async function seed(query) {
  log(`inserting ${POPUPS} popups…`);
  const { websiteId, userId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const tagId = (await query(`insert into tags (website_id, name, color) values ($1, 'Bench tag', '#ff8800') returning id`, [websiteId])).rows[0].id;
  const groupId = (await query(`insert into groups (website_id, name) values ($1, 'Bench group') returning id`, [websiteId])).rows[0].id;
  await query(
    `insert into contents (website_id, kind, sender_id, tag_id, title, status, position, priority, style, devices, document, created_at, updated_at)
     select $1, 'popup', $2, case when g % 7 = 0 then $3::uuid end, 'Popup ' || g,
            (array['public','draft','scheduled','cancelled'])[1 + g % 4],
            (array['topL','topC','topR','centerL','center','centerR','bottomL','bottomC','bottomR'])[1 + g % 9],
            (array['low','normal','high'])[1 + g % 3],
            (array['small','medium','large'])[1 + g % 3],
            'all', $4::jsonb, now() - g * interval '1 second', now()
     from generate_series(1, $5::int) g`,
    [websiteId, userId, tagId, JSON.stringify(POPUP_DOCUMENT), POPUPS],
  );
  await query(
    `insert into content_groups (content_id, group_id)
     select id, $2 from (select id, row_number() over (order by created_at) n from contents where website_id = $1 and kind = 'popup') c where n % 10 = 0`,
    [websiteId, groupId],
  );
  // Fresh statistics and visibility map, as a long-lived database would have.
  await query('vacuum analyze contents');
  await query('analyze content_groups');
  return websiteId;
}

/** autocannon on one list call at `conns` connections for `duration` seconds. */
async function run(apiUrl, headers, pathAndQuery, conns) {
  const { p95, p50, p99, rps, requests, non2xx, errors } = await loadTest(new URL(pathAndQuery, apiUrl).toString(), {
    connections: conns,
    duration,
    timeout: 10,
    headers,
  });
  return { p95, p50, p99, rps, requests, non2xx, errors };
}

async function measure(apiUrl, websiteId) {
  const headers = websiteHeaders(await signIn(apiUrl, SEEDED_ADMIN), websiteId);
  const check = await fetch(new URL('/api/popups?pageSize=1', apiUrl), { headers });
  const total = (await check.json()).meta?.totalDocs;
  if (total < POPUPS) throw new Error(`the list holds ${total} popups, expected ${POPUPS}`);
  const out = {};
  for (const [name, q] of [
    ['first', '/api/popups?page=1&pageSize=10'],
    ['filters', '/api/popups?page=1&pageSize=10&status=draft&priority=high&position=topR'],
    ['search', '/api/popups?page=1&pageSize=10&titleOfPopup=9999'],
    ['deep', '/api/popups?page=5000&pageSize=10'],
  ]) {
    log(`${name}: ${q}`);
    // One at a time (what one user waits), then at `connections` (a busy console).
    const serial = await run(apiUrl, headers, q, 1);
    out[name] = { serialP95: serial.p95, serialP50: serial.p50, ...(await run(apiUrl, headers, q, connections)) };
  }
  return out;
}

const common = { port: PORT, seed, log, measure };

const result = { popups: POPUPS, connections, seconds: duration };
if (!values.db || values.db === 'pglite') result.pglite = await onPglite({ ...common, prefix: 'signpost-popups-bench-' });
if (!values.db || values.db === 'postgres') result.postgres = await onPostgres({ ...common, port: PORT + 1, prefix: 'signpost-popups-bench-pg-' });
printFigures(result);
process.exit(0);
