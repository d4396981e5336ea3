import { asc, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { staffNotifications, websites } from '../src/db/schema';
import { openStream, staffStream, visitorStreamUrl, visitorToken, type OpenStream, type SseEvent } from './support/live-streams';
import { addWebsite } from './support/sites';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Live streams of two websites open at once — one person's two console tabs, and two visitors who
 * happen to have the same id on each — each get their own website's events only, live and when a
 * reconnect asks for what it missed (Last-Event-ID).
 */
let t: TestApp;
withTestApp((app) => (t = app));

let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Site {
  id: string;
  key: string;
  domain: string;
  headers: Record<string, string>;
}
/** One owner, two websites of their organisation. */
async function twoWebsites(): Promise<[Site, Site, TestUser]> {
  const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
  const second = await addWebsite(t, owner);
  const sites = await Promise.all(
    [owner.websiteId, second].map(async (id) => {
      const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, id));
      return { id, key: w.publicKey, domain: w.domain, headers: { ...owner.headers, activewebsite: id } };
    }),
  );
  return [sites[0], sites[1], owner];
}

/** The same visitor id on both websites: only the website tells their streams apart. */
const VISITOR = 'same-visitor-id';
const write = async (s: Site, token: string, body: string) =>
  (await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/messages`, payload: { token, body } })).json().conversation._id as string;
const answer = (s: Site, conversationId: string, body: string) =>
  t.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: s.headers, payload: { body } });
const bodies = (stream: OpenStream) => stream.events.filter((e) => e.event === 'message').map((e) => (e.data as { body: string }).body);
const notifications = (stream: OpenStream) => stream.events.filter((e) => e.event === 'notification').map((e) => (e.data as { id: string }).id);
/** The ids of a website's staff notifications, oldest first. */
const notificationIds = async (s: Site) =>
  (await t.ctx.db.select().from(staffNotifications).where(eq(staffNotifications.websiteId, s.id)).orderBy(asc(staffNotifications.createdAt))).map((n) => n.id);
const messageWith = (body: string) => (e: SseEvent) => e.event === 'message' && (e.data as { body: string }).body === body;
/** Lets anything still in flight arrive before asserting that it did not. */
const settle = () => new Promise((r) => setTimeout(r, 400));

test('streams of two websites open at once each get only their own website’s visitor messages, answers and notifications', async () => {
  const [a, b] = await twoWebsites();
  const [tokenA, tokenB] = [await visitorToken(t, a, VISITOR), await visitorToken(t, b, VISITOR)];
  const staffA = await staffStream(base, { headers: a.headers } as TestUser);
  const staffB = await staffStream(base, { headers: b.headers } as TestUser);
  const visitorA = await openStream(visitorStreamUrl(base, a.key, tokenA));
  const visitorB = await openStream(visitorStreamUrl(base, b.key, tokenB));
  for (const v of [visitorA, visitorB]) await v.next((e) => e.event === 'ready');

  const convA = await write(a, tokenA, 'Question on A');
  const convB = await write(b, tokenB, 'Question on B');
  await staffA.next(messageWith('Question on A'));
  await staffB.next(messageWith('Question on B'));
  await staffA.next((e) => e.event === 'notification');
  await staffB.next((e) => e.event === 'notification');
  await answer(a, convA, 'Answer on A');
  await answer(b, convB, 'Answer on B');
  await visitorA.next(messageWith('Answer on A'));
  await visitorB.next(messageWith('Answer on B'));
  await settle();

  expect(bodies(staffA)).toEqual(['Question on A', 'Answer on A']);
  expect(bodies(staffB)).toEqual(['Question on B', 'Answer on B']);
  expect(notifications(staffA)).toEqual(await notificationIds(a));
  expect(notifications(staffB)).toEqual(await notificationIds(b));
  expect(notifications(staffA)).toHaveLength(1);
  // A visitor's stream carries their own messages too (their other tabs show them).
  expect(bodies(visitorA)).toEqual(['Question on A', 'Answer on A']);
  expect(bodies(visitorB)).toEqual(['Question on B', 'Answer on B']);
  for (const x of [staffA, staffB, visitorA, visitorB]) x.close();
});

test('a reconnect with Last-Event-ID gets what its own website missed, never another website’s events', async () => {
  const [a, b] = await twoWebsites();
  const [tokenA, tokenB] = [await visitorToken(t, a, VISITOR), await visitorToken(t, b, VISITOR)];
  const convA = await write(a, tokenA, 'First on A');
  const convB = await write(b, tokenB, 'First on B');
  await answer(a, convA, 'First answer on A');

  // Each stream's last event, then it drops. (The visitor's comes back in the query: a new
  // EventSource cannot send the Last-Event-ID header; a malformed one is refused per field.)
  const malformed = await t.request({ method: 'GET', url: `/api/public/${a.key}/messenger/live?token=${encodeURIComponent(tokenA)}&lastEventId=x` });
  expect(malformed.statusCode).toBe(400);
  expect(malformed.json().errors).toEqual({ lastEventId: 'The last event id is a whole number' });
  const staffA = await staffStream(base, { headers: a.headers } as TestUser, { 'last-event-id': '1' });
  const lastStaff = (await staffA.next(messageWith('First answer on A'))).id;
  staffA.close();
  const visitorA = await openStream(visitorStreamUrl(base, a.key, tokenA) + '&lastEventId=1');
  const lastVisitor = (await visitorA.next(messageWith('First answer on A'))).id;
  visitorA.close();

  // Meanwhile both websites go on: the visitor of B (same id) writes and is answered, and so is A's.
  await write(b, tokenB, 'Missed on B');
  await answer(b, convB, 'Answer missed on B');
  await write(a, tokenA, 'Missed on A');
  await answer(a, convA, 'Answer missed on A');

  const againStaff = await openStream(`${base}/api/live`, { ...a.headers, 'last-event-id': lastStaff });
  await againStaff.next((e) => e.event === 'ready');
  const againVisitor = await openStream(`${visitorStreamUrl(base, a.key, tokenA)}&lastEventId=${lastVisitor}`);
  await againVisitor.next((e) => e.event === 'ready');
  await settle();
  expect(bodies(againStaff)).toEqual(['Missed on A', 'Answer missed on A']);
  // Two notifications on A (the first question, the missed one): the reconnect gets the second only.
  expect(notifications(againStaff)).toEqual((await notificationIds(a)).slice(1));
  expect(notifications(againStaff)).toHaveLength(1);
  expect(bodies(againVisitor)).toEqual(['Missed on A', 'Answer missed on A']);
  for (const x of [againStaff, againVisitor]) x.close();
});
