import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, LIMITS } from 'contracts';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';
import { clientMembers, visitors, websites } from '../src/db/schema';
import { SEED_ROLES } from '../src/db/seed';
import { VisitorTokens } from '../src/services/visitor-tokens';
import { stampedIdentityHash } from '../src/lib/identity-hash';

/**
 * Identity verification, on PGlite and PostgreSQL: a website's identity secret (read, required or
 * not, rotated with a grace period for the previous secret), and identify refusing a missing, wrong
 * or expired `userHash`, so an anonymous visitor never becomes someone else by knowing their id.
 * The hash is computed here as a customer's server does, with node:crypto, not with the API's code.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const sign = (secret: string, externalId: string) => createHmac('sha256', secret).update(externalId).digest('hex');

interface Site {
  owner: TestUser;
  id: string;
  key: string;
}

/** A website created through the console's call, as a customer's is from now on. */
async function newSite(): Promise<Site> {
  const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
  const created = await t.request({
    method: 'POST',
    url: '/api/websites',
    headers: owner.headers,
    payload: { name: 'Shop', domain: `shop-${Math.random().toString(36).slice(2, 8)}.example.test` },
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data._id as string;
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, id));
  return { owner, id, key: w.publicKey };
}

const settings = (s: Site, u: TestUser = s.owner) => t.request({ method: 'GET', url: `/api/websites/${s.id}/identity-verification`, headers: u.headers });
const setRequired = (s: Site, required: unknown, u: TestUser = s.owner) =>
  t.request({ method: 'PUT', url: `/api/websites/${s.id}/identity-verification`, headers: u.headers, payload: { required } });
