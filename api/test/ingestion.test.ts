import { eq, inArray } from 'drizzle-orm';
import { createTestApp, randomId, type TestApp } from './support/test-app';
import { contentComments, contentReactions, contents, formAnswers, visitorEvents, websites } from '../src/db/schema';
import { contentOf } from './matrix/stats';
import { visitorToken } from './support/visitor-events';
import { beforeAndAfterMigration } from './support/migrations';
import { VisitorTokens } from '../src/services/visitor-tokens';
import { shareUnderPressure } from '../src/delivery/rate-limiter';
import { scaled } from '../../tooling/test-time-scale.cjs';

/** POST /api/public/{websiteKey}/events: the website script's public ingestion call. */
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

/** A batch as a page sends it: with the token the content call gave the visitor of its first event. */
const send = async (key: string, events: unknown[], headers: Record<string, string> = {}, remoteAddress?: string) => {
  const token = await visitorToken(t, key, (events[0] as { visitorId?: string } | undefined)?.visitorId ?? 'nobody');
  return t.request({ method: 'POST', url: `/api/public/${key}/events`, payload: { token, events }, headers, ...(remoteAddress ? { remoteAddress } : {}) });
};
const count = (websiteId: string) => t.ctx.db.$count(visitorEvents, eq(visitorEvents.websiteId, websiteId));

beforeAll(async () => {
  // Small limits so the 429 tests need few events (read when the route is registered).
  const limits = { PUBLIC_EVENTS_PER_MINUTE: '300', PUBLIC_WEBSITE_EVENTS_PER_MINUTE: '1500', PUBLIC_VISITOR_MESSAGES_PER_MINUTE: '10' };
  const saved = Object.fromEntries(Object.keys(limits).map((k) => [k, process.env[k]]));
  Object.assign(process.env, limits);
  t = await createTestApp();
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  site = await website();
  other = await website();
  popup = await contentOf(t, site.id, 'popup');
  banner = await contentOf(t, site.id, 'banner');
  push = await contentOf(t, site.id, 'push');
  foreignPopup = await contentOf(t, other.id, 'popup');
});
afterAll(() => t?.close());

