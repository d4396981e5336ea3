import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { eq } from 'drizzle-orm';
import { websites } from '../src/db/schema';
import { contentOf } from './matrix/stats';
import { postVisitorEvents } from './support/visitor-events';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * A known set of events goes in through the PUBLIC ingestion call, and every
 * statistics answer is checked, for two ranges and two time zones, against totals computed here.
 * Another website gets events at the same moments: they must never count.
 */
/** No e-mail campaign in these websites: e-mail figures are 0 (tested in emails.test.ts). */
const NO_EMAILS = { email: 0, emailsSent: 0, emailsOpened: 0, emailsClicked: 0 };
let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

type Kind = 'popup' | 'banner' | 'push';
type Ev = { type: string; visitorId: string; occurredAt: string; device?: string; contentId?: string; emoji?: string; body?: string; answers?: unknown[] };
const sent: (Ev & { kind?: Kind })[] = [];

/** Start of the UTC day 20 days ago: all events lie in the past, well inside the 120-day window. */
const base = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 20 * 86_400_000;
const HOUR = 3600_000;

/** A small deterministic generator, so a failure replays identically. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/**
 * Sends as each visitor's page does (their visitor token on each batch), signed in as the website's
 * owner: an import of history, whose times are kept (a visitor's own are clamped to the last 24 hours).
 */
async function post(key: string, events: Ev[], u: TestUser) {
  for (const res of await postVisitorEvents(t, key, events, { headers: u.headers })) expect(res.statusCode).toBe(202);
}

async function keyOf(websiteId: string) {
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, websiteId));
  return w.publicKey;
}

/** Random events over 5 days from `base` on a website's contents. */
function generate(seed: number, items: { id: string; kind: Kind }[], n: number) {
  const r = rng(seed);
  const pick = <T>(xs: T[]) => xs[Math.floor(r() * xs.length)];
  const out: (Ev & { kind?: Kind })[] = [];
  for (let i = 0; i < n; i++) {
    const occurredAt = new Date(base + Math.floor(r() * 5 * 24 * 60) * 60_000 + Math.floor(r() * 60) * 1000).toISOString();
    const visitorId = `visitor-${Math.floor(r() * 25)}`;
    const type = pick(['session', 'session', 'session', 'view', 'view', 'react', 'comment', 'close', 'answer']);
    if (type === 'session') {
      out.push({ type, visitorId, occurredAt, device: r() < 0.6 ? 'web' : 'mobile' });
      continue;
    }
    const allowed = items.filter((c) => (type === 'react' || type === 'comment' ? c.kind !== 'push' : type === 'answer' ? c.kind === 'popup' : true));
    const c = pick(allowed);
    const e: Ev & { kind?: Kind } = { type, visitorId, occurredAt, contentId: c.id, kind: c.kind };
    if (type === 'react') e.emoji = pick(['👍', '❤️', '😂']);
    if (type === 'comment') e.body = `comment ${i}`;
    if (type === 'answer') e.answers = [{ blockId: 'q1', question: 'Useful?', answer: 'yes' }];
    out.push(e);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ permissions: ['create_websites'] });
  stranger = await t.createUser({ permissions: ['create_websites'] });
  const items: { id: string; kind: Kind }[] = [];
  for (const kind of ['popup', 'popup', 'banner', 'push'] as Kind[]) items.push({ id: await contentOf(t, owner.websiteId, kind), kind });
  const strangerItems: { id: string; kind: Kind }[] = [];
  for (const kind of ['popup', 'banner', 'banner', 'push', 'push', 'push'] as Kind[])
    strangerItems.push({ id: await contentOf(t, stranger.websiteId, kind), kind });
  sent.push(...generate(42, items, 700));
  await post(
    await keyOf(owner.websiteId),
    sent.map(({ kind: _k, ...e }) => e),
    owner,
  );
  // The same moments, more events, on another organisation's website.
  await post(
    await keyOf(stranger.websiteId),
    generate(7, strangerItems, 500).map(({ kind: _k, ...e }) => e),
    stranger,
  );
}, scaled(120_000));
afterAll(() => t?.close());

