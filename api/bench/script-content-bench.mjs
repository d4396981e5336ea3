#!/usr/bin/env node
// The website script's content call (GET /api/public/{key}/content): a website with 10,000
// people and 200 public content items, on PGlite and on PostgreSQL, at 50 connections.
//
//   node api/bench/script-content-bench.mjs            # both databases (PostgreSQL skipped when not installed)
//   node api/bench/script-content-bench.mjs --db=pglite
//
// Like the other volume benches (api/bench/lib.mjs) it starts the BUILT API on a throwaway database,
// seeds through SQL and measures with autocannon. The seed: 10,000 client members with a `plan`
// attribute, each linked to a visitor id (as `identify` does), a group of 2,000 of them and a saved
// audience (plan is pro); 200 items (80 popups, 80 banners, 40 push notifications) targeting everyone,
// the group, the saved audience or a dynamic audience, some popups on /pricing only; and two views
// today for every visitor (fatigue and replay read them). Each request is another visitor (identified
// ones and anonymous ones), device and page, so the answer is never the same twice; the cache holds
// the website's content, and each call is the one per-visitor query.
// The target: ≥ 1,000 answers/s at p99 ≤ 100 ms on PostgreSQL at 50 connections.
// Env: BENCH_PEOPLE (10000), BENCH_ITEMS (200), BENCH_CONNECTIONS (50), BENCH_SECONDS (10),
// BENCH_PORT (14040; PostgreSQL's API on the next port).
// Prints JSON on its last line: { people, items, connections, pglite: { content: { serialP95, p50, p95, p99, rps, …,
// cpuMsPerAnswer: { api, postgres, autocannon } } }, postgres: … }.
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SEEDED_ADMIN, adminWebsite, benchLog, loadTest, onPglite, onPostgres, oneAtATime, percentile, printFigures, scenarioSeconds } from './lib.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' } } });
const PEOPLE = Number(process.env.BENCH_PEOPLE ?? 10_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 200);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const duration = scenarioSeconds(10);
const PORT = Number(process.env.BENCH_PORT ?? 14040);
const log = benchLog('script-content-bench');
// The bench is one client address: its rate limit must not be what is measured.
const env = { PUBLIC_CONTENT_PER_MINUTE: '100000000', PUBLIC_WEBSITE_CONTENT_PER_MINUTE: '100000000' };

const popup = (i, target) => ({
  titleOfPopup: { label: `Bench popup ${i}`, fontSize: 15, fontFamily: 'Poppins', fontWeight: '600', color: '#1f1f1f' },
  content: [{ id: 'p1', content: [{ id: 'b1', kind: 'text', text: `Hello from popup ${i}`, align: 'start' }] }],
  format: 'medium',
  position: 'topR',
  status: 'public',
  priority: ['low', 'normal', 'high'][i % 3],
  devices: ['all', 'web', 'mobile'][i % 3],
  replayType: 'text',
  popupBackground: '#ffffff',
  popupBackgroundImage: '',
  emojis: ['👍', '❤️'],
  rules: { displayTime: 15000, showAgain: 'never' },
  goal: 'none',
  duration: 0,
  href: i % 4 === 0 ? '/pricing' : '',
  listOfAudience: [],
  tag: null,
  workspace: null,
  ...target,
});
const banner = (i, target) => ({
  titleOfBanner: `Bench banner ${i}`,
  content: `Banner ${i}`,
  settings: {
    priority: ['low', 'normal', 'high'][i % 3],
    backgroundColor: '#0958d9',
    targetDevice: ['all', 'web', 'mobile'][i % 3],
    bannerStyle: 'inline',
    bannerPosition: 'top',
  },
  showSender: false,
  dismissButton: true,
  actions: { type: 'none' },
  status: 'public',
  tag: null,
  workspace: null,
  ...target,
});
const push = (i) => ({
  push_notification_title: `Bench push ${i}`,
  title: `Push ${i}`,
  body: 'Something new',
  icon: '',
  action: { url: '', target: '_blank' },
  devices: 'all',
  audio: false,
  duration: 10,
  group: null,
  audience: null,
  goal: 'none',
  tag: null,
  workspace: null,
  status: 'public',
});