test('a batch of every event type is stored: events, comments, reactions, answers and counters', async () => {
  const at = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const res = await send(site.key, [
    { type: 'session', visitorId: 'v1', device: 'web', occurredAt: at },
    { type: 'view', visitorId: 'v1', contentId: popup },
    { type: 'view', visitorId: 'v1', contentId: push },
    { type: 'react', visitorId: 'v1', contentId: popup, emoji: '👍' },
    { type: 'comment', visitorId: 'v1', contentId: banner, body: '  Nice banner  ' },
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
  expect(res.json()).toEqual({ message: 'Events recorded', accepted: 6 });
  const second = await send(site.key, [
    { type: 'session', visitorId: 'v2', device: 'mobile' },
    { type: 'react', visitorId: 'v2', contentId: popup, emoji: '❤️' },
    { type: 'react', visitorId: 'v2', contentId: banner, emoji: '👍' },
    { type: 'close', visitorId: 'v2', contentId: banner },
  ]);
  expect(second.json()).toEqual({ message: 'Events recorded', accepted: 4 });

  const rows = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.websiteId, site.id));
  expect(rows).toHaveLength(10);
  const s1 = rows.find((r) => r.type === 'session' && r.visitorId === 'v1')!;
  expect(s1).toMatchObject({ device: 'web', contentId: null, contentKind: null });
  // Within the last 24 hours, the page's time is kept.
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
  const token = await visitorToken(t, site.key, 'v1');
  const res = await t.request({
    method: 'POST',
    url: '/api/public/no-such-key/events',
    payload: { token, events: [{ type: 'session', visitorId: 'v1', device: 'web' }] },
  });
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

test('content of another website is refused (like unknown content), and only those events: the valid one beside them is stored', async () => {
  const before = await count(site.id);
  const res = await send(site.key, [
    { type: 'view', visitorId: 'v', contentId: foreignPopup },
    { type: 'close', visitorId: 'v', contentId: popup },
    { type: 'view', visitorId: 'v', contentId: randomId() },
  ]);
  expect(res.statusCode).toBe(202);
  expect(res.json()).toMatchObject({
    accepted: 1,
    errors: { 'events.0.contentId': 'Unknown content for this website', 'events.2.contentId': 'Unknown content for this website' },
  });
  expect(await count(site.id)).toBe(before + 1);
  expect(await count(other.id)).toBe(0);
  // Nothing valid in the batch: refused whole, nothing stored.
  const none = await send(site.key, [{ type: 'view', visitorId: 'v', contentId: foreignPopup }]);
  expect(none.statusCode).toBe(400);
  expect(await count(site.id)).toBe(before + 1);
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
    // Without an id (a view would be the same one again: the server names it by its page view).
    { type: 'close', visitorId: 'd', contentId: popupOfFresh },
  ];
  const first = await send(fresh.key, batch, { origin: `https://${w.domain}` });
  expect(first.json()).toEqual({ message: 'Events recorded', accepted: 4 });
  // Sent again (as text/plain, the way navigator.sendBeacon sends it): only the event without an id is new.
  const again = await t.request({
    method: 'POST',
    url: `/api/public/${fresh.key}/events`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({ token: await visitorToken(t, fresh.key, 'd'), events: batch }),
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
  const batch = Array.from({ length: 100 }, () => ({ type: 'session', visitorId: 'r', device: 'web' }));
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await send(fresh.key, batch, {}, '203.0.113.9'));
  expect(answers.map((r) => r.statusCode)).toEqual([202, 202, 202, 429]);
  expect(answers[3].json()).toEqual({ message: 'Too many events from this address, slow down and retry later' });
  expect(Number(answers[3].headers['retry-after'])).toBeGreaterThan(0);
  expect(await count(fresh.id)).toBe(300);
  const elsewhere = await send(fresh.key, batch.slice(0, 1), {}, '198.51.100.7');
  expect(elsewhere.statusCode).toBe(202);
});

test(
  'rate limit per website across addresses: many addresses together do not pass it',
  async () => {
    // The website's minute window of the system clock: start early in a minute so it holds the whole test.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 20_000) await new Promise((r) => setTimeout(r, left + 50));
    const fresh = await website();
    // 300 a minute per address, 1500 per website; as the website fills, each address's share shrinks
    // (public-budgets.test.ts shows the few heavy addresses shed): each address here sends what its
    // share lets it, and together they fill the website.
    const codes = [];
    let used = 0;
    for (let i = 0; used < 1500; i++) {
      let size = Math.min(100, 1500 - used);
      while (size > shareUnderPressure(300, used + size, 1500)) size -= 1;
      const batch = Array.from({ length: size }, () => ({ type: 'session', visitorId: `w${i}`, device: 'web' }));
      codes.push((await send(fresh.key, batch, {}, `203.0.113.${i + 1}`)).statusCode);
      used += size;
    }
    expect(codes.filter((c) => c !== 202)).toEqual([]);
    const next = await send(fresh.key, [{ type: 'session', visitorId: 'w-next', device: 'web' }], {}, '198.51.100.23');
    expect(next.statusCode).toBe(429);
    expect(next.json()).toEqual({ message: 'Too many events for this website, slow down and retry later' });
    expect(Number(next.headers['retry-after'])).toBeGreaterThan(0);
    expect(await count(fresh.id)).toBe(1500);
    // Another website has its own.
    const elsewhere = await website();
    expect((await send(elsewhere.key, [{ type: 'session', visitorId: 'w0', device: 'web' }], {}, '198.51.100.23')).statusCode).toBe(202);
  },
  scaled(90_000),
);

test('the websites list shows each website’s public key', async () => {
  const u = await t.createUser({ permissions: ['get_websites'] });
  const res = await t.request({ method: 'GET', url: '/api/websites', headers: u.headers });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  expect(res.json().docs).toEqual([expect.objectContaining({ _id: u.websiteId, publicKey: w.publicKey })]);
});

describe('the visitor token', () => {
  const post = (key: string, body: object, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url: `/api/public/${key}/events`, payload: body, headers });

  test('the content call answers a token for its visitor, valid an hour', async () => {
    const res = await t.request({ method: 'GET', url: `/api/public/${site.key}/content?visitorId=v-token&url=https://x.test/` });
    expect(res.statusCode).toBe(200);
    const { token, tokenTtl } = res.json();
    expect(tokenTtl).toBe(3600);
    // Small: it rides on every batch.
    expect(token.length).toBeLessThan(200);
    expect(await new VisitorTokens(t.ctx.config.authSecret).verify(token, site.id)).toEqual({
      websiteId: site.id,
      visitorId: 'v-token',
      personId: null,
      expiresAt: expect.any(Number),
      since: expect.any(Number),
    });
  });

  test('events without a token, with a forged one, another website’s or an expired one are refused; nothing stored', async () => {
    const fresh = await website();
    const p = await contentOf(t, fresh.id, 'popup');
    const events = [
      { type: 'comment', visitorId: 'v-alice', contentId: p, body: 'as alice' },
      { type: 'react', visitorId: 'v-alice', contentId: p, emoji: '👍' },
    ];
    const none = await post(fresh.key, { events });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ token: 'A visitor token is required: ask the content call first' });

    const good = await visitorToken(t, fresh.key, 'v-alice');
    const forged = await post(fresh.key, { token: `${good.slice(0, -3)}abc`, events });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: 'This visitor token is not valid for this website' });
    expect((await post(fresh.key, { token: 'not.a.token', events })).statusCode).toBe(401);

    // A token the content call gave for alice on another website.
    const elsewhere = await visitorToken(t, site.key, 'v-alice');
    const foreign = await post(fresh.key, { token: elsewhere, events });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toEqual({ message: 'This visitor token is not valid for this website' });

    // Signed by the server two hours ago for an hour (as the content call signs): expired.
    const expired = await new VisitorTokens(t.ctx.config.authSecret).sign(
      { websiteId: fresh.id, visitorId: 'v-alice', personId: null },
      3600,
      Date.now() - 2 * 3_600_000,
    );
    const late = await post(fresh.key, { token: expired, events });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: 'This visitor token has expired: ask the content call for a new one' });
    // A console access token is not a visitor token.
    const staff = await t.createUser({ permissions: [] });
    expect((await post(fresh.key, { token: staff.accessToken, events })).statusCode).toBe(401);

    expect(await count(fresh.id)).toBe(0);
    expect(await t.ctx.db.$count(contentComments, eq(contentComments.contentId, p))).toBe(0);
    expect(await t.ctx.db.$count(contentReactions, eq(contentReactions.contentId, p))).toBe(0);
    // Alice's own page, with her token: accepted.
    expect((await post(fresh.key, { token: good, events })).json()).toEqual({ message: 'Events recorded', accepted: 2 });
  });

  test('another visitor’s token: 403 naming each event that is not its visitor; nothing stored', async () => {
    const fresh = await website();
    const p = await contentOf(t, fresh.id, 'popup');
    const mallory = await visitorToken(t, fresh.key, 'v-mallory');
    const res = await post(fresh.key, {
      token: mallory,
      events: [
        { type: 'view', visitorId: 'v-mallory', contentId: p },
        { type: 'comment', visitorId: 'v-alice', contentId: p, body: 'sent as alice' },
        { type: 'react', visitorId: 'v-bob', contentId: p, emoji: '👎' },
      ],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      message: 'Some events are not the visitor of this token',
      errors: { 'events.1.visitorId': 'Not the visitor of the token', 'events.2.visitorId': 'Not the visitor of the token' },
    });
    expect(await count(fresh.id)).toBe(0);
    expect(await t.ctx.db.$count(contentComments, eq(contentComments.contentId, p))).toBe(0);
  });

  test('100 reactions from one visitor count once (the latest replaces theirs); another visitor’s counts too', async () => {
    const owner = await t.createUser({ permissions: ['get_posts'] });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
    const p = await contentOf(t, owner.websiteId, 'popup');
    const emojis = ['👍', '❤️', '😂', '🎉'];
    const flood = Array.from({ length: 100 }, (_, i) => ({ type: 'react', visitorId: 'v-fan', contentId: p, emoji: emojis[i % 4] }));
    const res = await send(w.publicKey, flood);
    expect(res.json()).toEqual({ message: 'Events recorded', accepted: 100 });
    const counts = async () => (await t.request({ method: 'GET', url: `/api/popups/${p}/count-reacts`, headers: owner.headers })).json();
    expect(await counts()).toEqual({ data: [{ emoji: '🎉', count: 1 }], total: 1 });
    const reactCount = async () => (await t.ctx.db.select({ n: contents.reactCount }).from(contents).where(eq(contents.id, p)))[0].n;
    expect(await reactCount()).toBe(1);
    // A later batch: the new reaction replaces theirs.
    expect((await send(w.publicKey, [{ type: 'react', visitorId: 'v-fan', contentId: p, emoji: '👍' }])).statusCode).toBe(202);
    expect(await counts()).toEqual({ data: [{ emoji: '👍', count: 1 }], total: 1 });
    expect(await reactCount()).toBe(1);
    expect((await send(w.publicKey, [{ type: 'react', visitorId: 'v-other', contentId: p, emoji: '👍' }])).statusCode).toBe(202);
    expect(await counts()).toEqual({ data: [{ emoji: '👍', count: 2 }], total: 2 });
    expect(await reactCount()).toBe(2);
    const popups = (await t.request({ method: 'GET', url: '/api/popups', headers: owner.headers })).json();
    expect(popups.docs.find((d: { _id: string }) => d._id === p).reactCount).toBe(2);
  });

  test('occurredAt is clamped to the last 24 hours: older is stored 24 hours ago, a little ahead is stored now', async () => {
    const fresh = await website();
    const p = await contentOf(t, fresh.id, 'popup');
    const before = Date.now();
    const res = await send(fresh.key, [
      { id: 'old', type: 'session', visitorId: 'v-clock', device: 'web', occurredAt: new Date(before - 3 * 86_400_000).toISOString() },
      { id: 'ahead', type: 'close', visitorId: 'v-clock', contentId: p, occurredAt: new Date(before + 4 * 60_000).toISOString() },
      { id: 'comment', type: 'comment', visitorId: 'v-clock', contentId: p, body: 'back then', occurredAt: new Date(before - 40 * 86_400_000).toISOString() },
    ]);
    expect(res.statusCode).toBe(202);
    const after = Date.now();
    const rows = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.websiteId, fresh.id));
    const at = (id: string) => rows.find((r) => r.eventId === id)!.occurredAt.getTime();
    for (const id of ['old', 'comment']) {
      expect(at(id)).toBeGreaterThanOrEqual(before - 86_400_000);
      expect(at(id)).toBeLessThanOrEqual(after - 86_400_000);
    }
    expect(at('ahead')).toBeGreaterThanOrEqual(before);
    expect(at('ahead')).toBeLessThanOrEqual(after);
    const [c] = await t.ctx.db.select().from(contentComments).where(eq(contentComments.contentId, p));
    expect(c.createdAt.getTime()).toBe(at('comment'));
  });

  test('comments and answers are limited per visitor: the 11th in a minute → 429; another visitor still passes', async () => {
    const fresh = await website();
    const p = await contentOf(t, fresh.id, 'popup');
    const comment = (visitorId: string, i: number) => ({ type: 'comment', visitorId, contentId: p, body: `comment ${i}` });
    const answer = (visitorId: string) => ({ type: 'answer', visitorId, contentId: p, answers: [{ blockId: 'q', question: 'Q?', answer: 'A' }] });
    expect((await send(fresh.key, [...Array.from({ length: 6 }, (_, i) => comment('v-chatty', i)), answer('v-chatty')])).statusCode).toBe(202);
    expect((await send(fresh.key, [comment('v-chatty', 7), answer('v-chatty'), comment('v-chatty', 8)])).statusCode).toBe(202);
    const refused = await send(fresh.key, [comment('v-chatty', 9)]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: 'Too many comments or answers from this visitor, slow down and retry later' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Views and reactions are not messages.
    expect((await send(fresh.key, [{ type: 'view', visitorId: 'v-chatty', contentId: p }])).statusCode).toBe(202);
    expect((await send(fresh.key, [comment('v-quiet', 1)])).statusCode).toBe(202);
    expect(await t.ctx.db.$count(contentComments, eq(contentComments.contentId, p))).toBe(9);
  });

  test('staff holding create_websites in the website’s organisation may import older history; others may not', async () => {
    const owner = await t.createUser({ permissions: ['create_websites'] });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
    const at = new Date(Date.now() - 20 * 86_400_000).toISOString();
    const batch = [{ id: 'history', type: 'session', visitorId: 'v-past', device: 'web', occurredAt: at }];
    const imported = await send(w.publicKey, batch, owner.headers);
    expect(imported.statusCode).toBe(202);
    const [row] = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.websiteId, owner.websiteId));
    expect(row.occurredAt.toISOString()).toBe(at);

    const viewer = await t.createUser({ permissions: ['get_websites'], organisationId: owner.organisationId });
    const stranger = await t.createUser({ permissions: ['create_websites'] });
    for (const u of [viewer, stranger]) {
      const res = await send(w.publicKey, [{ ...batch[0], id: `by-${u.id}` }], u.headers);
      expect(res.statusCode).toBe(403);
    }
    expect((await send(w.publicKey, [{ ...batch[0], id: 'bad' }], { authorization: 'Bearer nope' })).statusCode).toBe(401);
    // Still under a visitor token: staff cannot speak for a visitor without one.
    const tokenless = await t.request({ method: 'POST', url: `/api/public/${w.publicKey}/events`, payload: { events: batch }, headers: owner.headers });
    expect(tokenless.statusCode).toBe(400);
    expect(await t.ctx.db.$count(visitorEvents, eq(visitorEvents.websiteId, owner.websiteId))).toBe(1);
  });
});

