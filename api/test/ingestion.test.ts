import { eq, inArray } from 'drizzle-orm';
import { createTestApp, randomId, type TestApp } from './support/test-app';
import { contentComments, contentReactions, contents, formAnswers, visitorEvents, websites } from '../src/db/schema';
import { contentOf } from './matrix/stats';

/** POST /api/public/{websiteKey}/events (issue 6, item 1): the website script's public ingestion call. */
let t: TestApp;
let site: { id: string; key: string };
let other: { id: string; key: string };
let popup: string;
let banner: string;
let push: string;
let foreignPopup: string;

async function website(): Promise<{ id: string; key: string }> {
  const org = await t.createOrganisation();
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, org.websiteId));
  return { id: w.id, key: w.publicKey };
}

const send = (key: string, events: unknown[], headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/public/${key}/events`, payload: { events }, headers });
const count = (websiteId: string) => t.ctx.db.$count(visitorEvents, eq(visitorEvents.websiteId, websiteId));

beforeAll(async () => {
  // A small limit so the 429 test needs few events (read when the route is registered).
  const saved = process.env.PUBLIC_EVENTS_PER_MINUTE;
  process.env.PUBLIC_EVENTS_PER_MINUTE = '300';
  t = await createTestApp();
  if (saved === undefined) delete process.env.PUBLIC_EVENTS_PER_MINUTE;
  else process.env.PUBLIC_EVENTS_PER_MINUTE = saved;
  site = await website();
  other = await website();
  popup = await contentOf(t, site.id, 'popup');
  banner = await contentOf(t, site.id, 'banner');
  push = await contentOf(t, site.id, 'push');
  foreignPopup = await contentOf(t, other.id, 'popup');
});
afterAll(() => t?.close());

test('a batch of every event type is stored: events, comments, reactions, answers and counters', async () => {
  const at = new Date(Date.now() - 3 * 86_400_000).toISOString();
  const res = await send(site.key, [
    { type: 'session', visitorId: 'v1', device: 'web', occurredAt: at },
    { type: 'session', visitorId: 'v2', device: 'mobile' },
    { type: 'view', visitorId: 'v1', contentId: popup },
    { type: 'view', visitorId: 'v1', contentId: push },
    { type: 'react', visitorId: 'v1', contentId: popup, emoji: '👍' },
    { type: 'react', visitorId: 'v2', contentId: popup, emoji: '❤️' },
    { type: 'react', visitorId: 'v2', contentId: banner, emoji: '👍' },
    { type: 'comment', visitorId: 'v1', contentId: banner, body: '  Nice banner  ' },
    { type: 'close', visitorId: 'v2', contentId: banner },
    {
      type: 'answer',
      visitorId: 'v1',
      contentId: popup,
      answers: [
        { blockId: 'b1', question: 'How?', answer: 'Fine' },
        { blockId: 'b2', question: 'Why?', answer: 'Because' },
      ],
    },
  ]);
  expect(res.statusCode).toBe(202);
  expect(res.json()).toEqual({ message: 'Events recorded', accepted: 10 });

  const rows = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.websiteId, site.id));
  expect(rows).toHaveLength(10);
  const s1 = rows.find((r) => r.type === 'session' && r.visitorId === 'v1')!;
  expect(s1).toMatchObject({ device: 'web', contentId: null, contentKind: null });
  expect(s1.occurredAt.toISOString()).toBe(at);
  const s2 = rows.find((r) => r.type === 'session' && r.visitorId === 'v2')!;
  expect(Math.abs(s2.occurredAt.getTime() - Date.now())).toBeLessThan(60_000);
  expect(
    rows
      .filter((r) => r.type === 'view')
      .map((r) => r.contentKind)
      .sort(),
  ).toEqual(['popup', 'push']);
  expect(rows.find((r) => r.type === 'close')).toMatchObject({ contentId: banner, contentKind: 'banner', device: null });

  const [p] = await t.ctx.db.select().from(contents).where(eq(contents.id, popup));
  const [b] = await t.ctx.db.select().from(contents).where(eq(contents.id, banner));
  expect([p.reactCount, p.commentCount, b.reactCount, b.commentCount]).toEqual([2, 0, 1, 1]);
  const comments = await t.ctx.db.select().from(contentComments).where(eq(contentComments.contentId, banner));
  expect(comments.map((c) => [c.visitorId, c.body])).toEqual([['v1', 'Nice banner']]);
  const reactions = await t.ctx.db
    .select()
    .from(contentReactions)
    .where(inArray(contentReactions.contentId, [popup, banner]));
  expect(reactions.map((r) => r.emoji).sort()).toEqual(['❤️', '👍', '👍'].sort());
  const answers = await t.ctx.db.select().from(formAnswers).where(eq(formAnswers.contentId, popup));
  expect(answers.map((a) => [a.blockId, a.question, a.answer]).sort()).toEqual([
    ['b1', 'How?', 'Fine'],
    ['b2', 'Why?', 'Because'],
  ]);
});

test('an unknown website key → 404, nothing stored', async () => {
  const before = await t.ctx.db.$count(visitorEvents);
  const res = await send('no-such-key', [{ type: 'session', visitorId: 'v1', device: 'web' }]);
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'Unknown website key' });
  expect(await t.ctx.db.$count(visitorEvents)).toBe(before);
});

test('a malformed event → 400 naming the event and field, and the valid events beside it are not stored', async () => {
  const before = await count(site.id);
  const cases: [unknown[], string][] = [
    [
      [
        { type: 'session', visitorId: 'ok', device: 'web' },
        { type: 'session', visitorId: 'v', device: 'tablet' },
      ],
      'events.1.device',
    ],
    [
      [
        { type: 'session', visitorId: 'ok', device: 'web' },
        { type: 'jump', visitorId: 'v' },
      ],
      'events.1.type',
    ],
    [[{ type: 'view', visitorId: 'v', contentId: 'not-a-uuid' }], 'events.0.contentId'],
    [[{ type: 'view', contentId: popup }], 'events.0.visitorId'],
    [[{ type: 'comment', visitorId: 'v', contentId: popup, body: 'x'.repeat(2001) }], 'events.0.body'],
    [[{ type: 'session', visitorId: 'v', device: 'web', occurredAt: 'yesterday' }], 'events.0.occurredAt'],
    [[{ type: 'session', visitorId: 'v', device: 'web', occurredAt: new Date(Date.now() + 3600_000).toISOString() }], 'events.0.occurredAt'],
    [[{ type: 'session', visitorId: 'v', device: 'web', occurredAt: new Date(Date.now() - 121 * 86_400_000).toISOString() }], 'events.0.occurredAt'],
    [[], 'events'],
  ];
  for (const [events, field] of cases) {
    const res = await send(site.key, events);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain(field);
  }
  const noBody = await t.request({ method: 'POST', url: `/api/public/${site.key}/events`, payload: 'nope', headers: { 'content-type': 'application/json' } });
  expect(noBody.statusCode).toBe(400);
  expect(await count(site.id)).toBe(before);
});

test('field messages come in the caller’s language', async () => {
  const res = await send(site.key, [{ type: 'view', visitorId: 'v', contentId: foreignPopup }], { 'accept-language': 'fr' });
  expect(res.json()).toEqual({
    message: "Certains événements portent sur un contenu que ce site n'a pas",
    errors: { 'events.0.contentId': 'Contenu inconnu pour ce site' },
  });
});

test('an oversized batch → 400, nothing stored', async () => {
  const before = await count(site.id);
  const events = Array.from({ length: 101 }, (_, i) => ({ type: 'session', visitorId: `v${i}`, device: 'web' }));
  const res = await send(site.key, events);
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ events: 'At most 100 events per batch' });
  expect(await count(site.id)).toBe(before);
  // A body past the API's size limit is refused before parsing: 413.
  const huge = await send(site.key, [{ type: 'comment', visitorId: 'v', contentId: popup, body: 'x'.repeat(2 * 1024 * 1024) }]);
  expect(huge.statusCode).toBe(413);
  expect(await count(site.id)).toBe(before);
});

test('content of another website is refused (like unknown content), and the whole batch with it', async () => {
  const before = await count(site.id);
  const [{ reactCount }] = await t.ctx.db.select({ reactCount: contents.reactCount }).from(contents).where(eq(contents.id, popup));
  const res = await send(site.key, [
    { type: 'react', visitorId: 'v', contentId: popup, emoji: '👍' },
    { type: 'view', visitorId: 'v', contentId: foreignPopup },
    { type: 'view', visitorId: 'v', contentId: randomId() },
  ]);
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ 'events.1.contentId': 'Unknown content for this website', 'events.2.contentId': 'Unknown content for this website' });
  expect(await count(site.id)).toBe(before);
  expect(await count(other.id)).toBe(0);
  const [after] = await t.ctx.db.select({ reactCount: contents.reactCount }).from(contents).where(eq(contents.id, popup));
  expect(after.reactCount).toBe(reactCount);
  // Through its own key, the other website's content is fine.
  expect((await send(other.key, [{ type: 'view', visitorId: 'v', contentId: foreignPopup }])).statusCode).toBe(202);
});

test('reactions and comments apply to popups and banners, answers to popups only', async () => {
  const res = await send(site.key, [
    { type: 'react', visitorId: 'v', contentId: push, emoji: '👍' },
    { type: 'comment', visitorId: 'v', contentId: push, body: 'hi' },
    { type: 'answer', visitorId: 'v', contentId: banner, answers: [{ blockId: 'b', question: 'q', answer: 'a' }] },
  ]);
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors).sort()).toEqual(['events.0.contentId', 'events.1.contentId', 'events.2.contentId']);
});

test('CORS: any origin may call it (preflight included), while the rest of the API keeps the console origins', async () => {
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, site.id));
  const preflight = await t.request({
    method: 'OPTIONS',
    url: `/api/public/${site.key}/events`,
    headers: { origin: 'https://shop.customer.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
  });
  expect(preflight.statusCode).toBe(204);
  expect(preflight.headers['access-control-allow-origin']).toBe('*');
  expect(String(preflight.headers['access-control-allow-methods'])).toContain('POST');
  // A page of the website itself (its domain or a subdomain) may post; the same call from another site's page is refused.
  const post = await send(site.key, [{ type: 'session', visitorId: 'c', device: 'web' }], { origin: `https://www.${w.domain}` });
  expect(post.statusCode).toBe(202);
  expect(post.headers['access-control-allow-origin']).toBe('*');
  const console = await t.request({
    method: 'OPTIONS',
    url: '/api/websites',
    headers: { origin: 'https://shop.customer.test', 'access-control-request-method': 'GET' },
  });
  expect(console.headers['access-control-allow-origin']).toBeUndefined();
});

