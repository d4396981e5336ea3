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
