import { withTestApp, type TestApp } from './support/test-app';
import { TEST_ADMIN } from './support/constants';

let t: TestApp;
withTestApp((app) => (t = app));

test('runs on the database the environment asks for', () => {
  expect(t.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite');
});

test('health answers ok', async () => {
  const res = await t.request({ method: 'GET', url: '/api/health' });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ ok: true });
});

test('the seeded super-admin signs in', async () => {
  const res = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.isSuperAdmin).toBe(true);
});
