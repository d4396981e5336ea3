import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, PUSH_ENDPOINT_REFUSED_MESSAGE, PUSH_SUBSCRIPTION_INVALID_MESSAGE, type WebPushPayload } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { contentOf, pushBody } from './support/campaigns';
import { groupOf } from './matrix/groups';
import { visitorToken } from './support/visitor-events';
import { NON_PUBLIC_ENDPOINTS, PushServiceStandIn } from './support/push-service';
import { identityHash } from '../src/lib/identity-hash';
import { outboundAgent } from '../src/lib/outbound-address';
import { translateMessage } from '../src/i18n/messages';
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
  // The stand-in listens on loopback, which only the allow-list opens (its port, not the API's nor any other).
  t = await createTestApp({ env: { OUTBOUND_ALLOWED_HOSTS: push.host } });
  // The stand-in's certificate is its own: trusted here as a browser's push service's is by the system's CAs.
  t.ctx.pushSender.agent = outboundAgent(t.config.outbound, { ca: push.certificate });
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

test('subscribing needs the visitor’s own token', async () => {
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
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).toHaveLength(0);
});

const invalid = translateMessage(PUSH_SUBSCRIPTION_INVALID_MESSAGE, 'en');
const refused = translateMessage(PUSH_ENDPOINT_REFUSED_MESSAGE, 'en');

test('an endpoint that is not an HTTPS URL of reasonable length is refused on its own field, the keys being good', async () => {
  const s = await site();
  const good = push.subscribe();
  for (const endpoint of [
    'http://fcm.googleapis.com/fcm/send/abc',
    'not a url',
    'https://',
    'https://fcm.google apis.com/x',
    `https://fcm.googleapis.com/fcm/send/${'a'.repeat(2048)}`,
    42,
  ]) {
    const res = await subscribe(s, 'v-shape', { endpoint: endpoint as string, keys: good.keys });
    expect({ endpoint, status: res.statusCode, errors: res.json().errors }).toEqual({ endpoint, status: 400, errors: { 'subscription.endpoint': invalid } });
  }
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).toHaveLength(0);
});

test('keys that are not base64url of a push subscription’s length are refused on their own fields, the endpoint being good', async () => {
  const s = await site();
  const good = push.subscribe();
  const res = await subscribe(s, 'v-keys', { endpoint: good.endpoint, keys: { p256dh: '!'.repeat(20), auth: 'short' } });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ 'subscription.keys.p256dh': invalid, 'subscription.keys.auth': invalid });
  const missing = await subscribe(s, 'v-keys', { endpoint: good.endpoint, keys: { p256dh: good.keys.p256dh } });
  expect(missing.statusCode).toBe(400);
  expect(Object.keys(missing.json().errors)).toEqual(['subscription.keys.auth']);
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).toHaveLength(0);
});

test('a subscription to an address of this machine or a private network is refused with a field message, and stored nowhere', async () => {
  const s = await site();
  const { keys } = push.subscribe();
  for (const endpoint of NON_PUBLIC_ENDPOINTS) {
    const res = await subscribe(s, 'v-ssrf', { endpoint, keys });
    expect({ endpoint, status: res.statusCode, errors: res.json().errors }).toEqual({ endpoint, status: 400, errors: { 'subscription.endpoint': refused } });
  }
  expect(await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).toHaveLength(0);
});

test('by default an endpoint must be a known push service’s (or allow-listed, port included)', async () => {
  const s = await site();
  const { keys } = push.subscribe();
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://web.push.apple.com/QGabc',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
  ])
    expect({ endpoint, status: (await subscribe(s, 'v-known', { endpoint, keys })).statusCode }).toEqual({ endpoint, status: 201 });
  for (const endpoint of [
    'https://example.com/push/x',
    'https://fcm.googleapis.com.example.com/fcm/send/abc',
    'https://fcm.googleapis.com:8443/fcm/send/abc',
    'https://push.apple.com.example.com/x',
    // The allow-list names the stand-in's port: the same address on another port is not on it.
    `https://127.0.0.1:${Number(push.host.split(':')[1]) + 1}/push/x`,
  ]) {
    const res = await subscribe(s, 'v-unknown', { endpoint, keys });
    expect({ endpoint, status: res.statusCode, errors: res.json().errors }).toEqual({ endpoint, status: 400, errors: { 'subscription.endpoint': refused } });
  }
});

test('a visitor’s subscriptions beyond the cap (5) replace their oldest; subscribing again makes one the newest', async () => {
  const s = await site();
  expect(t.config.webPush.maxSubscriptionsPerVisitor).toBe(5);
  const subs = Array.from({ length: 8 }, () => push.subscribe());
  const endpoints = async () =>
    (await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId))).map((k) => k.endpoint).sort();
  for (const sub of subs.slice(0, 7)) expect((await subscribe(s, 'v-many', sub)).statusCode).toBe(201);
  expect(await endpoints()).toEqual(
    subs
      .slice(2, 7)
      .map((x) => x.endpoint)
      .sort(),
  );
  expect((await subscribe(s, 'v-many', subs[2])).statusCode).toBe(201);
  expect((await subscribe(s, 'v-many', subs[7])).statusCode).toBe(201);
  expect(await endpoints()).toEqual([subs[2], subs[4], subs[5], subs[6], subs[7]].map((x) => x.endpoint).sort());
  // Another visitor of the website is not counted against this one.
  expect((await subscribe(s, 'v-other', push.subscribe())).statusCode).toBe(201);
  expect(await endpoints()).toHaveLength(6);
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
