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
import { adminHeaders, databasesFromDb, loadTest, measureAndPrint, popupBenchSettings, seedPopups } from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const {
  popups: POPUPS,
  connections,
  duration,
  port: PORT,
  log,
} = popupBenchSettings('popups-bench', { popups: 100_000, connections: 10, seconds: 5, port: 14030 });

/**
 * The popups (seedPopups in lib.mjs: realistic fractions for each filter, every 7th with a tag), and
 * one group that every 10th popup targets (the list joins both).
 */
async function seed(query) {
  log(`inserting ${POPUPS} popups…`);
  const { websiteId } = await seedPopups(query, POPUPS);
  const groupId = (await query(`insert into groups (website_id, name) values ($1, 'Bench group') returning id`, [websiteId])).rows[0].id;
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
  const headers = await adminHeaders(apiUrl, websiteId);
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

const result = { popups: POPUPS, connections, seconds: duration };
await measureAndPrint(result, { name: 'popups-bench', which: databasesFromDb(values.db), port: PORT, seed, log, measure });
process.exit(0);
