import { eq, sql } from 'drizzle-orm';
import { BUILDER_TOKEN_TTL_SECONDS, type Tour } from 'contracts';
import { withTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { tourBuilderTokens } from '../src/db/schema';
import { tourBody } from './support/campaigns';

/**
 * The on-page tour builder: a one-time, short-lived builder token made by the console (update_tour)
 * for a tour and a page of its website, exchanged by the website script for a session (public call,
 * text/plain body), with which the builder reads and saves the steps of that tour of that website only.
 */
const clock = { at: Date.now(), now: () => clock.at };
let t: TestApp;
withTestApp((app) => (t = app), { clock });

const site = () => newSite(t);
async function tour(s: Site): Promise<Tour> {
  const created = await t.request({ method: 'POST', url: '/api/product-tours', headers: s.u.headers });
  const res = await t.request({ method: 'PUT', url: `/api/product-tours/${created.json().data._id}`, headers: s.u.headers, payload: tourBody() });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}
const tokenCall = (s: Site, tourId: string, url: string, u = s.u) =>
  t.request({ method: 'POST', url: `/api/product-tours/${tourId}/builder-token`, headers: u.headers, payload: { url } });
async function token(s: Site, tourId: string, path = '/pricing'): Promise<string> {
  const res = await tokenCall(s, tourId, `https://${s.domain}${path}`);
  expect(res.statusCode).toBe(201);
  const url = new URL(res.json().url);
  expect(url.pathname).toBe(path);
  return url.hash.replace('#signpost-builder=', '');
}
/** A script call as a browser page sends it: text/plain JSON, the page's origin. */
const script = (s: Site, call: 'session' | 'tour' | 'steps', body: object, origin = `https://${s.domain}`) =>
  t.request({
    method: 'POST',
    url: `/api/public/${s.key}/builder/${call}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8', origin },
    payload: JSON.stringify(body),
  });
async function session(s: Site, tourId: string): Promise<string> {
  const res = await script(s, 'session', { token: await token(s, tourId) });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ tourId });
  return res.json().session;
}

test('a token opens one builder session for its tour; the session reads and saves its steps', async () => {
  const s = await site();
  const tr = await tour(s);
  const sid = await session(s, tr._id);

  const read = await script(s, 'tour', { session: sid, tourId: tr._id });
  expect(read.statusCode).toBe(200);
  expect(read.json().data).toMatchObject({ _id: tr._id, title: tr.title, steps: [{ id: tr.steps[0].id, title: 'Welcome' }, { title: 'Pricing' }] });

  const steps = [
    {
      id: tr.steps[0].id,
      title: 'Menu',
      content: 'Find everything here',
      target: { selector: '[data-testid="menu"]', fallback: { text: 'Menu', tag: 'nav', index: 0, landmarks: [] } },
    },
    { title: 'Plans', content: 'Pick one', url: '/pricing', target: { selector: '#plans' }, advanceOn: 'click' },
    { title: 'Done', content: 'Thanks' },
  ];
  const saved = await script(s, 'steps', { session: sid, tourId: tr._id, steps });
  expect(saved.statusCode).toBe(200);
  expect(saved.json()).toMatchObject({
    message: 'Steps saved',
    data: { steps: [{ id: tr.steps[0].id, title: 'Menu' }, { title: 'Plans', url: '/pricing' }, { title: 'Done' }] },
  });
  expect(saved.json().data.steps[1].id).toEqual(expect.any(String));

  // The console sees them: the tour's own GET.
  const got = await t.request({ method: 'GET', url: `/api/product-tours/${tr._id}`, headers: s.u.headers });
  expect(got.json().data.steps.map((x: { title: string }) => x.title)).toEqual(['Menu', 'Plans', 'Done']);
  expect(got.json().data.title).toBe(tr.title);
});

test('the token is stored hashed, refused when reused, expired, or on another website', async () => {
  const s = await site();
  const other = await site();
  const tr = await tour(s);

  const once = await token(s, tr._id);
  const rows = await t.ctx.db.select().from(tourBuilderTokens).where(eq(tourBuilderTokens.contentId, tr._id));
  expect(rows.some((r) => r.tokenHash === once)).toBe(false);
  expect((await script(s, 'session', { token: once })).statusCode).toBe(200);
  const reused = await script(s, 'session', { token: once });
  expect(reused.statusCode).toBe(401);
  expect(reused.json().errors).toEqual({ token: expect.any(String) });

  const late = await token(s, tr._id);
  clock.at += (BUILDER_TOKEN_TTL_SECONDS + 1) * 1000;
  try {
    expect((await script(s, 'session', { token: late })).statusCode).toBe(401);
  } finally {
    clock.at -= (BUILDER_TOKEN_TTL_SECONDS + 1) * 1000;
  }

  // Another website's key (from its own domain): refused, and the token stays unspent for its own site.
  const elsewhere = await token(s, tr._id);
  expect((await script(other, 'session', { token: elsewhere })).statusCode).toBe(401);
  // A page of another domain cannot use this website's key at all.
  expect((await script(s, 'session', { token: elsewhere }, 'https://evil.test')).statusCode).toBe(403);
  expect((await script(s, 'session', { token: elsewhere })).statusCode).toBe(200);
  expect((await script(s, 'session', { token: 'made-up' })).statusCode).toBe(401);
  expect((await script(s, 'session', {})).statusCode).toBe(400);
});

test('a session works for its website and tour only, and ends', async () => {
  const s = await site();
  const other = await site();
  const tr = await tour(s);
  const second = await tour(s);
  const sid = await session(s, tr._id);

  const otherTour = await script(s, 'steps', { session: sid, tourId: second._id, steps: [] });
  expect(otherTour.statusCode).toBe(403);
  expect((await script(s, 'tour', { session: sid, tourId: second._id })).statusCode).toBe(403);
  expect((await script(other, 'tour', { session: sid, tourId: tr._id })).statusCode).toBe(401);
  expect((await script(s, 'tour', { session: 'nope', tourId: tr._id })).statusCode).toBe(401);
  // The console's own access token is no builder session.
  const consoleToken = String(s.u.headers.authorization).replace('Bearer ', '');
  expect((await script(s, 'tour', { session: consoleToken, tourId: tr._id })).statusCode).toBe(401);

  clock.at += 5 * 3600_000;
  try {
    expect((await script(s, 'tour', { session: sid, tourId: tr._id })).statusCode).toBe(401);
  } finally {
    clock.at -= 5 * 3600_000;
  }
  // Nothing was written by the refused calls.
  const got = await t.request({ method: 'GET', url: `/api/product-tours/${second._id}`, headers: s.u.headers });
  expect(got.json().data.steps).toHaveLength(2);
});

test('steps are validated per field (400), never a 500', async () => {
  const s = await site();
  const tr = await tour(s);
  const sid = await session(s, tr._id);
  const res = await script(s, 'steps', { session: sid, tourId: tr._id, steps: [{ title: 'x', advanceOn: 'click' }, { target: { selector: '' } }] });
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors)).toEqual(expect.arrayContaining(['steps.0.advanceOn', 'steps.1.target.selector']));
  expect((await script(s, 'steps', { session: sid, tourId: 'not-a-uuid', steps: [] })).statusCode).toBe(400);
});

test('the builder token needs a page of the website and a tour of the website', async () => {
  const s = await site();
  const other = await site();
  const tr = await tour(s);
  const bad = await tokenCall(s, tr._id, 'https://evil.test/pricing');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ url: expect.any(String) });
  const notUrl = await tokenCall(s, tr._id, 'pricing');
  expect(notUrl.statusCode).toBe(400);
  expect(notUrl.json().errors).toEqual({ url: expect.any(String) });
  expect((await tokenCall(s, tr._id, `https://www.${s.domain}/`)).statusCode).toBe(201);
  // Another organisation's tour: 404, whatever the address.
  expect((await tokenCall(other, tr._id, `https://${other.domain}/`)).statusCode).toBe(404);
  const reader = await t.createUser({ permissions: ['get_tour'] });
  expect((await tokenCall({ ...s, u: reader }, tr._id, `https://${s.domain}/`)).statusCode).toBe(403);
});

describe('a builder speaks for its user only while that user may edit tours', () => {
  const saveAs = (s: Site, sid: string, tourId: string) => script(s, 'steps', { session: sid, tourId, steps: [{ title: 'After', content: 'Still here?' }] });

  test('a deleted user’s builder session saves nothing and their unspent token buys no session', async () => {
    const s = await site();
    const tr = await tour(s);
    const member = await t.createUser({ organisationId: s.u.organisationId, permissions: ['get_tour', 'update_tour'] });
    const memberToken = async () => {
      const res = await tokenCall(s, tr._id, `https://${s.domain}/`, member);
      expect(res.statusCode).toBe(201);
      return new URL(res.json().url).hash.replace('#signpost-builder=', '');
    };
    const opened = await script(s, 'session', { token: await memberToken() });
    expect(opened.statusCode).toBe(200);
    const sid = opened.json().session;
    const unspent = await memberToken();
    expect((await saveAs(s, sid, tr._id)).statusCode).toBe(200);

    const admin = await t.createUser({ superAdmin: true });
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.headers })).statusCode).toBe(200);

    const refusedSave = await saveAs(s, sid, tr._id);
    expect(refusedSave.statusCode).toBe(401);
    expect(refusedSave.json().errors).toEqual({ session: expect.any(String) });
    const refusedToken = await script(s, 'session', { token: unspent });
    expect(refusedToken.statusCode).toBe(401);
    expect(refusedToken.json().errors).toEqual({ token: expect.any(String) });
    // The owner's own builder is untouched.
    expect((await saveAs(s, await session(s, tr._id), tr._id)).statusCode).toBe(200);
  });

  test('a role change that takes update_tour away ends the builder at its next call', async () => {
    const s = await site();
    const tr = await tour(s);
    const member = await t.createUser({ organisationId: s.u.organisationId, permissions: ['get_tour', 'update_tour'] });
    const res = await tokenCall(s, tr._id, `https://${s.domain}/`, member);
    const opened = await script(s, 'session', { token: new URL(res.json().url).hash.replace('#signpost-builder=', '') });
    const sid = opened.json().session;
    expect((await saveAs(s, sid, tr._id)).statusCode).toBe(200);
    await t.ctx.db.execute(sql`update roles set permissions = '{get_tour}' where id in (select role_id from user_roles where user_id = ${member.id})`);
    expect((await saveAs(s, sid, tr._id)).statusCode).toBe(401);
  });
});
