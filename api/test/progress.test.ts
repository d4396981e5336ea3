import { eq } from 'drizzle-orm';
import { type ProgressAnswer, type ProgressEntry, type ScriptContentAnswer } from 'contracts';
import { withTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { contentOf } from './support/campaigns';
import { contentProgress, contents, websites } from '../src/db/schema';
import { identityHash } from '../src/lib/identity-hash';

/**
 * A visitor's progress in tours and checklists: kept per visitor, per person once their identity is
 * verified (so it follows them to another device), last writer wins by `updatedAt`, carried back on
 * the content call; the progress call speaks only for the visitor of its token, on its own website.
 * On PGlite and PostgreSQL.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const site = () => newSite(t);

/** A tour of the website (a draft: progress does not depend on what is served). */
async function tour(s: Site, kind: 'tour' | 'checklist' = 'tour'): Promise<string> {
  const [row] = await t.ctx.db
    .insert(contents)
    .values({ websiteId: s.u.websiteId, kind, title: `${kind} ${Math.random()}`, status: 'draft', document: {} })
    .returning({ id: contents.id });
  return row.id;
}

async function contentCall(s: Site, visitorId: string): Promise<ScriptContentAnswer> {
  const query = new URLSearchParams({ visitorId, url: `https://${s.domain}/`, device: 'web' });
  const res = await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ScriptContentAnswer;
}

const tokenOf = async (s: Site, visitorId: string) => (await contentCall(s, visitorId)).token;

const progress = (s: Site, body: { token: string; visitorId: string; entries?: ProgressEntry[] }, key = s.key) =>
  t.request({ method: 'POST', url: `/api/public/${key}/progress`, payload: body });

const verifiedIdentify = (s: Site, visitorId: string, externalId: string) =>
  t.request({ method: 'POST', url: `/api/public/${s.key}/identify`, payload: { visitorId, externalId, userHash: identityHash(s.secret, externalId) } });

const at = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const stateOf = (list: ProgressEntry[], contentId: string) => list.find((p) => p.contentId === contentId)?.state;

test("a visitor's progress is kept and comes back on the next content call", async () => {
  const s = await site();
  const id = await tour(s);
  const token = await tokenOf(s, 'v-a');
  const res = await progress(s, { token, visitorId: 'v-a', entries: [{ contentId: id, state: { step: 2 }, updatedAt: at(1000) }] });
  expect(res.statusCode).toBe(200);
  expect(stateOf((res.json() as ProgressAnswer).progress, id)).toEqual({ step: 2 });
  expect(stateOf((await contentCall(s, 'v-a')).progress, id)).toEqual({ step: 2 });
  // Another visitor of the same website has none.
  expect((await contentCall(s, 'v-b')).progress).toEqual([]);
});

test('the last writer wins by updatedAt: an older state never replaces a newer one', async () => {
  const s = await site();
  const id = await tour(s);
  const token = await tokenOf(s, 'v-lww');
  await progress(s, { token, visitorId: 'v-lww', entries: [{ contentId: id, state: { step: 3 }, updatedAt: at(1000) }] });
  const older = await progress(s, { token, visitorId: 'v-lww', entries: [{ contentId: id, state: { step: 1 }, updatedAt: at(60_000) }] });
  expect(stateOf((older.json() as ProgressAnswer).progress, id)).toEqual({ step: 3 });
  const newer = await progress(s, { token, visitorId: 'v-lww', entries: [{ contentId: id, state: { step: 4 }, updatedAt: at(0) }] });
  expect(stateOf((newer.json() as ProgressAnswer).progress, id)).toEqual({ step: 4 });
  // A page clock far ahead is taken as now: it cannot win over every later write.
  const ahead = new Date(Date.now() + 3_600_000).toISOString();
  await progress(s, { token, visitorId: 'v-lww', entries: [{ contentId: id, state: { step: 9 }, updatedAt: ahead }] });
  await new Promise((r) => setTimeout(r, 20));
  const after = await progress(s, { token, visitorId: 'v-lww', entries: [{ contentId: id, state: { step: 5 }, updatedAt: at(0) }] });
  expect(stateOf((after.json() as ProgressAnswer).progress, id)).toEqual({ step: 5 });
});

test('an identified person resumes on a second device: the anonymous progress is merged on a verified identify', async () => {
  const s = await site();
  const id = await tour(s);
  const list = await tour(s, 'checklist');
  // First device: anonymous progress, then a verified sign-in.
  const tokenA = await tokenOf(s, 'laptop');
  await progress(s, { token: tokenA, visitorId: 'laptop', entries: [{ contentId: id, state: { step: 2 }, updatedAt: at(5000) }] });
  expect((await verifiedIdentify(s, 'laptop', 'ada')).statusCode).toBe(200);
  const rows = await t.ctx.db.select().from(contentProgress).where(eq(contentProgress.contentId, id));
  expect(rows).toHaveLength(1);
  expect(rows[0].clientMemberId).not.toBeNull();
  // The person's progress advances on the first device after sign-in.
  const tokenA2 = await tokenOf(s, 'laptop');
  await progress(s, { token: tokenA2, visitorId: 'laptop', entries: [{ contentId: list, state: { done: ['a'] }, updatedAt: at(1000) }] });

  // Second device: another visitor id, nothing of its own until the same person signs in.
  expect((await contentCall(s, 'phone')).progress).toEqual([]);
  expect((await verifiedIdentify(s, 'phone', 'ada')).statusCode).toBe(200);
  const resumed = (await contentCall(s, 'phone')).progress;
  expect(stateOf(resumed, id)).toEqual({ step: 2 });
  expect(stateOf(resumed, list)).toEqual({ done: ['a'] });
  // And what the phone writes, the laptop reads.
  const tokenB = await tokenOf(s, 'phone');
  await progress(s, { token: tokenB, visitorId: 'phone', entries: [{ contentId: id, state: { step: 3 }, updatedAt: at(0) }] });
  expect(stateOf((await contentCall(s, 'laptop')).progress, id)).toEqual({ step: 3 });
});

test("an unverified identify neither reads nor takes a person's progress", async () => {
  const s = await site();
  const id = await tour(s);
  await t.ctx.db.update(websites).set({ identityRequired: false }).where(eq(websites.id, s.u.websiteId));
  await verifiedIdentify(s, 'owner-device', 'grace');
  const token = await tokenOf(s, 'owner-device');
  await progress(s, { token, visitorId: 'owner-device', entries: [{ contentId: id, state: { step: 5 }, updatedAt: at(0) }] });
  const claim = await t.request({ method: 'POST', url: `/api/public/${s.key}/identify`, payload: { visitorId: 'claimer', externalId: 'grace' } });
  expect(claim.statusCode).toBe(200);
  expect(claim.json().verified).toBe(false);
  expect((await contentCall(s, 'claimer')).progress).toEqual([]);
});

test("after an unverified identify the progress call reads and writes the visitor's own progress, never the person's", async () => {
  const s = await site();
  const id = await tour(s);
  const list = await tour(s, 'checklist');
  // The person, verified on their own device, has progress in both items.
  expect((await verifiedIdentify(s, 'grace-laptop', 'grace')).statusCode).toBe(200);
  const owner = await tokenOf(s, 'grace-laptop');
  await progress(s, {
    token: owner,
    visitorId: 'grace-laptop',
    entries: [
      { contentId: id, state: { step: 5 }, updatedAt: at(10_000) },
      { contentId: list, state: { done: ['a', 'b'] }, updatedAt: at(10_000) },
    ],
  });
  const personRows = async () =>
    (await t.ctx.db.select().from(contentProgress).where(eq(contentProgress.websiteId, s.u.websiteId)))
      .filter((r) => r.clientMemberId !== null)
      .map((r) => [r.contentId, r.state])
      .sort();
  const before = await personRows();
  expect(before).toHaveLength(2);

  // Where verification is required, identify without a userHash is refused and links nothing.
  const refused = await t.request({ method: 'POST', url: `/api/public/${s.key}/identify`, payload: { visitorId: 'claimer', externalId: 'grace' } });
  expect(refused.statusCode).toBe(401);
  // Where it is not, the claim is taken but only as the page's word.
  await t.ctx.db.update(websites).set({ identityRequired: false }).where(eq(websites.id, s.u.websiteId));
  const claim = await t.request({ method: 'POST', url: `/api/public/${s.key}/identify`, payload: { visitorId: 'claimer', externalId: 'grace' } });
  expect(claim.statusCode).toBe(200);
  expect(claim.json().verified).toBe(false);

  const token = await tokenOf(s, 'claimer');
  // Reading: nothing of the person's comes back.
  const read = await progress(s, { token, visitorId: 'claimer', entries: [] });
  expect(read.statusCode).toBe(200);
  expect((read.json() as ProgressAnswer).progress).toEqual([]);
  // Writing: the visitor's own row, newer than the person's, leaves the person's untouched.
  const write = await progress(s, { token, visitorId: 'claimer', entries: [{ contentId: id, state: { step: 0 }, updatedAt: at(0) }] });
  expect((write.json() as ProgressAnswer).progress).toEqual([expect.objectContaining({ contentId: id, state: { step: 0 } })]);
  expect(await personRows()).toEqual(before);
  expect(stateOf((await contentCall(s, 'grace-laptop')).progress, id)).toEqual({ step: 5 });
  const [own] = await t.ctx.db.select().from(contentProgress).where(eq(contentProgress.visitorId, 'claimer'));
  expect(own).toMatchObject({ clientMemberId: null, state: { step: 0 } });
});

test("another visitor's token is refused (403), a forged or another website's token 401, another website's key and items refused", async () => {
  const s = await site();
  const other = await site();
  const id = await tour(s);
  const otherTour = await tour(other);
  const entries = [{ contentId: id, state: { step: 1 }, updatedAt: at(0) }];
  const mine = await tokenOf(s, 'me');

  const stranger = await progress(s, { token: mine, visitorId: 'someone-else', entries });
  expect(stranger.statusCode).toBe(403);
  expect(stranger.json().errors).toHaveProperty('visitorId');

  const forged = await progress(s, { token: 'not-a-token', visitorId: 'me', entries });
  expect(forged.statusCode).toBe(401);

  // A token of the other website is not valid here, and this website's token is not valid there.
  const theirs = await tokenOf(other, 'me');
  expect((await progress(s, { token: theirs, visitorId: 'me', entries })).statusCode).toBe(401);
  expect((await progress(s, { token: mine, visitorId: 'me', entries: [] }, other.key)).statusCode).toBe(401);

  // Another website's item answers like a missing one, and nothing of the batch is written.
  const foreign = await progress(s, { token: mine, visitorId: 'me', entries: [...entries, { contentId: otherTour, state: { step: 1 }, updatedAt: at(0) }] });
  expect(foreign.statusCode).toBe(400);
  expect(foreign.json().errors).toHaveProperty(['entries.1.contentId']);
  expect((await contentCall(s, 'me')).progress).toEqual([]);

  // A popup keeps no progress.
  const popup = await contentOf(t, s.u, 'popup');
  const wrongKind = await progress(s, { token: mine, visitorId: 'me', entries: [{ contentId: popup, state: {}, updatedAt: at(0) }] });
  expect(wrongKind.statusCode).toBe(400);

  const unknownKey = await progress(s, { token: mine, visitorId: 'me', entries }, 'no-such-key');
  expect(unknownKey.statusCode).toBe(404);
});

test('bad bodies answer 400 per field, never 500', async () => {
  const s = await site();
  const id = await tour(s);
  const token = await tokenOf(s, 'v-bad');
  const huge = { text: 'x'.repeat(5000) };
  const res = await progress(s, { token, visitorId: 'v-bad', entries: [{ contentId: id, state: huge, updatedAt: at(0) }] });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toHaveProperty(['entries.0.state']);
  const notDate = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/progress`,
    payload: { token, visitorId: 'v-bad', entries: [{ contentId: id, state: [], updatedAt: 'yesterday' }] },
  });
  expect(notDate.statusCode).toBe(400);
  expect(Object.keys(notDate.json().errors)).toEqual(expect.arrayContaining(['entries.0.updatedAt', 'entries.0.state']));
  // A text/plain body, as the script sends it (no preflight).
  const plain = await t.app.inject({
    method: 'POST',
    url: `/api/public/${s.key}/progress`,
    headers: { 'content-type': 'text/plain' },
    payload: JSON.stringify({ token, visitorId: 'v-bad', entries: [] }),
  });
  expect(plain.statusCode).toBe(200);
});