async function seed(query) {
  const { websiteId, userId } = await adminWebsite(query, SEEDED_ADMIN.email);
  log(`inserting ${PEOPLE} people, their visitors and ${ITEMS} items…`);
  await query(`insert into attributes (website_id, name, type) values ($1, 'plan', 'string') on conflict do nothing`, [websiteId]);
  await query(
    `insert into client_members (website_id, member_id, username, attributes)
     select $1, 'bench-' || g, 'Person ' || g, jsonb_build_object('plan', (array['free','pro','team'])[1 + g % 3])
     from generate_series(1, $2::int) g`,
    [websiteId, PEOPLE],
  );
  await query(
    `insert into visitors (website_id, visitor_id, client_member_id)
     select $1, 'visitor-' || substr(member_id, 7), id from client_members where website_id = $1 and member_id like 'bench-%'`,
    [websiteId],
  );
  const groupId = (await query(`insert into groups (website_id, name) values ($1, 'Bench group') returning id`, [websiteId])).rows[0].id;
  await query(
    `insert into group_members (group_id, client_member_id)
     select $2, id from client_members where website_id = $1 and member_id like 'bench-%' and substr(member_id, 7)::int % 5 = 0`,
    [websiteId, groupId],
  );
  const pros = { operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }] };
  const segmentId = (
    await query(`insert into segments (website_id, name, audience) values ($1, 'Bench pros', $2::jsonb) returning id`, [websiteId, JSON.stringify(pros)])
  ).rows[0].id;
  const teams = {
    operator: 'or',
    predicates: [
      { attribute: 'plan', comparison: 'is', selectedValue: 'team' },
      { attribute: 'username', comparison: 'ends_with', selectedValue: '7' },
    ],
  };
  const empty = { operator: 'and', predicates: [] };
  for (let i = 0; i < ITEMS; i++) {
    // Half for everyone, the rest split between the group, the saved audience and a dynamic audience.
    const mode = i % 2 === 0 ? 'all' : ['groups', 'audiences', 'dynamic'][Math.floor(i / 2) % 3];
    const target = {
      target: mode,
      groups: mode === 'groups' ? [groupId] : [],
      audiences: mode === 'audiences' ? [segmentId] : [],
      dynamicAudience: mode === 'dynamic' ? teams : empty,
    };
    const kind = i % 5 < 2 ? 'popup' : i % 5 < 4 ? 'banner' : 'push';
    const doc = kind === 'popup' ? popup(i, target) : kind === 'banner' ? banner(i, target) : push(i);
    const columns =
      kind === 'popup'
        ? [doc.titleOfPopup.label, doc.priority, doc.devices]
        : kind === 'banner'
          ? [doc.titleOfBanner, doc.settings.priority, doc.settings.targetDevice]
          : [doc.push_notification_title, null, doc.devices];
    const id = (
      await query(
        `insert into contents (website_id, kind, sender_id, title, status, priority, devices, document, created_at)
         values ($1, $2, $3, $4, 'public', $5, $6, $7::jsonb, now() - $8 * interval '1 minute') returning id`,
        [websiteId, kind, userId, columns[0], columns[1], columns[2], JSON.stringify(doc), i],
      )
    ).rows[0].id;
    if (kind !== 'push' && mode === 'groups') await query(`insert into content_groups (content_id, group_id) values ($1, $2)`, [id, groupId]);
    if (kind !== 'push' && mode === 'audiences') await query(`insert into content_segments (content_id, segment_id) values ($1, $2)`, [id, segmentId]);
  }
  log('two views today for every visitor…');
  await query(
    `insert into visitor_events (website_id, type, visitor_id, content_id, content_kind, occurred_at)
     select $1, 'view', 'visitor-' || g, c.id, c.kind, now() - interval '1 minute'
     from generate_series(1, $2::int) g
     cross join lateral (select id, kind from contents where website_id = $1 and kind = 'banner' order by id offset (g % 40) limit 2) c`,
    [websiteId, PEOPLE],
  );
  await query('analyze');
  const key = (await query(`select public_key from websites where id = $1`, [websiteId])).rows[0].public_key;
  return { key };
}

