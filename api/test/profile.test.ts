import { meResponseSchema, profileUpdateResponseSchema } from 'contracts';
import { bearer, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test('users/me answers the user with roles, permissions, websites and organisation (no website header needed)', async () => {
  const u = await t.createUser({ permissions: ['get_role', 'get_websites'] });
  const res = await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(u.accessToken) });
  expect(res.statusCode).toBe(200);
  const { data } = meResponseSchema.parse(res.json());
  expect(data._id).toBe(u.id);
  expect(data.roles[0].permissions.sort()).toEqual(['get_role', 'get_websites']);
  expect(data.websites.map((w) => w._id)).toEqual([u.websiteId]);
  expect(data.organisation._id).toBe(u.organisationId);
  expect(data.isSuperAdmin).toBe(false);
  expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
});

test('profile update changes name, e-mail and avatar', async () => {
  const u = await t.createUser();
  const email = `new-${u.email}`;
  const res = await t.request({
    method: 'PUT',
    url: '/api/users/profile-update',
    headers: u.headers,
    payload: { name: 'New Name', email: email.toUpperCase(), avatar: 'https://cdn.example.test/a.png' },
  });
  expect(res.statusCode).toBe(200);
  const body = profileUpdateResponseSchema.parse(res.json());
  expect(body.data).toMatchObject({ name: 'New Name', email, avatar: 'https://cdn.example.test/a.png' });
  expect((await t.login(email, u.password)).statusCode).toBe(200);
});

test('profile update with an e-mail of another account → 409 with errors.email', async () => {
  const a = await t.createUser();
  const b = await t.createUser();
  const res = await t.request({ method: 'PUT', url: '/api/users/profile-update', headers: b.headers, payload: { name: 'B', email: a.email } });
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ message: expect.any(String), errors: { email: expect.any(String) } });
});

test('profile update validates per field', async () => {
  const u = await t.createUser();
  const res = await t.request({ method: 'PUT', url: '/api/users/profile-update', headers: u.headers, payload: { name: '', email: 'x' } });
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name']);
});

test('password update with a wrong current password → 400 on currentPassword', async () => {
  const u = await t.createUser();
  const res = await t.request({
    method: 'PUT',
    url: '/api/users/profile-password-update',
    headers: u.headers,
    payload: { currentPassword: 'not-it', password: 'Whatever-123', confirmPassword: 'Whatever-123' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } });
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});