test('a page outside the website’s domain → 403, nothing stored; a retried batch with event ids is counted once', async () => {
  const fresh = await website();
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, fresh.id));
  for (const origin of ['https://shop.customer.test', `https://${w.domain}.evil.test`, 'http://localhost:3005', 'null']) {
    const refused = await send(fresh.key, [{ type: 'session', visitorId: 'o', device: 'web' }], { origin });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: "This page's address is not the website's domain" });
    expect(refused.headers['access-control-allow-origin']).toBe('*');
  }
  expect(await count(fresh.id)).toBe(0);

  const popupOfFresh = await contentOf(t, fresh.id, 'popup');
  const batch = [
    { id: 'e1', type: 'session', visitorId: 'd', device: 'web' },
    { id: 'e2', type: 'comment', visitorId: 'd', contentId: popupOfFresh, body: 'Once' },
    { id: 'e3', type: 'click', visitorId: 'd', contentId: popupOfFresh, target: 'https://shop.example.test/buy' },
    { type: 'view', visitorId: 'd', contentId: popupOfFresh },
  ];
  const first = await send(fresh.key, batch, { origin: `https://${w.domain}` });
  expect(first.json()).toEqual({ message: 'Events recorded', accepted: 4 });
  // Sent again (as text/plain, the way navigator.sendBeacon sends it): only the event without an id is new.
  const again = await t.request({
    method: 'POST',
    url: `/api/public/${fresh.key}/events`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ events: batch }),
  });
  expect(again.statusCode).toBe(202);
  expect(again.json().accepted).toBe(1);
  expect(await count(fresh.id)).toBe(5);
  expect(await t.ctx.db.$count(contentComments, eq(contentComments.contentId, popupOfFresh))).toBe(1);
  const [c] = await t.ctx.db.select().from(contents).where(eq(contents.id, popupOfFresh));
  expect(c.commentCount).toBe(1);
  const clicks = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.type, 'click'));
  expect(clicks).toEqual([expect.objectContaining({ contentId: popupOfFresh, contentKind: 'popup', target: 'https://shop.example.test/buy', eventId: 'e3' })]);
  // The same ids on another website are that website's own events.
  const elsewhere = await send(site.key, batch.slice(0, 1), {});
  expect(elsewhere.json().accepted).toBe(1);
  // A body that is not JSON, as text/plain: 400, never a 500.
  const garbage = await t.request({ method: 'POST', url: `/api/public/${fresh.key}/events`, headers: { 'content-type': 'text/plain' }, payload: '{nope' });
  expect(garbage.statusCode).toBe(400);
});

test('rate limit per website key and address: 429 with a message, nothing stored; another address still passes', async () => {
  const fresh = await website();
  const batch = Array.from({ length: 100 }, (_, i) => ({ type: 'session', visitorId: `r${i}`, device: 'web' }));
  const answers = [];
  for (let i = 0; i < 4; i++)
    answers.push(await t.request({ method: 'POST', url: `/api/public/${fresh.key}/events`, payload: { events: batch }, remoteAddress: '203.0.113.9' }));
  expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
  expect(answers[3].json()).toEqual({ message: 'Too many events from this address, slow down and retry later' });
  expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0);
  expect(await count(fresh.id)).toBe(300);
  const elsewhere = await t.request({
    method: 'POST',
    url: `/api/public/${fresh.key}/events`,
    payload: { events: batch.slice(0, 1) },
    remoteAddress: '198.51.100.7',
  });
  expect(elsewhere.statusCode).toBe(202);
});

test('the websites list shows each website’s public key', async () => {
  const u = await t.createUser({ permissions: ['get_websites'] });
  const res = await t.request({ method: 'GET', url: '/api/websites', headers: u.headers });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  expect(res.json().docs).toEqual([expect.objectContaining({ _id: u.websiteId, publicKey: w.publicKey })]);
});