test('migration 0014 keeps each visitor’s latest reaction per item and counts the items’ reactions again', async () => {
  await beforeAndAfterMigration('0014_one_reaction_per_visitor', async (pglite, migrateRest) => {
    const org = (await pglite.query<{ id: string }>(`insert into organisations (name) values ('Org') returning id`)).rows[0].id;
    const site = (
      await pglite.query<{ id: string }>(`insert into websites (organisation_id, name, domain) values ($1, 'Site', 'site.test') returning id`, [org])
    ).rows[0].id;
    const item = (
      await pglite.query<{ id: string }>(
        `insert into contents (website_id, kind, title, status, document, react_count) values ($1, 'popup', 'P', 'public', '{}', 4) returning id`,
        [site],
      )
    ).rows[0].id;
    // Before: one visitor reacted three times, another once.
    await pglite.query(
      `insert into content_reactions (content_id, visitor_id, emoji, created_at) values
       ($1, 'fan', '👍', now() - interval '3 hours'), ($1, 'fan', '❤️', now() - interval '1 hour'), ($1, 'fan', '😂', now() - interval '2 hours'),
       ($1, 'other', '👍', now())`,
      [item],
    );
    await migrateRest();
    const { rows } = await pglite.query<{ visitor_id: string; emoji: string }>(`select visitor_id, emoji from content_reactions order by visitor_id`);
    expect(rows).toEqual([
      { visitor_id: 'fan', emoji: '❤️' },
      { visitor_id: 'other', emoji: '👍' },
    ]);
    expect((await pglite.query<{ react_count: number }>(`select react_count from contents`)).rows).toEqual([{ react_count: 2 }]);
    await expect(pglite.query(`insert into content_reactions (content_id, visitor_id, emoji) values ($1, 'fan', '🎉')`, [item])).rejects.toThrow();
  });
});
