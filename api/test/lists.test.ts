import { rolePageSchema, adminUserPageSchema } from 'contracts';
import { roles } from '../src/db/schema';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.createUser({ permissions: ['get_role', 'get_websites'] });
  // 12 more roles with distinct creation times, oldest first.
  const base = Date.now() - 100_000;
  await t.ctx.db.insert(roles).values(
    Array.from({ length: 12 }, (_, i) => ({
      organisationId: u.organisationId,
      name: i % 2 ? `Support ${i}` : `Marketing ${i}`,
      permissions: ['get_posts'],
      createdAt: new Date(base + i * 1000),
    })),
  );
});
afterAll(() => t?.close());

test('GET /api/roles: page 1, pageSize 10, newest first, meta', async () => {
  const res = await t.request({ method: 'GET', url: '/api/roles', headers: u.headers });
  expect(res.statusCode).toBe(200);
  const body = rolePageSchema.parse(res.json());
  expect(body.meta).toEqual({ totalDocs: 13, page: 1, limit: 10, hasMore: true, nextPage: 2 });
  const times = body.docs.map((d) => Date.parse(d.createdAt));
  expect([...times].sort((a, b) => b - a)).toEqual(times);
  const page2 = rolePageSchema.parse((await t.request({ method: 'GET', url: '/api/roles?page=2', headers: u.headers })).json());
  expect(page2.docs).toHaveLength(3);
  expect(page2.meta).toEqual({ totalDocs: 13, page: 2, limit: 10, hasMore: false, nextPage: null });
});

test('GET /api/roles: name filter (case-insensitive, wildcards literal), order asc', async () => {
  const res = await t.request({ method: 'GET', url: '/api/roles?name=support&orderBy=createdAt&order=desc', headers: u.headers });
  const body = rolePageSchema.parse(res.json());
  expect(body.meta.totalDocs).toBe(6);
  expect(body.docs.every((d) => d.name.startsWith('Support'))).toBe(true);
  const none = rolePageSchema.parse((await t.request({ method: 'GET', url: '/api/roles?name=%25', headers: u.headers })).json());
  expect(none.meta.totalDocs).toBe(0);
  const asc = rolePageSchema.parse((await t.request({ method: 'GET', url: '/api/roles?order=asc&pageSize=2', headers: u.headers })).json());
  expect(asc.docs[0].name).toBe('Marketing 0');
});

test('GET /api/websites lists the organisation’s websites', async () => {
  const res = await t.request({ method: 'GET', url: '/api/websites', headers: u.headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().docs).toEqual([expect.objectContaining({ _id: u.websiteId, createdAt: expect.any(String) })]);
});

test('GET /api/admin/users: all organisations, name search, paging (super-admin)', async () => {
  const admin = await t.createUser({ superAdmin: true });
  const all = adminUserPageSchema.parse((await t.request({ method: 'GET', url: '/api/admin/users?pageSize=100', headers: admin.headers })).json());
  const orgs = new Set(all.docs.map((d) => d.organisation._id));
  expect(orgs.size).toBeGreaterThanOrEqual(3); // demo organisation, u's, admin's
  const found = adminUserPageSchema.parse((await t.request({ method: 'GET', url: '/api/admin/users?name=signpost%20admin', headers: admin.headers })).json());
  expect(found.docs.map((d) => d.email)).toEqual(['admin@signpost.local']);
  const paged = adminUserPageSchema.parse((await t.request({ method: 'GET', url: '/api/admin/users?pageSize=1&page=2', headers: admin.headers })).json());
  expect(paged.docs).toHaveLength(1);
  expect(paged.meta.page).toBe(2);
});

test('GET /api/admin/users: each row is the user object GET /api/admin/users/{id} answers, in the order asked', async () => {
  const admin = await t.createUser({ superAdmin: true });
  const get = async (url: string) => adminUserPageSchema.parse((await t.request({ method: 'GET', url, headers: admin.headers })).json());
  const newest = await get('/api/admin/users?pageSize=5');
  const oldest = await get('/api/admin/users?pageSize=5&order=asc');
  const all = await get('/api/admin/users?pageSize=1000');
  expect(newest.meta.totalDocs).toBe(all.docs.length);
  expect(oldest.meta.totalDocs).toBe(all.docs.length);
  // Newest first by default (and oldest first when asked): the ends of the whole list.
  expect(newest.docs.map((d) => d._id)).toEqual(all.docs.slice(0, 5).map((d) => d._id));
  expect(oldest.docs.map((d) => d._id)).toEqual(
    [...all.docs]
      .reverse()
      .slice(0, 5)
      .map((d) => d._id),
  );
  // u has roles and a website: their row carries them exactly as the single user's answer does.
  const rows = [...newest.docs, ...oldest.docs, all.docs.find((d) => d._id === u.id)!];
  expect(rows.find((d) => d._id === u.id)!.roles.length).toBeGreaterThan(0);
  for (const row of rows) {
    const one = await t.request({ method: 'GET', url: `/api/admin/users/${row._id}`, headers: admin.headers });
    expect(row).toEqual(one.json().data);
  }
  // Past the last page: no rows, the total still right.
  const past = await get(`/api/admin/users?pageSize=5&page=${Math.ceil(all.docs.length / 5) + 1}`);
  expect(past.docs).toEqual([]);
  expect(past.meta.totalDocs).toBe(all.docs.length);
});
