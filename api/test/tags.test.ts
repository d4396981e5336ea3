import { bearer } from './support/test-app';
import { withTwoWebsites } from './support/sites';

/** GET, POST, DELETE /api/tags: content of the active website. */
const w = withTwoWebsites('/api/tags');
const { onSite, create, list } = w;

test('creates tags and lists them newest first with { docs, meta }; pageSize up to 1000', async () => {
  const first = await create(w.u.websiteId, { name: 'Promo', color: '#FF0000' });
  expect(first.statusCode).toBe(201);
  expect(first.json().data).toEqual({ _id: expect.any(String), name: 'Promo', color: '#ff0000', createdAt: expect.any(String) });
  await create(w.u.websiteId, { name: 'News', color: '#00ff00' });
  const res = await list(w.u.websiteId, '?pageSize=1000');
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.docs.map((d: { name: string }) => d.name)).toEqual(['News', 'Promo']);
  expect(body.meta).toEqual({ totalDocs: 2, page: 1, limit: 1000, hasMore: false, nextPage: null });
  const asc = await list(w.u.websiteId, '?order=asc');
  expect(asc.json().docs.map((d: { name: string }) => d.name)).toEqual(['Promo', 'News']);
  expect((await list(w.u.websiteId, '?pageSize=1001')).statusCode).toBe(400);
});

test('a tag of website A is never listed under website B, nor deletable from it', async () => {
  const tag = (await create(w.u.websiteId, { name: 'Only A', color: '#123456' })).json().data;
  expect((await list(w.siteB)).json().docs).toEqual([]);
  const del = await w.t.request({ method: 'DELETE', url: `/api/tags/${tag._id}`, headers: onSite(w.siteB) });
  expect(del.statusCode).toBe(404);
  expect((await list(w.u.websiteId)).json().docs).toHaveLength(1);
  // The same name is free on another website.
  expect((await create(w.siteB, { name: 'Only A', color: '#123456' })).statusCode).toBe(201);
});

test('a duplicate name in the website (any case) → 409 on name', async () => {
  expect((await create(w.u.websiteId, { name: 'Sale', color: '#123456' })).statusCode).toBe(201);
  const dup = await create(w.u.websiteId, { name: 'SALE', color: '#654321' });
  expect(dup.statusCode).toBe(409);
  expect(dup.json()).toEqual({ message: 'Tag already exists', errors: { name: expect.any(String) } });
});

test('bad input → 400 with field messages', async () => {
  const res = await create(w.u.websiteId, { name: ' ', color: 'red' });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ name: 'Please enter name', color: 'Color must look like #1677ff' });
  const badId = await w.t.request({ method: 'DELETE', url: '/api/tags/nope', headers: w.u.headers });
  expect(badId.statusCode).toBe(400);
});

test('deletes a tag of the active website; again → 404', async () => {
  const tag = (await create(w.u.websiteId, { name: 'Temp', color: '#abcdef' })).json().data;
  const del = await w.t.request({ method: 'DELETE', url: `/api/tags/${tag._id}`, headers: w.u.headers });
  expect(del.statusCode).toBe(200);
  expect(del.json()).toEqual({ message: 'Tag deleted successfully' });
  expect((await w.t.request({ method: 'DELETE', url: `/api/tags/${tag._id}`, headers: w.u.headers })).statusCode).toBe(404);
});

test('needs the Activewebsite header (400), of the caller’s organisation (404)', async () => {
  expect((await w.t.request({ method: 'GET', url: '/api/tags', headers: bearer(w.u.accessToken) })).statusCode).toBe(400);
  const stranger = await w.t.createUser({ permissions: [] });
  const res = await w.t.request({ method: 'GET', url: '/api/tags', headers: { ...stranger.headers, activewebsite: w.u.websiteId } });
  expect(res.statusCode).toBe(404);
});

test('a member holding only get_posts reads tags but cannot create or delete them', async () => {
  const reader = await w.t.createUser({ organisationId: w.u.organisationId, permissions: ['get_posts'] });
  const headers = { ...reader.headers, activewebsite: w.u.websiteId };
  expect((await w.t.request({ method: 'GET', url: '/api/tags?pageSize=1000', headers })).statusCode).toBe(200);
  expect((await w.t.request({ method: 'POST', url: '/api/tags', headers, payload: { name: 'Nope', color: '#000000' } })).statusCode).toBe(403);
  const own = await w.t.request({ method: 'POST', url: '/api/tags', headers: w.u.headers, payload: { name: `Keep ${Date.now()}`, color: '#000000' } });
  expect((await w.t.request({ method: 'DELETE', url: `/api/tags/${own.json().data?._id ?? own.json()._id}`, headers })).statusCode).toBe(403);
});
