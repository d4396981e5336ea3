#!/usr/bin/env node
// The throughput of every list of the console at 50 connections, on PGlite and on
// PostgreSQL, with about 400 popups in the website.
//
//   node api/bench/lists-bench.mjs              # both databases (PostgreSQL skipped when not installed)
//   node api/bench/lists-bench.mjs --db=pglite
//   node api/bench/lists-bench.mjs --db=postgres --only=popups,admin/users   # only the lists whose path ends so
//
// It starts its own API from the build (`node api/dist/main.js`, through api/bench/lib.mjs) on a
// throwaway DATA_DIR and loopback port, lets it migrate and seed, puts the popups in through SQL
// (one INSERT … SELECT generate_series), then measures page 1 of each list (10 rows, what the
// screen asks first) with autocannon, after one second of warming up on each.
// The paths come from the call definitions in `contracts` (TypeScript, loaded through tsx), so the
// bench measures what the API serves and never spells an /api/ path itself.
// Targets: ≥ 600 req/s at p99 ≤ 150 ms on PGlite, ≥ 2,000 req/s at p99 ≤ 60 ms on PostgreSQL.
// Env: BENCH_POPUPS (400), BENCH_CONNECTIONS (50), BENCH_SECONDS (5 per list), BENCH_PORT (14050;
// PostgreSQL's API on the next port).
// Prints JSON on its last line: { popups, connections, seconds, targets, pglite: { lists: [{ name,
// path, rps, p99, p95, p50, non2xx, errors }] }, postgres: … }.
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { adminHeaders, databasesFromDb, loadTest, measureAndPrint, popupBenchSettings, seedPopups } from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' }, only: { type: 'string' } } });
const { popups: POPUPS, connections, duration, port: PORT, log } = popupBenchSettings('lists-bench', { popups: 400, connections: 50, seconds: 5, port: 14050 });

/** A list page must answer this fast at 50 connections, or the console feels slow on a busy website. */
export const TARGETS = { pglite: { rps: 600, p99: 150 }, postgres: { rps: 2000, p99: 60 } };

const contracts = await tsImport('contracts', import.meta.url);
/** Every list of the console, by its call definition (the path is the call's). */
const LISTS = [
  contracts.listRolesCall,
  contracts.listGroupsCall,
  contracts.listPopupsCall,
  contracts.listBannersCall,
  contracts.listPushNotificationsCall,
  contracts.listTagsCall,
  contracts.listWorkspacesCall,
  contracts.listWebsitesCall,
  contracts.listInvitationsCall,
  contracts.listSegmentsCall,
  contracts.listAttributesCall,
  contracts.listAdminUsersCall,
]
  .map((call) => {
    if (!call || call.method !== 'GET') throw new Error(`lists-bench: a list call is missing or not a GET: ${call?.path}`);
    return call.path;
  })
  .filter((listPath) => !values.only || values.only.split(',').some((end) => listPath.endsWith(`/${end.replace(/^\/+/, '')}`)));
if (LISTS.length === 0) throw new Error(`lists-bench: --only=${values.only} names no list`);

/** The popups, in the seeded admin's first website (titles, statuses and positions vary; every 7th has a tag). */
async function seed(query) {
  log(`inserting ${POPUPS} popups…`);
  const { websiteId } = await seedPopups(query, POPUPS);
  await query('analyze contents');
  return websiteId;
}

async function measure(apiUrl, websiteId) {
  const headers = await adminHeaders(apiUrl, websiteId);
  // A server that has run for a while: each list answered for a second first (the first list measured
  // would otherwise pay for the JIT warming up, and the others not).
  for (const listPath of LISTS) {
    await loadTest(new URL(`${listPath}?page=1&pageSize=10`, apiUrl).toString(), { connections, duration: 1, timeout: 10, headers });
  }
  const lists = [];
  for (const listPath of LISTS) {
    const url = new URL(`${listPath}?page=1&pageSize=10`, apiUrl).toString();
    // One answer first: a list that fails would be measured as a fast error page.
    const res = await fetch(url, { headers });
    if (!res.ok) throw new Error(`GET ${listPath}: ${res.status} ${await res.text()}`);
    const rows = (await res.json()).meta?.totalDocs ?? null;
    const { rps, p99, p95, p50, non2xx, errors } = await loadTest(url, { connections, duration, timeout: 10, headers });
    log(`GET ${listPath} (${rows} rows): ${rps} req/s, p99 ${p99} ms`);
    lists.push({ name: `GET ${listPath}`, path: listPath, rows, rps, p99, p95, p50, non2xx, errors });
  }
  return { lists };
}

const result = { popups: POPUPS, connections, seconds: duration, targets: TARGETS };
await measureAndPrint(result, { name: 'lists-bench', which: databasesFromDb(values.db), port: PORT, seed, log, measure });
process.exit(0);
