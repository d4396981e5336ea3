#!/usr/bin/env node
// People at volume on PostgreSQL: seeds BENCH_PEOPLE identified people (default 1,000,000), one
// browser each, and BENCH_EVENTS visitor events (default 100,000,000) spread over 90 days, all with
// COPY-free set-based SQL (generate_series, in batches of BENCH_BATCH events so progress shows and a
// batch's WAL stays bounded); then, while autocannon drives the website script's content call at
// BENCH_CONNECTIONS connections, times the people list (first page, a search by e-mail, a filter by
// attribute value) and a person's page and timeline one request at a time, and prints their p95
// beside the content call's throughput.
//
//   node api/bench/people-bench.mjs                                   # 1M people / 100M events (hours on 2 cores)
//   BENCH_PEOPLE=100000 BENCH_EVENTS=5000000 node api/bench/people-bench.mjs
//
// Needs the built API (pnpm --filter api build) and PostgreSQL installed (a throwaway cluster is started).
// Env: BENCH_PEOPLE, BENCH_EVENTS, BENCH_BATCH (1000000), BENCH_CONNECTIONS (20), BENCH_SECONDS (20),
// BENCH_SAMPLES (40 timed requests per people call), BENCH_PORT (14060).
// Prints JSON on its last line: { people, events, seedSeconds, list: { p50, p95 }, search: …, person: …,
// timeline: …, content: { rps, p95, … } } (milliseconds, requests/s).
import { SEEDED_ADMIN, adminWebsite, benchLog, loadTest, onPostgres, percentile, printFigures, scenarioSeconds, signIn, websiteHeaders } from './lib.mjs';

const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 1_000_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 1_000_000);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);
const duration = scenarioSeconds(20);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 14060);
const log = benchLog('people-bench');
const env = { PUBLIC_CONTENT_PER_MINUTE: '100000000', PUBLIC_WEBSITE_CONTENT_PER_MINUTE: '100000000' };

async function seed(query) {
  const t0 = performance.now();
  const { websiteId } = await adminWebsite(query, SEEDED_ADMIN.email);
  const { rows } = await query('select public_key from websites where id = $1', [websiteId]);
  log(`seeding ${PEOPLE} people…`);
  await query(
    `insert into client_members (website_id, member_id, username, email, attributes, created_at)
     select $1, 'bench-' || g, 'Person ' || g, 'person' || g || '@bench.test',
       jsonb_build_object('plan', case when g % 3 = 0 then 'pro' else 'free' end, 'company', 'Company ' || (g % 5000)),
       now() - make_interval(secs => g)
     from generate_series(1, $2::int) g`,
    [websiteId, PEOPLE],
  );
  await query(
    `insert into visitors (website_id, visitor_id, client_member_id, first_seen_at, last_seen_at)
     select $1, 'bv-' || m.member_id, m.id, now() - interval '90 days', now() - make_interval(secs => (hashtext(m.member_id) & 7775999))
     from client_members m where m.website_id = $1 and m.member_id like 'bench-%'`,
    [websiteId],
  );
  const types = `(array['session','view','close','click'])`;
  for (let from = 1; from <= EVENTS; from += BATCH) {
    const to = Math.min(EVENTS, from + BATCH - 1);
    // Event g belongs to person 1 + g % PEOPLE, at a time spread over 90 days.
    await query(
      `insert into visitor_events (website_id, type, visitor_id, device, occurred_at)
       select $1, ${types}[1 + (g % 4)], 'bv-bench-' || (1 + (g % $2::bigint)), case when g % 4 = 0 then (array['web','mobile'])[1 + (g / 4) % 2] end,
         now() - make_interval(secs => (g * 7919) % 7776000)
       from generate_series($3::bigint, $4::bigint) g`,
      [websiteId, PEOPLE, from, to],
    );
    log(`events ${to}/${EVENTS} (${Math.round((performance.now() - t0) / 1000)} s)`);
  }
  await query('analyze');
  const person = (await query(`select id from client_members where website_id = $1 and member_id = 'bench-' || $2::text`, [websiteId, Math.ceil(PEOPLE / 2)]))
    .rows[0].id;
  return { websiteId, key: rows[0].public_key, person, seedSeconds: Math.round((performance.now() - t0) / 1000) };
}

/** `count` requests one after the other while the content call is under load: what a console user waits. */
async function timed(url, headers, count = SAMPLES) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers });
    await res.text();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) };
}

async function measure(apiUrl, seeded) {
  const token = await signIn(new URL(apiUrl), SEEDED_ADMIN);
  const headers = websiteHeaders(token, seeded.websiteId);
  const base = `${apiUrl}/api/people`;
  const content = `${apiUrl}/api/public/${seeded.key}/content?visitorId=bv-bench-7&url=${encodeURIComponent('http://localhost:3005/')}`;
  log('content call alone…');
  const contentAlone = await loadTest(content, { connections, duration: Math.max(5, Math.round(duration / 2)), timeout: 10 });
  log('content call under load, people calls timed beside it…');
  const load = loadTest(content, { connections, duration, timeout: 10 });
  const list = await timed(`${base}?page=1&pageSize=25`, headers);
  const search = await timed(`${base}?search=${encodeURIComponent(`person${Math.ceil(PEOPLE / 3)}@bench.test`)}`, headers);
  const person = await timed(`${base}/${seeded.person}`, headers);
  const timeline = await timed(`${base}/${seeded.person}/timeline?pageSize=50`, headers);
  const contentUnderLoad = await load;
  return {
    people: PEOPLE,
    events: EVENTS,
    seedSeconds: seeded.seedSeconds,
    connections,
    list,
    search,
    person,
    timeline,
    contentAlone,
    content: contentUnderLoad,
  };
}

const figures = await onPostgres({ prefix: 'signpost-people-bench-', port: PORT, env, seed, measure, log });
printFigures(figures);
