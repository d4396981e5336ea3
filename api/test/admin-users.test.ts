import { eq } from 'drizzle-orm';
import { organisations, users } from '../src/db/schema';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';

/** The super-admin's client accounts (POST, GET, PUT, DELETE /api/admin/users, senders). */
let t: TestApp;
let admin: TestUser;
withTestAppAndUser({ superAdmin: true, permissions: [] }, (testApp, testUser) => ([t, admin] = [testApp, testUser]));

const email = () => `client-${randomId()}@example.test`;
const host = () => `${randomId().slice(0, 8)}.example.test`;
const create = (payload: Record<string, unknown>, u = admin) => t.request({ method: 'POST', url: '/api/admin/users', headers: u.headers, payload });
const find = async (address: string) => {
  const res = await t.request({ method: 'GET', url: `/api/admin/users?name=${encodeURIComponent('Client')}&pageSize=1000`, headers: admin.headers });
  return (res.json().docs as { _id: string; email: string }[]).find((d) => d.email === address);
};

describe('POST /api/admin/users', () => {
  test('creates a new organisation with its website, an Owner role holding every permission, and the user as Owner', async () => {
    const address = email();
    const domain = host();
    const res = await create({
      name: 'Client Co',
      email: address.toUpperCase(),
      password: 'Client-pass-1',
      domain: `https://${domain}/x`,
      organisationName: 'Client Org',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Client account created successfully' });
    const row = await find(address);
    expect(row).toBeDefined();
    const view = (await t.request({ method: 'GET', url: `/api/admin/users/${row!._id}`, headers: admin.headers })).json().data;
    expect(view).toMatchObject({ name: 'Client Co', email: address, domain, organisation: { name: 'Client Org' }, isSuperAdmin: false });
    expect(view.roles).toHaveLength(1);
    expect(view.roles[0].name).toBe('Owner');
    const { ALL_PERMISSIONS } = await import('contracts');
    expect([...view.roles[0].permissions].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(JSON.stringify(view)).not.toMatch(/password/i);
    // The new Owner signs in and sees their website.
    const login = await t.login(address, 'Client-pass-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.websites.map((w: { domain: string }) => w.domain)).toEqual([domain]);
  });

  test('a taken email → 409 on `email`; a role id → 400 on `roles`; missing fields → 400 per field', async () => {
    const taken = await create({ name: 'Client', email: admin.email, password: 'Client-pass-1', domain: host() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'This email is already used by another account' });
    const withRole = await create({ name: 'Client', email: email(), password: 'Client-pass-1', domain: host(), roles: [randomId()] });
    expect(withRole.statusCode).toBe(400);
    expect(withRole.json().errors).toEqual({ roles: 'Unknown role' });
    const empty = await create({});
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual(['domain', 'email', 'name', 'password']);
  });

  test('an Owner holding every permission is refused (super-admin only)', async () => {
    const { ALL_PERMISSIONS } = await import('contracts');
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    const res = await create({ name: 'Client', email: email(), password: 'Client-pass-1', domain: host() }, owner);
    expect(res.statusCode).toBe(403);
  });
});

describe('GET, PUT and DELETE /api/admin/users/{id}', () => {
  let target: TestUser;
  beforeEach(async () => {
    target = await t.createUser({ permissions: ['get_role'] });
  });

  test('GET returns the user of any organisation, never the password hash; unknown → 404', async () => {
    const res = await t.request({ method: 'GET', url: `/api/admin/users/${target.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: target.id, email: target.email });
    expect(res.body).not.toMatch(/passwordHash|password_hash|\$argon/);
    const missing = await t.request({ method: 'GET', url: `/api/admin/users/${randomId()}`, headers: admin.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found' });
  });

  test('PUT updates name, email and domain; a password in the body is ignored', async () => {
    const address = email();
    const domain = host();
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${target.id}`,
      headers: admin.headers,
      payload: { name: 'New name', email: address, domain, password: 'Hijacked-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'User updated successfully', data: { name: 'New name', email: address, domain } });
    expect((await t.login(address, target.password)).statusCode).toBe(200);
    expect((await t.login(address, 'Hijacked-pass-1')).statusCode).toBe(401);
  });

  test('PUT with an email of another account → 409 on `email`; unknown id → 404', async () => {
    const res = await t.request({ method: 'PUT', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { name: 'X', email: admin.email } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ email: 'This email is already used by another account' });
    const same = await t.request({ method: 'PUT', url: `/api/admin/users/${target.id}`, headers: admin.headers, payload: { name: 'X', email: target.email } });
    expect(same.statusCode).toBe(200);
    const missing = await t.request({ method: 'PUT', url: `/api/admin/users/${randomId()}`, headers: admin.headers, payload: { name: 'X', email: email() } });
    expect(missing.statusCode).toBe(404);
  });

  test('DELETE removes the user (and their organisation when nobody is left); deleting yourself is refused', async () => {
    const res = await t.request({ method: 'DELETE', url: `/api/admin/users/${target.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect(await t.ctx.db.select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(organisations).where(eq(organisations.id, target.organisationId))).toHaveLength(0);
    const again = await t.request({ method: 'DELETE', url: `/api/admin/users/${target.id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
    const self = await t.request({ method: 'DELETE', url: `/api/admin/users/${admin.id}`, headers: admin.headers });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account' });
  });

  test('DELETE keeps the organisation while other users remain', async () => {
    const mate = await t.createUser({ organisationId: target.organisationId, permissions: [] });
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${target.id}`, headers: admin.headers })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(organisations).where(eq(organisations.id, target.organisationId))).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: `/api/admin/users/${mate.id}`, headers: admin.headers })).statusCode).toBe(200);
  });
});

test('GET /api/admin/senders lists the users of the organisation who can author content', async () => {
  const boss = await t.createUser({ superAdmin: true, permissions: ['create_banners'] });
  const author = await t.createUser({ organisationId: boss.organisationId, permissions: ['create_posts'] });
  const reader = await t.createUser({ organisationId: boss.organisationId, permissions: ['get_posts'] });
  const res = await t.request({ method: 'GET', url: '/api/admin/senders?pageSize=1000', headers: boss.headers });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  const ids = body.docs.map((d: { _id: string }) => d._id);
  expect(ids).toEqual([author.id, boss.id]);
  expect(ids).not.toContain(reader.id);
  expect(body.docs[0]).toEqual({ _id: author.id, name: expect.any(String), email: author.email });
  expect(body.meta).toMatchObject({ totalDocs: 2, page: 1, limit: 1000 });
});

test("GET /api/senders lists the authors of the caller's organisation for any member (no super-admin needed)", async () => {
  const author = await t.createUser({ permissions: ['create_posts'] });
  const member = await t.createUser({ organisationId: author.organisationId, permissions: ['get_posts'] });
  const stranger = await t.createUser({ permissions: ['create_posts'] });
  const res = await t.request({ method: 'GET', url: '/api/senders?pageSize=1000', headers: member.headers });
  expect(res.statusCode).toBe(200);
  const ids = res.json().docs.map((d: { _id: string }) => d._id);
  expect(ids).toContain(author.id);
  expect(ids).not.toContain(member.id);
  expect(ids).not.toContain(stranger.id);
  expect((await t.request({ method: 'GET', url: '/api/admin/senders?pageSize=1000', headers: member.headers })).statusCode).toBe(403);
});
