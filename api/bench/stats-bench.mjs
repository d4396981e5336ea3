#!/usr/bin/env node
// Visitor events and statistics:
//   - ingestion throughput: events/s accepted by POST /api/public/{key}/events, batches of 100 events
//     over HTTP at BENCH_STATS_CONNECTIONS connections (autocannon);
//   - the p95 of each statistics call (/api/count, /api/stats/user-connected, /api/stats/views,
//     /api/stats/interractions, /api/stats/traffic) for a 30-day range over 1,000,000 events of the
//     website, one request at a time and under load.
//
//   node api/bench/stats-bench.mjs [--pglite] [--postgres]     (both by default)
//
// For each database it starts the BUILT API (api/dist/main.js) alone on a loopback port (14020,
// 14021) with a throwaway data folder or PostgreSQL cluster, lets it migrate and seed, then puts in
// the bench seed with one INSERT … SELECT generate_series: six content items and BENCH_EVENTS
// events over the last 30 days (plus 10% as many on another website, which must not count). This
// is a bench seed, not the product: the product only ever stores events through the public call.
// PGlite cannot be opened by two processes: the API is stopped while the rows go in, then restarted.
// The ingestion limit (PUBLIC_EVENTS_PER_MINUTE) is lifted for the run: autocannon is one address,
// and what is measured is what the API can accept, not the flood guard.
//
// Env: BENCH_EVENTS (1000000), BENCH_STATS_CONNECTIONS (10), BENCH_SECONDS (8 per scenario),
//      SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD (the seeded super-admin).
// Prints one JSON line at the end: { events, pglite: { ingestion, stats }, postgres: … }.
import { SEEDED_ADMIN, adminHeaders, adminWebsite, benchLog, databasesFromFlags, loadTest, measureAndPrint, scenarioSeconds, serialThenLoad } from './lib.mjs';

const which = databasesFromFlags();
const connections = Number(process.env.BENCH_STATS_CONNECTIONS ?? 10);
const duration = scenarioSeconds(8);
const timeout = 30;
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const PORT = { pglite: 14020, postgres: 14021 };
const log = benchLog('stats bench');
const SEED_CONTENTS = `
  insert into contents (website_id, kind, title, status, document)
  select $1::uuid, k, 'Bench ' || k || ' ' || g, 'public', '{}'::jsonb
  from unnest(array['popup','popup','popup','banner','banner','push']) with ordinality as t(k, g)
  returning id, kind`;
const OTHER_WEBSITE = `
  insert into websites (organisation_id, name, domain)
  select organisation_id, 'Bench other website', 'other.bench.example.test' from websites where id = $1::uuid
  returning id`;
/**
 * The events, in SQL: three sessions for every view, reactions, comments and closes among them;
 * 50,000 distinct visitors, 40% on mobile; spread evenly over the last 30 days (to the second).
 */
const SEED_EVENTS = `
  insert into visitor_events (website_id, type, visitor_id, device, content_id, content_kind, occurred_at)
  select $1::uuid, t.type, 'bench-visitor-' || (g::bigint * 7919 % 50000),
         case when t.type = 'session' then case when g % 5 < 2 then 'mobile' else 'web' end end,
         case when t.type <> 'session' then ($3::uuid[])[1 + g % cardinality($3::uuid[])] end,
         case when t.type <> 'session' then ($4::text[])[1 + g % cardinality($4::text[])] end,
         now() - make_interval(secs => (g::bigint * 2591999 / $2::int)::int)
  from generate_series(1, $2::int) g
  cross join lateral (select (array['session','session','session','view','view','react','comment','close'])[1 + g % 8] as type) t`;