const rotate = (s: Site, u: TestUser = s.owner) => t.request({ method: 'POST', url: `/api/websites/${s.id}/identity-verification/rotate`, headers: u.headers });
const secretOf = async (s: Site): Promise<string> => (await settings(s)).json().secret as string;
const identify = (s: Site, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/public/${s.key}/identify`, payload: { visitorId: 'visitor-1', ...body }, headers });

async function visitorRow(s: Site, visitorId: string) {
  const [row] = await t.ctx.db
    .select()
    .from(visitors)
    .where(and(eq(visitors.websiteId, s.id), eq(visitors.visitorId, visitorId)));
  return row;
}
const memberCount = (s: Site) => t.ctx.db.$count(clientMembers, eq(clientMembers.websiteId, s.id));

describe('the identity secret', () => {
  test('a new website requires verification and has a 64-hex secret of its own; the owner reads it', async () => {
    const a = await newSite();
    const b = await newSite();
    const res = await settings(a);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ required: true, secret: expect.stringMatching(/^[0-9a-f]{64}$/), previousSecretExpiresAt: null });
    expect(await secretOf(b)).not.toBe(res.json().secret);
  });

  test('the seeded Demo website requires it too (the demo site signs its user on its server side)', async () => {
    const [demo] = await t.ctx.db.select().from(websites).where(eq(websites.name, 'Demo website'));
    expect(demo.identityRequired).toBe(true);
  });

  test('a Viewer and an Editor (seeded roles) never read it, nor change or rotate it; another organisation gets 404', async () => {
    const s = await newSite();
    const before = await secretOf(s);
    for (const permissions of [SEED_ROLES.Viewer, SEED_ROLES.Editor]) {
      const u = await t.createUser({ organisationId: s.owner.organisationId, permissions });
      const read = await settings(s, u);
      expect(read.statusCode).toBe(403);
      expect(read.body).not.toContain(before);
      expect((await setRequired(s, false, u)).statusCode).toBe(403);
      expect((await rotate(s, u)).statusCode).toBe(403);
    }
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    expect((await settings(s, stranger)).statusCode).toBe(404);
    expect((await setRequired(s, false, stranger)).statusCode).toBe(404);
    expect((await rotate(s, stranger)).statusCode).toBe(404);
    expect(await secretOf(s)).toBe(before);
    expect((await settings(s)).json().required).toBe(true);
  });

  test('PUT sets required; a body without a boolean is a 400 on the field', async () => {
    const s = await newSite();
    const off = await setRequired(s, false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: 'Identity verification updated', required: false });
    expect((await settings(s)).json().required).toBe(false);
    for (const bad of [undefined, 'yes', 1]) {
      const res = await setRequired(s, bad);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['required']);
    }
    const missing = await t.request({ method: 'PUT', url: `/api/websites/${s.id}/identity-verification`, headers: s.owner.headers, payload: {} });
    expect(missing.json().errors).toEqual({ required: 'Please say whether identity verification is required' });
  });
});

describe('identify with verification required', () => {
  test('a valid userHash identifies, and the visitor row and the answer record a verified identity', async () => {
    const s = await newSite();
    const secret = await secretOf(s);
    const res = await identify(s, { externalId: 'ada', name: 'Ada', userHash: sign(secret, 'ada') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Visitor identified', memberId: 'ada', verified: true });
    expect(await visitorRow(s, 'visitor-1')).toMatchObject({ identityVerified: true });
    // Upper-case hex is the same hash.
    expect((await identify(s, { visitorId: 'visitor-2', externalId: 'ada', userHash: sign(secret, 'ada').toUpperCase() })).statusCode).toBe(200);
  });

  test("a missing, wrong, or other person's hash → 401 with a message on userHash; nothing is written, the visitor stays anonymous", async () => {
    const s = await newSite();
    const secret = await secretOf(s);
    // The attacker's browser only knows Ada's id.
    const missing = await identify(s, { visitorId: 'attacker', externalId: 'ada', name: 'Mallory', attributes: {} });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      message: expect.stringMatching(/^This website requires identity verification/),
      errors: { userHash: expect.stringMatching(/^This website requires identity verification/) },
    });
    for (const userHash of ['0'.repeat(64), sign(secret, 'bob'), sign('another-secret', 'ada'), 'not-hex', sign(secret, 'ada').slice(0, 63)]) {
      const wrong = await identify(s, { visitorId: 'attacker', externalId: 'ada', name: 'Mallory', userHash });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json().errors).toEqual({ userHash: expect.stringMatching(/^Identity verification failed/) });
    }
    expect(await memberCount(s)).toBe(0);
    expect(await visitorRow(s, 'attacker')).toBeUndefined();
    // Ada, verified, then the attacker again: her name is not rewritten and the attacker is not linked to her.
    expect((await identify(s, { visitorId: 'ada-browser', externalId: 'ada', name: 'Ada', userHash: sign(secret, 'ada') })).statusCode).toBe(200);
    expect((await identify(s, { visitorId: 'attacker', externalId: 'ada', name: 'Mallory' })).statusCode).toBe(401);
    const [ada] = await t.ctx.db.select().from(clientMembers).where(eq(clientMembers.websiteId, s.id));
    expect(ada.username).toBe('Ada');
    expect(await visitorRow(s, 'attacker')).toBeUndefined();
  });

  test('the refusal is translated', async () => {
    const s = await newSite();
    const fr = await identify(s, { externalId: 'ada' }, { 'accept-language': 'fr' });
    expect(fr.statusCode).toBe(401);
    expect(fr.json().message).toMatch(/^Ce site exige la vérification d'identité/);
    const ar = await identify(s, { externalId: 'ada', userHash: '0'.repeat(64) }, { 'accept-language': 'ar' });
    expect(ar.json().message).toMatch(/^فشل التحقق من الهوية/);
  });
});

describe('identify with verification not required', () => {
  test('without a hash the visitor is linked, recorded as not verified; a hash that is sent is still checked', async () => {
    const s = await newSite();
    expect((await setRequired(s, false)).statusCode).toBe(200);
    const plain = await identify(s, { externalId: 'bob' });
    expect(plain.statusCode).toBe(200);
    expect(plain.json()).toEqual({ message: 'Visitor identified', memberId: 'bob', verified: false });
    expect(await visitorRow(s, 'visitor-1')).toMatchObject({ identityVerified: false });
    const wrong = await identify(s, { visitorId: 'visitor-2', externalId: 'bob', userHash: '0'.repeat(64) });
    expect(wrong.statusCode).toBe(401);
    expect(await visitorRow(s, 'visitor-2')).toBeUndefined();
    const signed = await identify(s, { externalId: 'bob', userHash: sign(await secretOf(s), 'bob') });
    expect(signed.json().verified).toBe(true);
    expect(await visitorRow(s, 'visitor-1')).toMatchObject({ identityVerified: true });
  });
});

describe('a person proven once is not rewritten by a claim', () => {
  const memberOf = async (s: Site, externalId: string) =>
    (
      await t.ctx.db
        .select()
        .from(clientMembers)
        .where(and(eq(clientMembers.websiteId, s.id), eq(clientMembers.memberId, externalId)))
    )[0];

  test("an unverified identify keeps a verified person's e-mail, name and attributes; a verified one still changes them", async () => {
    const s = await newSite();
    expect((await setRequired(s, false)).statusCode).toBe(200);
    const made = await t.request({
      method: 'POST',
      url: '/api/attributes',
      headers: { ...s.owner.headers, activewebsite: s.id },
      payload: { name: 'plan', type: 'string' },
    });
    expect(made.statusCode).toBe(201);
    const secret = await secretOf(s);
    const proven = await identify(s, {
      visitorId: 'ada-laptop',
      externalId: 'ada',
      name: 'Ada',
      email: 'ada@example.test',
      attributes: { plan: 'pro' },
      userHash: sign(secret, 'ada'),
    });
    expect(proven.json().verified).toBe(true);

    // Anyone's page claims to be Ada, with another address: taken as a claim, nothing of Ada rewritten.
    const claim = await identify(s, {
      visitorId: 'stranger',
      externalId: 'ada',
      name: 'Mallory',
      email: 'mallory@evil.example.test',
      attributes: { plan: 'free' },
    });
    expect(claim.statusCode).toBe(200);
    expect(claim.json().verified).toBe(false);
    expect(await memberOf(s, 'ada')).toMatchObject({ username: 'Ada', email: 'ada@example.test', attributes: { plan: 'pro' } });
    expect(await visitorRow(s, 'stranger')).toMatchObject({ identityVerified: false });
    // So the next e-mail campaign still goes to Ada's address.
    const count = await t.request({
      method: 'POST',
      url: '/api/emails/recipients',
      headers: { ...s.owner.headers, activewebsite: s.id },
      payload: { target: 'all' },
    });
    expect(count.statusCode).toBe(200);
    expect(count.json().data.count).toBe(1);
    const recipients = await t.ctx.db.select({ email: clientMembers.email }).from(clientMembers).where(eq(clientMembers.websiteId, s.id));
    expect(recipients.map((r) => r.email)).toEqual(['ada@example.test']);

    // Ada's own page, proving it, changes her address.
    const moved = await identify(s, { visitorId: 'ada-phone', externalId: 'ada', email: 'ada@new.example.test', userHash: sign(secret, 'ada') });
    expect(moved.json().verified).toBe(true);
    expect(await memberOf(s, 'ada')).toMatchObject({ email: 'ada@new.example.test', username: 'Ada' });
  });

  test('a person nobody has proven to be is still described by the page (verification not used)', async () => {
    const s = await newSite();
    expect((await setRequired(s, false)).statusCode).toBe(200);
    await identify(s, { visitorId: 'v-a', externalId: 'bea', email: 'bea@example.test' });
    await identify(s, { visitorId: 'v-b', externalId: 'bea', email: 'bea@other.example.test', name: 'Bea' });
    expect(await memberOf(s, 'bea')).toMatchObject({ email: 'bea@other.example.test', username: 'Bea' });
  });
});

describe('a time-stamped userHash expires', () => {
  test('accepted within its age, refused once older (or dated ahead), refused for another id; the plain form still verifies', async () => {
    const s = await newSite();
    const secret = await secretOf(s);
    const now = Math.floor(Date.now() / 1000);
    const fresh = await identify(s, { externalId: 'ada', userHash: stampedIdentityHash(secret, 'ada', now - 60) });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().verified).toBe(true);

    const maxAge = LIMITS.identityHashMaxAgeHours * 3600;
    const stale = await identify(s, { visitorId: 'v-stale', externalId: 'ada', userHash: stampedIdentityHash(secret, 'ada', now - maxAge - 60) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toEqual({
      message: 'Identity verification failed: this userHash has expired; compute a new one on your server for each page',
      errors: { userHash: 'Identity verification failed: this userHash has expired; compute a new one on your server for each page' },
    });
    expect(await visitorRow(s, 'v-stale')).toBeUndefined();
    const ahead = await identify(s, { visitorId: 'v-ahead', externalId: 'ada', userHash: stampedIdentityHash(secret, 'ada', now + 3600) });
    expect(ahead.statusCode).toBe(401);
    // Another person's id, or a time changed after signing: not this hash at all.
    const other = await identify(s, { visitorId: 'v-other', externalId: 'bob', userHash: stampedIdentityHash(secret, 'ada', now) });
    expect(other.json().errors.userHash).toMatch(/is not the HMAC-SHA256/);
    const moved = stampedIdentityHash(secret, 'ada', now - maxAge - 60).replace(/^\d+/, String(now));
    expect((await identify(s, { visitorId: 'v-moved', externalId: 'ada', userHash: moved })).json().errors.userHash).toMatch(/is not the HMAC-SHA256/);
    // Servers installed before keep working.
    expect((await identify(s, { visitorId: 'v-plain', externalId: 'ada', userHash: sign(secret, 'ada') })).json().verified).toBe(true);
  });
});

describe('rotation', () => {
  test('the previous secret verifies during the grace period, is refused after it, and an older one stops at the next rotation', async () => {
    const s = await newSite();
    const first = await secretOf(s);
    const rotated = await rotate(s);
    expect(rotated.statusCode).toBe(200);
    const body = rotated.json();
    expect(body.message).toBe(`New identity secret made: the previous one keeps working for ${LIMITS.identitySecretGraceHours} hours`);
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(body.secret).not.toBe(first);
    const expires = Date.parse(body.previousSecretExpiresAt);
    expect(Math.abs(expires - (Date.now() + LIMITS.identitySecretGraceHours * 3_600_000))).toBeLessThan(60_000);
    expect((await settings(s)).json()).toEqual({ required: true, secret: body.secret, previousSecretExpiresAt: body.previousSecretExpiresAt });
    // The old secret's hash: still accepted in the grace period; the new one's too.
    expect((await identify(s, { externalId: 'ada', userHash: sign(first, 'ada') })).statusCode).toBe(200);
    expect((await identify(s, { externalId: 'ada', userHash: sign(body.secret, 'ada') })).statusCode).toBe(200);

    // The grace period over (the rotation moved back in time): the old secret is refused, the new one works.
    await t.ctx.db
      .update(websites)
      .set({ identityRotatedAt: sql`now() - make_interval(hours => ${LIMITS.identitySecretGraceHours}, mins => 1)` })
      .where(eq(websites.id, s.id));
    const late = await identify(s, { externalId: 'ada', userHash: sign(first, 'ada') });
    expect(late.statusCode).toBe(401);
    expect(late.json().errors.userHash).toMatch(/^Identity verification failed/);
    expect((await identify(s, { externalId: 'ada', userHash: sign(body.secret, 'ada') })).statusCode).toBe(200);
    expect((await settings(s)).json().previousSecretExpiresAt).toBeNull();

    // Two rotations in a row: only the secret just replaced keeps its grace, the one before stops.
    const second = body.secret as string;
    const third = (await rotate(s)).json().secret as string;
    await rotate(s);
    expect((await identify(s, { externalId: 'ada', userHash: sign(third, 'ada') })).statusCode).toBe(200);
    expect((await identify(s, { externalId: 'ada', userHash: sign(second, 'ada') })).statusCode).toBe(401);
  });
});

describe('the visitor token of the content call', () => {
  /** The person the token of the content call speaks for, for `visitorId` on `s`. */
  async function tokenPersonOf(s: Site, visitorId: string): Promise<string | null> {
    const query = new URLSearchParams({ visitorId, url: 'https://page.example.test/' });
    const res = await t.request({ method: 'GET', url: `/api/public/${s.key}/content?${query}` });
    expect(res.statusCode).toBe(200);
    return (await new VisitorTokens(t.ctx.config.authSecret).verify(res.json().token as string, s.id)).personId;
  }

  test('carries the person only once the identify was verified: an unverified claim speaks for the visitor alone', async () => {
    const s = await newSite();
    expect((await setRequired(s, false)).statusCode).toBe(200);
    expect((await identify(s, { visitorId: 'claimed', externalId: 'ada' })).json().verified).toBe(false);
    expect(await tokenPersonOf(s, 'claimed')).toBeNull();
    expect((await identify(s, { visitorId: 'proven', externalId: 'ada', userHash: sign(await secretOf(s), 'ada') })).json().verified).toBe(true);
    const [ada] = await t.ctx.db.select().from(clientMembers).where(eq(clientMembers.websiteId, s.id));
    expect(await tokenPersonOf(s, 'proven')).toBe(ada.id);
    expect(await tokenPersonOf(s, 'anonymous')).toBeNull();
  });
});
