import { withTwoWebsites } from './support/sites';

/** GET, POST, DELETE /api/workspaces: content of the active website, per service. */
const w = withTwoWebsites('/api/workspaces');
const { onSite, create, list } = w;
const names = (res: Awaited<ReturnType<typeof list>>) => res.json().docs.map((d: { name: string }) => d.name);

test('creates workspaces; lists 100 per page by default, newest first, filtered by service, in either order', async () => {
  const res = await create(w.u.websiteId, { name: 'Onboarding', icon: 'rocket', service: 'popup' });
  expect(res.statusCode).toBe(201);
  expect(res.json().data).toEqual({ _id: expect.any(String), name: 'Onboarding', icon: 'rocket', service: 'popup', createdAt: expect.any(String) });
  await create(w.u.websiteId, { name: 'Promos', icon: 'star', service: 'banner' });
  await create(w.u.websiteId, { name: 'Retention', icon: 'heart', service: 'popup' });
  const all = await list(w.u.websiteId);
  expect(names(all)).toEqual(['Retention', 'Promos', 'Onboarding']);
  expect(all.json().meta).toEqual({ totalDocs: 3, page: 1, limit: 100, hasMore: false, nextPage: null });
  expect(names(await list(w.u.websiteId, '?page=1&pageSize=100&service=popup&order=desc'))).toEqual(['Retention', 'Onboarding']);
  expect(names(await list(w.u.websiteId, '?service=popup&order=asc'))).toEqual(['Onboarding', 'Retention']);
  const bad = await list(w.u.websiteId, '?service=sms');
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ service: 'Unknown service' });
});

test('a workspace of website A is never listed under website B, nor deletable from it', async () => {
  const ws = (await create(w.u.websiteId, { name: 'Only A', icon: 'folder', service: 'tour' })).json().data;
  expect((await list(w.siteB)).json().docs).toEqual([]);
  expect((await w.t.request({ method: 'DELETE', url: `/api/workspaces/${ws._id}`, headers: onSite(w.siteB) })).statusCode).toBe(404);
  expect(names(await list(w.u.websiteId))).toEqual(['Only A']);
});

test('duplicate name in the website and service → 409 on name; the same name for another service is another workspace; bad input → 400 field messages', async () => {
  expect((await create(w.u.websiteId, { name: 'Main', icon: 'folder', service: 'popup' })).statusCode).toBe(201);
  const dup = await create(w.u.websiteId, { name: 'main', icon: 'star', service: 'popup' });
  expect(dup.statusCode).toBe(409);
  expect(dup.json().errors).toEqual({ name: 'This service already has a workspace with this name on this website' });
  expect((await create(w.u.websiteId, { name: 'Main', icon: 'star', service: 'banner' })).statusCode).toBe(201);
  expect(names(await list(w.u.websiteId, '?service=banner'))).toEqual(['Main']);
  const bad = await create(w.u.websiteId, { name: '', icon: 'unicorn', service: 'sms' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ name: 'Please enter name', icon: 'Please choose an icon', service: 'Please choose a service' });
});

test('deletes a workspace; again → 404', async () => {
  const ws = (await create(w.u.websiteId, { name: 'Temp', icon: 'zap', service: 'checklist' })).json().data;
  const del = await w.t.request({ method: 'DELETE', url: `/api/workspaces/${ws._id}`, headers: w.u.headers });
  expect(del.statusCode).toBe(200);
  expect(del.json()).toEqual({ message: 'Workspace deleted successfully' });
  expect((await w.t.request({ method: 'DELETE', url: `/api/workspaces/${ws._id}`, headers: w.u.headers })).statusCode).toBe(404);
});
