import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type WebPushPayload } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { contentOf, pushBody } from './support/campaigns';
import { groupOf } from './matrix/groups';
import { visitorToken } from './support/visitor-events';
import { PushServiceStandIn } from './support/push-service';
import { identityHash } from '../src/lib/identity-hash';
import { clientMembers, emailSuppressions, groupMembers, pushJobs, pushSubscriptions, visitorEvents, websites } from '../src/db/schema';

/**
 * Web Push, end to end on the API's side: subscriptions stored under the visitor token, published
 * push notifications delivered through the queue with web-push to a push service that checks the
 * VAPID JWT and decrypts the payload, gone subscriptions forgotten, and the service worker's
 * reports counted once. On PGlite and PostgreSQL.
 */
let t: TestApp;
const push = new PushServiceStandIn();
beforeAll(async () => {
  await push.start();
  t = await createTestApp();
  // The stand-in's certificate is its own: trusted here as a browser's push service's is by the system's CAs.
  t.ctx.pushSender.agent = push.agent();
});
afterAll(async () => {
  await t?.close();
  await push.stop();
});

async function site() {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  return { u, key: w.publicKey, secret: w.identitySecret };
}
type Site = Awaited<ReturnType<typeof site>>;

/** A visitor of the page, identified as `externalId` when given; answers its client member id. */
async function visitor(s: Site, visitorId: string, externalId?: string): Promise<string | null> {
  if (!externalId) return null;
  const res = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/identify`,
    payload: { visitorId, externalId, userHash: identityHash(s.secret, externalId) },
  });
  expect(res.statusCode).toBe(200);
  const [m] = await t.ctx.db
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(and(eq(clientMembers.websiteId, s.u.websiteId), eq(clientMembers.memberId, externalId)));
  return m.id;
}

async function subscribe(s: Site, visitorId: string, subscription: { endpoint: string; keys: object }) {
  const token = await visitorToken(t, s.key, visitorId);
  return t.request({
    method: 'POST',
    url: `/api/public/${s.key}/push/subscriptions`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ visitorId, token, subscription }),
  });
}

const received = (ids: string[], contentTitle: string) =>
  push.received
    .filter((r) => ids.includes(r.subscription) && (r.payload as unknown as WebPushPayload).title === contentTitle)
    .map((r) => r.subscription)
    .sort();

test('a published push reaches exactly the subscribed visitors in its audience, signed with the website’s VAPID key; a gone subscription is forgotten', async () => {
  const s = await site();
  const group = await groupOf(t, s.u);
  const inGroup = (await visitor(s, 'v-in', 'ada'))!;
  await t.ctx.db.insert(groupMembers).values({ groupId: group, clientMemberId: inGroup });
  await visitor(s, 'v-out', 'bob');
  const goneMember = (await visitor(s, 'v-gone', 'cy'))!;
  await t.ctx.db.insert(groupMembers).values({ groupId: group, clientMemberId: goneMember });
  const unsubscribedMember = (await visitor(s, 'v-nosub', 'dee'))!;
  await t.ctx.db.insert(groupMembers).values({ groupId: group, clientMemberId: unsubscribedMember });

  const subs = { in: push.subscribe(), out: push.subscribe(), anon: push.subscribe(), gone: push.subscribe({ gone: true }) };
  for (const [v, sub] of [
    ['v-in', subs.in],
    ['v-out', subs.out],
    ['v-anon', subs.anon],
    ['v-gone', subs.gone],
  ] as const) {
    const res = await subscribe(s, v, sub);
    expect(res.statusCode).toBe(201);
  }
  // The subscription is the person's once the visitor is identified.
  const [stored] = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.in.endpoint));
  expect(stored).toMatchObject({ websiteId: s.u.websiteId, visitorId: 'v-in', clientMemberId: inGroup });

  const key = (await t.request({ method: 'GET', url: `/api/public/${s.key}/push/key` })).json().publicKey as string;
  expect(Buffer.from(key, 'base64url')).toHaveLength(65);

  const ids = Object.values(subs).map((x) => x.id);
  const forGroup = await contentOf(
    t,
    s.u,
    'push',
    pushBody({ title: 'For the group', group, action: { url: 'https://shop.example.test/new', target: '_blank' } }),
  );
  await t.ctx.pushSender.drain();
  expect(received(ids, 'For the group')).toEqual([subs.in.id].sort());
  const message = push.received.find((r) => r.subscription === subs.in.id)!;
  expect(message.vapidKey).toBe(key);
  expect(message.subject).toMatch(/^mailto:/);
  expect(message.payload).toMatchObject({ title: 'For the group', body: 'Try it now', url: 'https://shop.example.test/new', token: expect.any(String) });
  // The 410 was heard: that subscription is gone, its delivery failed.
  expect(push.refused.map((r) => r.subscription)).toEqual([subs.gone.id]);
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, subs.gone.endpoint))).toHaveLength(0);
  const jobs = await t.ctx.db.select().from(pushJobs).where(eq(pushJobs.contentId, forGroup));
  expect(jobs.map((j) => j.status).sort()).toEqual(['failed', 'sent', 'skipped', 'skipped']);

  // Everyone's push: every remaining subscription, once; the forgotten one gets nothing more.
  await contentOf(t, s.u, 'push', pushBody({ title: 'For everyone' }));
  await t.ctx.pushSender.drain();
  await t.ctx.pushSender.drain();
  expect(received(ids, 'For everyone')).toEqual([subs.in.id, subs.out.id, subs.anon.id].sort());
  expect(received(ids, 'For the group')).toEqual([subs.in.id]);
  expect(push.refused).toHaveLength(1);
});

test('a visitor who already saw a push in the page is not sent it again; a draft is sent to nobody', async () => {
  const s = await site();
  const sub = push.subscribe();
  const seen = await contentOf(t, s.u, 'push', pushBody({ title: 'Seen in the page' }));
  const token = await visitorToken(t, s.key, 'v-seen');
  const ev = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/events`,
    payload: { token, events: [{ type: 'view', visitorId: 'v-seen', contentId: seen, device: 'web', eventId: 'e-seen-1' }] },
  });
  expect(ev.statusCode).toBe(202);
  expect((await subscribe(s, 'v-seen', sub)).statusCode).toBe(201);
  await contentOf(t, s.u, 'push', pushBody({ title: 'Draft one', status: 'draft' } as object));
  await contentOf(t, s.u, 'push', pushBody({ title: 'Not seen yet' }));
  await t.ctx.pushSender.drain();
  expect(push.received.filter((r) => r.subscription === sub.id).map((r) => (r.payload as unknown as WebPushPayload).title)).toEqual(['Not seen yet']);
});

