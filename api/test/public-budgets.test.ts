import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './support/test-app';
import { websites } from '../src/db/schema';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * The public budgets of a website (content and events calls) cannot be spent for everyone: a few
 * addresses flooding a website are shed first, and a new visitor, or one the website already knew,
 * is still served; visitor tokens for visitors the website never saw are limited per address.
 */
let t: TestApp;

// Small budgets in the proportions of the defaults (an address a fifth of the website), read when
// the script's routes are registered.
const limits = {
  PUBLIC_EVENTS_PER_MINUTE: '100',
  PUBLIC_WEBSITE_EVENTS_PER_MINUTE: '500',
  PUBLIC_CONTENT_PER_MINUTE: '100',
  PUBLIC_WEBSITE_CONTENT_PER_MINUTE: '500',
  PUBLIC_NEW_VISITORS_PER_MINUTE: '5',
};

beforeAll(async () => {
  const saved = Object.fromEntries(Object.keys(limits).map((k) => [k, process.env[k]]));
  Object.assign(process.env, limits);
  // Budgets are per minute of the product's clock: every test here runs in one minute of it, early
  // in the minute, each tick a millisecond (a window never ends halfway through a test, however slow the machine).
  let tick = Math.floor(Date.now() / 60_000) * 60_000 + 1000;
  t = await createTestApp({ clock: { now: () => (tick += 1) } });
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}, scaled(120_000));
afterAll(() => t?.close());

async function website(): Promise<string> {
  const org = await t.createOrganisation();
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, org.websiteId));
  return w.publicKey;
}

const content = (key: string, visitorId: string, address: string, token?: string) =>
  t.request({
    method: 'GET',
    url: `/api/public/${key}/content?${new URLSearchParams({ visitorId, url: 'https://page.example.test/', ...(token ? { token } : {}) })}`,
    remoteAddress: address,
  });

async function tokenOf(key: string, visitorId: string, address: string): Promise<string> {
  const res = await content(key, visitorId, address);
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

const events = (key: string, token: string, visitorId: string, address: string, n = 10) =>
  t.request({
    method: 'POST',
    url: `/api/public/${key}/events`,
    remoteAddress: address,
    payload: { token, events: Array.from({ length: n }, () => ({ type: 'session', visitorId, device: 'web' })) },
  });

const attackers = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];

test(
  'five addresses flooding the events call are shed first: a new visitor and a known one are still served',
  async () => {
    const key = await website();
    // Known before the flood: served a token, and sent events.
    const knownToken = await tokenOf(key, 'known', '198.51.100.10');
    expect((await events(key, knownToken, 'known', '198.51.100.10', 5)).statusCode).toBe(202);

    const tokens = await Promise.all(attackers.map((a, i) => tokenOf(key, `flood-${i}`, a)));
    const refused = new Set<string>();
    // Each address sends until refused three times running (what a flood does), 10 events a batch.
    const misses = new Map<string, number>();
    for (let round = 0; round < 40 && refused.size < attackers.length; round++) {
      for (const [i, a] of attackers.entries()) {
        if (refused.has(a)) continue;
        const res = await events(key, tokens[i], `flood-${i}`, a);
        if (res.statusCode === 429) misses.set(a, (misses.get(a) ?? 0) + 1);
        else expect(res.statusCode).toBe(202);
        if ((misses.get(a) ?? 0) >= 3) refused.add(a);
      }
    }
    expect(refused.size).toBe(attackers.length);

    const freshToken = await tokenOf(key, 'fresh', '198.51.100.20');
    const fresh = await events(key, freshToken, 'fresh', '198.51.100.20');
    expect(fresh.statusCode).toBe(202);
    const known = await events(key, knownToken, 'known', '198.51.100.10');
    expect(known.statusCode).toBe(202);
    // The flood itself is still refused.
    const again = await events(key, tokens[0], 'flood-0', attackers[0]);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  },
  scaled(120_000),
);

test(
  'five addresses flooding the content call are shed first: a new visitor and a known one are still served',
  async () => {
    const key = await website();
    const knownToken = await tokenOf(key, 'known', '198.51.100.10');

    const tokens = await Promise.all(attackers.map((a, i) => tokenOf(key, `flood-${i}`, a)));
    const misses = new Map<string, number>();
    for (let round = 0; round < 120 && [...misses.values()].filter((m) => m >= 3).length < attackers.length; round++) {
      for (const [i, a] of attackers.entries()) {
        if ((misses.get(a) ?? 0) >= 3) continue;
        const res = await content(key, `flood-${i}`, a, tokens[i]);
        if (res.statusCode === 429) misses.set(a, (misses.get(a) ?? 0) + 1);
        else expect(res.statusCode).toBe(200);
      }
    }
    expect([...misses.values()].filter((m) => m >= 3)).toHaveLength(attackers.length);

    expect((await content(key, 'fresh', '198.51.100.20')).statusCode).toBe(200);
    expect((await content(key, 'known', '198.51.100.10', knownToken)).statusCode).toBe(200);
    expect((await content(key, 'flood-0', attackers[0], tokens[0])).statusCode).toBe(429);
  },
  scaled(120_000),
);

test(
  'a visitor known before the flood is served past the website budget; one first served during it is not',
  async () => {
    const key = await website();
    const knownToken = await tokenOf(key, 'known', '198.51.100.10');
    // Many light addresses (each within its share, even the last) spend the whole website budget: 100 × 5 events.
    const senders = Array.from({ length: 100 }, (_, i) => `192.0.2.${i + 1}`);
    const known = new Map<string, string>();
    for (const a of senders.slice(0, 3)) known.set(a, await tokenOf(key, `light-${a}`, a));
    const codes: number[] = [];
    for (const a of senders) {
      const token = known.get(a) ?? (await tokenOf(key, `light-${a}`, a));
      codes.push((await events(key, token, `light-${a}`, a, 5)).statusCode);
    }
    expect(codes.every((c) => c === 202)).toBe(true);
    const lateToken = await tokenOf(key, 'late', '198.51.100.30');
    const late = await events(key, lateToken, 'late', '198.51.100.30', 5);
    expect(late.statusCode).toBe(429);
    expect(late.json()).toEqual({ message: 'Too many events for this website, slow down and retry later' });
    const served = await events(key, knownToken, 'known', '198.51.100.10', 5);
    expect(served.statusCode).toBe(202);
  },
  scaled(120_000),
);

test(
  'visitor tokens for visitors the website never saw are limited per address; known visitors are not',
  async () => {
    const key = await website();
    const address = '198.51.100.40';
    const first: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await content(key, `new-${i}`, address);
      expect(res.statusCode).toBe(200);
      first.push((res.json() as { token: string }).token);
    }
    const sixth = await content(key, 'new-5', address);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ message: 'Too many new visitors from this address, retry later' });
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // A visitor who holds their token is not new.
    expect((await content(key, 'new-0', address, first[0])).statusCode).toBe(200);
    expect((await content(key, 'new-1', address, first[1])).statusCode).toBe(200);
    // Another address has its own.
    expect((await content(key, 'new-6', '198.51.100.42')).statusCode).toBe(200);
  },
  scaled(120_000),
);