/** Puts the bench seed in through `query(text, params)` (PGlite and pg share the shape). */
async function seed(query) {
  const started = Date.now();
  const { websiteId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const contents = (await query(SEED_CONTENTS, [websiteId])).rows.filter((c) => c.kind !== 'push');
  const ids = contents.map((c) => c.id);
  const kinds = contents.map((c) => c.kind);
  await query(SEED_EVENTS, [websiteId, EVENTS, ids, kinds]);
  const other = (await query(OTHER_WEBSITE, [websiteId])).rows[0].id;
  const otherContents = (await query(SEED_CONTENTS, [other])).rows.filter((c) => c.kind !== 'push');
  await query(SEED_EVENTS, [other, Math.round(EVENTS / 10), otherContents.map((c) => c.id), otherContents.map((c) => c.kind)]);
  await query('analyze visitor_events', []);
  log(`seeded ${EVENTS} events (+${Math.round(EVENTS / 10)} on another website) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { websiteId, contentIds: ids };
}

/**
 * A batch of 100 events as a website's script sends it: one visitor's (with the visitor token the
 * content call gave them), sessions and what they did with content.
 */
function batch(contentIds, visitorId, token) {
  const events = [];
  for (let i = 0; i < 100; i++) {
    const contentId = contentIds[i % contentIds.length];
    if (i % 4 === 0) events.push({ type: 'view', visitorId, contentId });
    else if (i % 10 === 1) events.push({ type: 'close', visitorId, contentId });
    else if (i % 10 === 3) events.push({ type: 'react', visitorId, contentId, emoji: '👍' });
    else events.push({ type: 'session', visitorId, device: i % 3 ? 'web' : 'mobile' });
  }
  return JSON.stringify({ token, events });
}

async function scenarios(apiUrl, { websiteId, contentIds }) {
  const headers = await adminHeaders(apiUrl, websiteId);
  const sites = await (await fetch(new URL('/api/websites?pageSize=1000', apiUrl), { headers })).json();
  const key = sites.docs.find((w) => w._id === websiteId).publicKey;

  const end = new Date();
  const start = new Date(end.getTime() - 30 * 86_400_000);
  const q = `startDate=${start.toISOString()}&endDate=${end.toISOString()}&timezone=Europe%2FParis`;
  const stats = {};
  let check = null;
  for (const p of ['/api/count', '/api/stats/user-connected', '/api/stats/views', '/api/stats/interractions', '/api/stats/traffic']) {
    const { figures, body } = await serialThenLoad(
      new URL(`${p}?${q}`, apiUrl).toString(),
      { headers },
      { name: `GET ${p} (30 days)`, connections, duration, timeout, log },
    );
    stats[p] = figures;
    if (p === '/api/stats/views') check = JSON.parse(body).data.reduce((sum, v) => sum + v.count, 0);
  }
  log(`views counted over 30 days: ${check} (of ${EVENTS} events, a quarter of them views)`);

  // Ingestion last, so the statistics above ran over exactly the seeded million.
  const visitorId = 'load-visitor';
  const { token } = await (await fetch(new URL(`/api/public/${key}/content?visitorId=${visitorId}&url=https%3A%2F%2Fbench.example%2F`, apiUrl))).json();
  const ingestion = await loadTest(new URL(`/api/public/${key}/events`, apiUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: batch(contentIds, visitorId, token),
    connections,
    duration,
    timeout,
  });
  ingestion.eventsPerSecond = Math.round(ingestion.rps * 100);
  log(`ingestion: ${ingestion.eventsPerSecond} events/s accepted (${ingestion.rps} batches of 100/s), p95 ${ingestion.p95} ms at ${connections} connections`);
  return { viewsCounted: check, stats, ingestion };
}

// The ingestion limit is lifted: autocannon is one address, and the figure is what the API accepts.
const run = { env: { PUBLIC_EVENTS_PER_MINUTE: '1000000000', PUBLIC_WEBSITE_EVENTS_PER_MINUTE: '1000000000' }, seed, measure: scenarios, log };

await measureAndPrint(
  { events: EVENTS, connections },
  { ...run, name: 'stats-bench', which, port: PORT.pglite, postgresPort: PORT.postgres, skipOnError: true },
);