/** The local bucket key of an instant in a zone, as the API spells it. */
function localKey(ms: number, timeZone: string, unit: 'hour' | 'day') {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return unit === 'day' ? day : `${day}T${parts.hour}:00`;
}

function expected(start: number, end: number, timeZone: string) {
  const unit = end - start <= 48 * HOUR ? 'hour' : 'day';
  const keys: string[] = [];
  for (let ms = start; ms < end; ms += 15 * 60_000) {
    const k = localKey(ms, timeZone, unit);
    if (!keys.includes(k)) keys.push(k);
  }
  const inRange = sent.filter((e) => Date.parse(e.occurredAt) >= start && Date.parse(e.occurredAt) < end);
  const sessions = inRange.filter((e) => e.type === 'session');
  const distinct = (es: Ev[]) => new Set(es.map((e) => e.visitorId)).size;
  const count = (type: string) => inRange.filter((e) => e.type === type).length;
  const series = (es: Ev[], agg: (es: Ev[]) => number) =>
    keys.map((key) => ({ key, data: agg(es.filter((e) => localKey(Date.parse(e.occurredAt), timeZone, unit) === key)) }));
  const views = (kind: Kind) => inRange.filter((e) => e.type === 'view' && e.kind === kind);
  return {
    unit,
    keys,
    interactions: { comment: count('comment'), react: count('react'), close: count('close') },
    traffic: {
      web: distinct(sessions.filter((e) => e.device === 'web')),
      mobile: distinct(sessions.filter((e) => e.device === 'mobile')),
      all: distinct(sessions),
    },
    count: { usersConnected: distinct(sessions), popup: 2, banner: 1, push_notification: 1, productTour: 0, checklist: 0, ...NO_EMAILS },
    userConnected: series(sessions, distinct),
    views: (
      [
        ['Popup', 'popup'],
        ['Banner', 'banner'],
        ['Push', 'push'],
      ] as const
    ).map(([serviceName, kind]) => ({ serviceName, count: views(kind).length, data: series(views(kind), (es) => es.length) })),
  };
}

