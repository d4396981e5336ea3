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

const { values } = parseArgs({ options: { db: { type: 'string' }, only: { type: 'string' } } });
const POPUPS = Number(process.env.BENCH_POPUPS ?? 400);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = scenarioSeconds(5);
const PORT = Number(process.env.BENCH_PORT ?? 14050);
const log = benchLog('lists-bench');

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
    [websiteId, userId, tagId, JSON.stringify(POPUP_DOCUMENT), POPUPS],
  );
  await query('analyze contents');
  return websiteId;
}

async function measure(apiUrl, websiteId) {
  const headers = websiteHeaders(await signIn(apiUrl, SEEDED_ADMIN), websiteId);
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

const common = { seed, log, measure };
const result = { popups: POPUPS, connections, seconds: duration, targets: TARGETS };
if (!values.db || values.db === 'pglite') result.pglite = await onPglite({ ...common, port: PORT, prefix: 'signpost-lists-bench-' });
if (!values.db || values.db === 'postgres') result.postgres = await onPostgres({ ...common, port: PORT + 1, prefix: 'signpost-lists-bench-pg-' });
printFigures(result);
process.exit(0);
