import { createTestApp, randomId, type TestApp, type TestUser } from './support/test-app';

/** POST /api/users/org: an owner adds a teammate, who signs in with the roles given. */
let t: TestApp;
let owner: TestUser;
let roleId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ permissions: ['create_user', 'get_role'] });
  const roles = await t.request({ method: 'GET', url: '/api/roles', headers: owner.headers });
  roleId = roles.json().docs[0]._id;
});
afterAll(() => t?.close());

const body = (over: Record<string, unknown> = {}) => ({
  name: 'Grace',
  email: `grace-${randomId()}@example.test`,
  password: 'Grace-pass-123',
  roles: [roleId],
  ...over,
});

test('creates the user in the caller’s organisation with the roles given; they can sign in', async () => {
  const payload = body();
  const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload });
  expect(res.statusCode).toBe(201);
  const created = res.json().data;
  expect(created.organisation._id).toBe(owner.organisationId);
  expect(created.roles.map((r: { _id: string }) => r._id)).toEqual([roleId]);
  expect(JSON.stringify(res.json())).not.toContain('password');
  const login = await t.login(payload.email, payload.password);
  expect(login.statusCode).toBe(200);
});

test('no role, or a role of another organisation, is refused on the roles field and nothing is stored', async () => {
  const other = await t.createUser({ permissions: ['get_role'] });
  const foreignRoles = await t.request({ method: 'GET', url: '/api/roles', headers: other.headers });
  const foreign = foreignRoles.json().docs[0]._id;
  for (const roles of [[], [foreign], [randomId()]]) {
    const payload = body({ roles });
    const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.roles).toEqual(expect.any(String));
    expect((await t.login(payload.email, payload.password)).statusCode).toBe(401);
  }
});

test('an e-mail already used answers 409 on the email field', async () => {
  const payload = body();
  expect((await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload })).statusCode).toBe(201);
  const again = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload: { ...payload, name: 'Other' } });
  expect(again.statusCode).toBe(409);
  expect(again.json().errors).toEqual({ email: expect.any(String) });
});

test('a weak password and a missing name answer 400 with a message per field', async () => {
  const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload: body({ name: '', password: 'short' }) });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ name: 'Please enter name', password: 'Password must be at least 8 characters' });
});

/** Issue 10, item 1: a member holding create_user cannot add someone above themselves. */
test('adding a user with a role holding a permission the caller lacks (an Owner role) → 403; nobody stored', async () => {
  const { ALL_PERMISSIONS } = await import('contracts');
  const { roles } = await import('../src/db/schema');
  const [ownerRole] = await t.ctx.db
    .insert(roles)
    .values({ organisationId: owner.organisationId, name: `Owner ${randomId()}`, permissions: ALL_PERMISSIONS })
    .returning();
  const payload = body({ roles: [roleId, ownerRole.id] });
  const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload });
  expect(res.statusCode).toBe(403);
  expect(res.json().message).toMatch(/^You cannot grant permissions you do not hold: /);
  expect(res.json().message).toContain('delete_user');
  expect((await t.login(payload.email, payload.password)).statusCode).toBe(401);
  // Its own role (create_user, get_role) it may give.
  expect((await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload: body() })).statusCode).toBe(201);
});