const get = async (url: string, q: Record<string, string>, u: TestUser = owner) => {
  const res = await t.request({ method: 'GET', url: `${url}?${new URLSearchParams(q)}`, headers: u.headers });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

const RANGES = [
  // 24 hours starting mid-day: hourly buckets.
  { name: '24 hours (hourly)', start: base + 30 * HOUR + 17 * 60_000, end: base + 54 * HOUR + 17 * 60_000 },
  // Four days: daily buckets.
  { name: '4 days (daily)', start: base + 10 * HOUR, end: base + 106 * HOUR },
];
const ZONES = ['UTC', 'Asia/Kolkata'];

describe.each(RANGES)('$name', (range) => {
  test.each(ZONES)('every statistics answer matches the totals of the events sent, in %s', async (timezone) => {
    const q = { startDate: new Date(range.start).toISOString(), endDate: new Date(range.end).toISOString(), timezone };
    const e = expected(range.start, range.end, timezone);
    // The generator really produced something to count in this range.
    expect(e.interactions.react).toBeGreaterThan(0);
    expect(e.traffic.mobile).toBeGreaterThan(0);

    expect(await get('/api/stats/interractions', q)).toEqual(e.interactions);
    expect(await get('/api/stats/traffic', q)).toEqual(e.traffic);
    expect(await get('/api/count', q)).toEqual(e.count);
    const connected = await get('/api/stats/user-connected', q);
    expect(connected).toEqual(e.userConnected);
    expect(connected.length).toBe(e.unit === 'hour' ? 25 : 5);
    expect(await get('/api/stats/views', q)).toEqual(e.views);
  });
});

test('the two zones really bucket differently (Kolkata is UTC+05:30)', async () => {
  const q = { startDate: new Date(RANGES[0].start).toISOString(), endDate: new Date(RANGES[0].end).toISOString() };
  const utc = await get('/api/stats/user-connected', { ...q, timezone: 'UTC' });
  const ist = await get('/api/stats/user-connected', { ...q, timezone: 'Asia/Kolkata' });
  expect(utc.map((p: { key: string }) => p.key)).not.toEqual(ist.map((p: { key: string }) => p.key));
  expect(utc).not.toEqual(ist);
});

test('the other website sees its own numbers, never the owner’s', async () => {
  const q = { startDate: new Date(base).toISOString(), endDate: new Date(base + 5 * 24 * HOUR).toISOString() };
  const mine = await get('/api/count', q);
  const theirs = await get('/api/count', q, stranger);
  expect(theirs).toMatchObject({ popup: 1, banner: 2, push_notification: 3 });
  expect(mine).toMatchObject({ popup: 2, banner: 1, push_notification: 1 });
  const all = expected(base, base + 5 * 24 * HOUR, 'UTC');
  expect(await get('/api/stats/interractions', q)).toEqual(all.interactions);
  expect(await get('/api/stats/interractions', q, stranger)).not.toEqual(all.interactions);
});

test('without dates, the last 24 hours; events just sent count at once', async () => {
  const fresh = await t.createUser({ permissions: ['create_websites'] });
  const popup = await contentOf(t, fresh.websiteId, 'popup');
  await post(
    await keyOf(fresh.websiteId),
    [
      { type: 'session', visitorId: 'a', device: 'web', occurredAt: new Date(Date.now() - HOUR).toISOString() },
      { type: 'session', visitorId: 'b', device: 'mobile', occurredAt: new Date(Date.now() - 2 * HOUR).toISOString() },
      { type: 'session', visitorId: 'c', device: 'mobile', occurredAt: new Date(Date.now() - 30 * HOUR).toISOString() },
      { type: 'view', visitorId: 'a', contentId: popup, occurredAt: new Date(Date.now() - HOUR).toISOString() },
    ],
    fresh,
  );
  expect(await get('/api/count', {}, fresh)).toEqual({
    usersConnected: 2,
    popup: 1,
    banner: 0,
    push_notification: 0,
    productTour: 0,
    checklist: 0,
    ...NO_EMAILS,
  });
  expect(await get('/api/stats/traffic', {}, fresh)).toEqual({ web: 1, mobile: 1, all: 2 });
  const views = await get('/api/stats/views', {}, fresh);
  expect(views.map((v: { serviceName: string; count: number }) => [v.serviceName, v.count])).toEqual([
    ['Popup', 1],
    ['Banner', 0],
    ['Push', 0],
  ]);
  expect(views[0].data.length).toBeGreaterThanOrEqual(24);
});

describe('validation', () => {
  const url = '/api/stats/traffic';
  const bad = async (q: Record<string, string>, field: string, message?: string) => {
    const res = await t.request({ method: 'GET', url: `${url}?${new URLSearchParams(q)}`, headers: owner.headers });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
    if (message) expect(res.json().errors[field]).toBe(message);
  };
  const now = Date.now();
  test('start after end, a range over 366 days, a bad date, half a range, an unknown zone → 400 with the field', async () => {
    await bad({ startDate: new Date(now).toISOString(), endDate: new Date(now - HOUR).toISOString() }, 'endDate', 'startDate must be before endDate');
    await bad({ startDate: new Date(now).toISOString(), endDate: new Date(now).toISOString() }, 'endDate', 'startDate must be before endDate');
    await bad(
      { startDate: new Date(now - 367 * 24 * HOUR).toISOString(), endDate: new Date(now).toISOString() },
      'endDate',
      'The range must be at most 366 days',
    );
    await bad({ startDate: 'yesterday', endDate: new Date(now).toISOString() }, 'startDate');
    await bad({ startDate: new Date(now - HOUR).toISOString() }, 'endDate', 'Please enter endDate');
    await bad({ timezone: 'Mars/Olympus_Mons' }, 'timezone', 'Unknown time zone');
  });
  test('a 366-day range is accepted (daily buckets)', async () => {
    const data = await get('/api/stats/user-connected', {
      startDate: new Date(now - 366 * 24 * HOUR).toISOString(),
      endDate: new Date(now).toISOString(),
      timezone: 'America/New_York',
    });
    expect(data.length).toBeGreaterThanOrEqual(366);
    expect(data[0].key).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
