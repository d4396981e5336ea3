import { createServer, type AddressInfo, type Server } from 'node:net';
import type { LookupAddress } from 'node:dns';
import { and, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, PUSH_ENDPOINT_REFUSED_MESSAGE } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { contentOf, pushBody } from './support/campaigns';
import { visitorToken } from './support/visitor-events';
import { NON_PUBLIC_ENDPOINTS, PushServiceStandIn } from './support/push-service';
import { identityHash } from '../src/lib/identity-hash';
import { outboundAgent } from '../src/lib/outbound-address';
import { translateMessage } from '../src/i18n/messages';
import { clientMembers, pushJobs, pushSubscriptions, websites } from '../src/db/schema';

/**
 * Web Push with WEB_PUSH_SERVICES=any (any host of the public internet) and a small cap per website:
 * a name is checked when the sender's socket connects, so one resolving to this machine is never
 * contacted; the website's oldest anonymous subscriptions make way first.
 */
let t: TestApp;
const keys = new PushServiceStandIn();
/** A server on loopback that counts the connections it receives: the address a name resolves to. */
let target: Server;
let connections = 0;
/** What the test's resolver was asked, and what it answers (name → address): the DNS of this test. */
const asked: string[] = [];
const dns = new Map<string, LookupAddress[]>();

beforeAll(async () => {
  await keys.start();
  target = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({ env: { WEB_PUSH_SERVICES: 'any', WEB_PUSH_MAX_SUBSCRIPTIONS_PER_WEBSITE: '3' } });
  t.ctx.pushSender.agent = outboundAgent(t.config.outbound, {
    resolve: (hostname, _options, callback) => {
      asked.push(hostname);
      const answer = dns.get(hostname);
      if (answer) callback(null, answer);
      else callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), []);
    },
  });
});
afterAll(async () => {
  await t?.close();
  await keys.stop();
  await new Promise((resolve) => target.close(resolve));
});

async function site() {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  return { u, key: w.publicKey, secret: w.identitySecret };
}

async function subscribe(s: Awaited<ReturnType<typeof site>>, visitorId: string, endpoint: string) {
  const token = await visitorToken(t, s.key, visitorId);
  return t.request({
    method: 'POST',
    url: `/api/public/${s.key}/push/subscriptions`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ visitorId, token, subscription: { endpoint, keys: keys.subscribe().keys } }),
  });
}

test('a name that resolves to this machine is accepted as a subscription but never contacted: refused when the socket connects, not retried', async () => {
  const s = await site();
  const port = (target.address() as AddressInfo).port;
  // Looks public when subscribed; resolves to loopback when the sender connects (as a rebinding name does).
  dns.set('push.rebinding.example.com', [{ address: '127.0.0.1', family: 4 }]);
  // A mixed answer is refused too: the socket could pick either address.
  dns.set('push.mixed.example.com', [
    { address: '93.184.215.14', family: 4 },
    { address: '10.0.0.7', family: 4 },
  ]);
  expect((await subscribe(s, 'v-rebind', `https://push.rebinding.example.com:${port}/push/a`)).statusCode).toBe(201);
  expect((await subscribe(s, 'v-mixed', `https://push.mixed.example.com:${port}/push/b`)).statusCode).toBe(201);
  const id = await contentOf(t, s.u, 'push', pushBody({ title: 'Never sent' }));
  await t.ctx.pushSender.drain();

  expect(asked).toEqual(expect.arrayContaining(['push.rebinding.example.com', 'push.mixed.example.com']));
  expect(connections).toBe(0);
  const jobs = await t.ctx.db.select().from(pushJobs).where(eq(pushJobs.contentId, id));
  expect(jobs.map((j) => [j.visitorId, j.status, j.attempts, j.lastError]).sort()).toEqual([
    ['v-mixed', 'failed', 1, expect.stringContaining('non-public address 10.0.0.7')],
    ['v-rebind', 'failed', 1, expect.stringContaining('non-public address 127.0.0.1')],
  ]);
});

test('a subscription stored before these rules, to a literal private address, is not sent to (Node resolves no literal: the sender checks it)', async () => {
  const s = await site();
  const port = (target.address() as AddressInfo).port;
  const before = connections;
  const { keys: k } = keys.subscribe();
  await t.ctx.db
    .insert(pushSubscriptions)
    .values({ websiteId: s.u.websiteId, visitorId: 'v-old', endpoint: `https://127.0.0.1:${port}/push/old`, p256dh: k.p256dh, auth: k.auth });
  const id = await contentOf(t, s.u, 'push', pushBody({ title: 'Not to loopback' }));
  await t.ctx.pushSender.drain();
  expect(connections).toBe(before);
  const jobs = await t.ctx.db.select().from(pushJobs).where(eq(pushJobs.contentId, id));
  expect(jobs.map((j) => [j.status, j.attempts, j.lastError])).toEqual([['failed', 1, 'endpoint refused (non-public-address)']]);
});

test('with any public host allowed, an address of this machine or a private network is still refused, however it is written', async () => {
  const s = await site();
  expect((await subscribe(s, 'v-public', 'https://push.example.com/push/c')).statusCode).toBe(201);
  const refused = translateMessage(PUSH_ENDPOINT_REFUSED_MESSAGE, 'en');
  for (const endpoint of NON_PUBLIC_ENDPOINTS) {
    const res = await subscribe(s, 'v-private', endpoint);
    expect({ endpoint, status: res.statusCode, errors: res.json().errors }).toEqual({ endpoint, status: 400, errors: { 'subscription.endpoint': refused } });
  }
});

test('a website’s subscriptions beyond its cap (3) replace the oldest anonymous ones before those of identified people', async () => {
  const s = await site();
  const identify = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/identify`,
    payload: { visitorId: 'v-person', externalId: 'ada', userHash: identityHash(s.secret, 'ada') },
  });
  expect(identify.statusCode).toBe(200);
  const [person] = await t.ctx.db
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(and(eq(clientMembers.websiteId, s.u.websiteId), eq(clientMembers.memberId, 'ada')));
  expect(person).toBeDefined();
  const endpoint = (n: string) => `https://push.example.com/push/${n}`;
  for (const [visitor, n] of [
    ['v-person', 'person'],
    ['v-1', 'one'],
    ['v-2', 'two'],
    ['v-3', 'three'],
    ['v-4', 'four'],
  ])
    expect((await subscribe(s, visitor, endpoint(n))).statusCode).toBe(201);
  const kept = await t.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, s.u.websiteId));
  expect(kept.map((k) => k.endpoint).sort()).toEqual([endpoint('person'), endpoint('three'), endpoint('four')].sort());
  expect(kept.find((k) => k.endpoint === endpoint('person'))?.clientMemberId).toBe(person.id);
});
