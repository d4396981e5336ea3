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

const ADDED =
  'Done: the new member can sign in now, unless this address already had a Signpost account elsewhere, whose holder has been told by e-mail instead';

test('creates the user in the caller’s organisation with the roles given; they can sign in', async () => {
  const payload = body();
  const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toEqual({ message: ADDED });
  const login = await t.login(payload.email, payload.password);
  expect(login.statusCode).toBe(200);
  const created = login.json().data.user;
  expect(created.organisation._id).toBe(owner.organisationId);
  expect(created.roles.map((r: { _id: string }) => r._id)).toEqual([roleId]);
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

test('the address of a member of the organisation already answers 409 on the email field', async () => {
  const payload = body();
  expect((await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload })).statusCode).toBe(201);
  const again = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload: { ...payload, name: 'Other' } });
  expect(again.statusCode).toBe(409);
  expect(again.json()).toEqual({
    message: 'This person is already a member of your organisation',
    errors: { email: 'This person is already a member of your organisation' },
  });
});

test('an address with an account in another organisation answers exactly as a new one (no account enumeration); its holder is mailed, nothing changes', async () => {
  const elsewhere = await t.createUser({ permissions: ['get_posts'] });
  const since = new Date();
  const fresh = body();
  const taken = body({ email: elsewhere.email, password: 'Other-pass-123' });
  const answers = [];
  for (const payload of [fresh, taken]) {
    const res = await t.request({ method: 'POST', url: '/api/users/org', headers: { ...owner.headers, 'accept-language': 'fr' }, payload });
    answers.push({ status: res.statusCode, body: res.json(), type: res.headers['content-type'] });
  }
  expect(answers[1]).toEqual(answers[0]);
  expect(answers[0].status).toBe(201);
  // The account elsewhere is untouched: same organisation, same password, no role of ours.
  expect((await t.login(taken.email, 'Other-pass-123')).statusCode).toBe(401);
  const login = await t.login(elsewhere.email, elsewhere.password);
  expect(login.statusCode).toBe(200);
  expect(login.json().data.user.organisation._id).toBe(elsewhere.organisationId);
  expect(login.json().data.user.roles.map((r: { _id: string }) => r._id)).not.toContain(roleId);
  // Its holder is told who tried, in the sender's language, with the sign-in page.
  const mail = await t.mailTo(elsewhere.email, since);
  expect(mail.subject).toContain('a essayé de vous ajouter');
  expect(mail.links).toEqual(['http://localhost:3000/login']);
});

test('a weak password and a missing name answer 400 with a message per field', async () => {
  const res = await t.request({ method: 'POST', url: '/api/users/org', headers: owner.headers, payload: body({ name: '', password: 'short' }) });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ name: 'Please enter name', password: 'Password must be at least 8 characters' });
});

/** A member holding create_user cannot add someone above themselves. */
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