function contentPath(key, n) {
  // Identified visitors most of the time, anonymous ones too; both devices; two pages.
  const visitor = n % 10 === 9 ? `anonymous-${n}` : `visitor-${1 + (n % PEOPLE)}`;
  const page = n % 3 === 0 ? 'http://localhost:3005/pricing/plans' : 'http://localhost:3005/';
  return `/api/public/${key}/content?visitorId=${encodeURIComponent(visitor)}&url=${encodeURIComponent(page)}&device=${n % 4 === 0 ? 'mobile' : 'web'}&v=bench`;
}

/** When a process started (clock ticks after boot). */
const startOf = (pid) => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  } catch {
    return 0;
  }
};
const ownStart = startOf(process.pid);

/**
 * CPU time (ms) used so far by the API process, PostgreSQL's processes and this one (autocannon), from
 * /proc (Linux; elsewhere nothing): over the load test, divided by the answers, it is what one answer
 * costs each, and so what bounds the throughput on this machine's cores. On PGlite the database runs
 * inside the API process. Only processes started after the bench count (a machine shared with other
 * clusters); other work started meanwhile can still add to PostgreSQL's figure.
 */
function cpuMs() {
  const used = {};
  let pids;
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return used;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Processes started before this bench (another cluster on a shared machine) are not ours.
      if (Number(fields[19]) < ownStart) continue;
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const who =
        pid === String(process.pid)
          ? 'autocannon'
          : readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('api/dist/main.js')
            ? 'api'
            : command.startsWith('postgres')
              ? 'postgres'
              : null;
      if (!who) continue;
      // utime and stime, in clock ticks (100 a second on Linux).
      used[who] = (used[who] ?? 0) + (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      // A process that ended meanwhile.
    }
  }
  return used;
}

async function measure(apiUrl, { key }) {
  const first = await fetch(new URL(contentPath(key, 1), apiUrl));
  const body = await first.json();
  if (!first.ok) throw new Error(`content call: ${first.status} ${JSON.stringify(body)}`);
  log(`visitor-2 sees ${body.items.length} items (${body.interruptions.today} of ${body.interruptions.perDay} interruptions today)`);
  let n = 0;
  const serial = await oneAtATime(new URL(contentPath(key, 2), apiUrl).toString(), {}, { name: 'content', count: 50 });
  const cpuBefore = cpuMs();
  const load = await loadTest(new URL(contentPath(key, 3), apiUrl).toString(), {
    connections,
    duration,
    timeout: 10,
    requests: [{ setupRequest: (req) => ({ ...req, path: contentPath(key, n++) }) }],
  });
  const cpuAfter = cpuMs();
  const cpuMsPerAnswer = Object.fromEntries(
    Object.entries(cpuAfter).map(([who, ms]) => [who, Math.round(((ms - (cpuBefore[who] ?? 0)) / Math.max(1, load.requests)) * 1000) / 1000]),
  );
  const figures = { serialP50: percentile(serial.times, 50), serialP95: percentile(serial.times, 95), ...load, cpuMsPerAnswer };
  log(`content: one at a time p95 ${figures.serialP95} ms; ${connections} connections p99 ${figures.p99} ms, ${figures.rps} req/s`);
  log(`content: CPU ms per answer ${JSON.stringify(cpuMsPerAnswer)}`);
  return { content: figures };
}

const common = { port: PORT, seed, log, measure, env };
const result = { people: PEOPLE, items: ITEMS, connections, seconds: duration };
if (!values.db || values.db === 'pglite') result.pglite = await onPglite({ ...common, prefix: 'signpost-content-bench-' });
if (!values.db || values.db === 'postgres') result.postgres = await onPostgres({ ...common, port: PORT + 1, prefix: 'signpost-content-bench-pg-' });
printFigures(result);
process.exit(0);