test('the service worker’s reports count shown and clicked once, as views and clicks of the push', async () => {
  const s = await site();
  const sub = push.subscribe();
  expect((await subscribe(s, 'v-sw', sub)).statusCode).toBe(201);
  const id = await contentOf(t, s.u, 'push', pushBody({ title: 'Report me' }));
  await t.ctx.pushSender.drain();
  const { token } = push.received.find((r) => r.subscription === sub.id)!.payload as unknown as WebPushPayload;
  const report = (what: string, tk = token) => t.request({ method: 'POST', url: `/api/public/push/${tk}/${what}` });
  expect((await report('shown')).json()).toEqual({ counted: true });
  expect((await report('shown')).json()).toEqual({ counted: false });
  expect((await report('clicked')).json()).toEqual({ counted: true });
  expect((await report('clicked')).json()).toEqual({ counted: false });
  expect((await report('opened')).statusCode).toBe(400);
  expect((await report('shown', 'A'.repeat(43))).statusCode).toBe(404);
  const [job] = await t.ctx.db.select().from(pushJobs).where(eq(pushJobs.contentId, id));
  expect(job.shownAt).not.toBeNull();
  expect(job.clickedAt).not.toBeNull();
  const events = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.contentId, id));
  expect(events.map((e) => [e.type, e.visitorId]).sort()).toEqual([
    ['click', 'v-sw'],
    ['view', 'v-sw'],
  ]);
});

test('subscribing needs the visitor’s own token and a real subscription', async () => {
  const s = await site();
  const sub = push.subscribe();
  const token = await visitorToken(t, s.key, 'v-a');
  const other = await t.request({ method: 'POST', url: `/api/public/${s.key}/push/subscriptions`, payload: { visitorId: 'v-b', token, subscription: sub } });
  expect(other.statusCode).toBe(403);
  const forged = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/push/subscriptions`,
    payload: { visitorId: 'v-a', token: 'x.y.z', subscription: sub },
  });
  expect(forged.statusCode).toBe(401);
  const bad = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/push/subscriptions`,
    payload: { visitorId: 'v-a', token, subscription: { endpoint: 'http://evil.example.test/x', keys: { p256dh: '!', auth: '' } } },
  });
  expect(bad.statusCode).toBe(400);
  expect(Object.keys(bad.json().errors ?? {}).length).toBeGreaterThan(0);
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).toHaveLength(0);
});

test('the people list shows how campaigns reach each person: e-mail standing and push subscriptions', async () => {
  const s = await site();
  const ada = (await visitor(s, 'v-ada', 'ada'))!;
  await t.ctx.db.update(clientMembers).set({ email: 'Ada@example.test' }).where(eq(clientMembers.id, ada));
  const bob = (await visitor(s, 'v-bob', 'bob'))!;
  await t.ctx.db.update(clientMembers).set({ email: 'bob@example.test' }).where(eq(clientMembers.id, bob));
  await visitor(s, 'v-cy', 'cy');
  await t.ctx.db.insert(emailSuppressions).values({ websiteId: s.u.websiteId, email: 'ada@example.test', reason: 'unsubscribed', clientMemberId: ada });
  expect((await subscribe(s, 'v-ada', push.subscribe())).statusCode).toBe(201);
  expect((await subscribe(s, 'v-ada', push.subscribe())).statusCode).toBe(201);
  const res = await t.request({ method: 'GET', url: '/api/client-members?page=1&pageSize=10', headers: s.u.headers });
  expect(res.statusCode).toBe(200);
  const reach = Object.fromEntries((res.json().docs as { memberId: string; reach: unknown }[]).map((d) => [d.memberId, d.reach]));
  expect(reach).toEqual({
    ada: { email: 'unsubscribed', pushSubscriptions: 2 },
    bob: { email: 'subscribed', pushSubscriptions: 0 },
    cy: { email: 'none', pushSubscriptions: 0 },
  });
});
