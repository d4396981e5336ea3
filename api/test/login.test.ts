import { eq } from 'drizzle-orm';
import { users } from '../src/db/schema';
import { loginResponseSchema } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { TEST_ADMIN } from './support/constants';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

test('login answers the contract shape with the user, roles, permissions and websites', async () => {
  const res = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  expect(res.statusCode).toBe(200);
  const body = loginResponseSchema.parse(res.json());
  expect(body.message).toBe('Login successfully, Welcome Back');
  const user = body.data.user;
  expect(user.isSuperAdmin).toBe(true);
  expect(user.organisation.name).toBe('Demo Organisation');
  expect(user.websites).toEqual([expect.objectContaining({ name: 'Demo website', domain: 'demo.signpost.local' })]);
  expect(user.roles.map((r) => r.name)).toEqual(['Owner']);
  expect(user.roles[0].permissions).toContain('create_domain');
});

test('e-mail is case-insensitive', async () => {
  const res = await t.login(TEST_ADMIN.email.toUpperCase(), TEST_ADMIN.password);
  expect(res.statusCode).toBe(200);
});

test('passwords are stored as argon2id (m=19456, t=2, p=1)', async () => {
  const [row] = await t.ctx.db.select().from(users).where(eq(users.email, TEST_ADMIN.email));
  expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
});

test('an unknown e-mail answers exactly like a wrong password', async () => {
  const u = await t.createUser();
  const wrong = await t.login(u.email, 'wrong-password');
  const unknown = await t.login('nobody-here@example.test', 'wrong-password');
  expect(wrong.statusCode).toBe(401);
  expect(unknown.statusCode).toBe(401);
  expect(unknown.json()).toEqual(wrong.json());
  expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
});

test('after 5 failures the 6th try answers 429 with the message, even with the right password', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 5; i++) expect((await t.login(u.email, `wrong-${i}`)).statusCode).toBe(401);
  const sixth = await t.login(u.email, 'wrong-again');
  expect(sixth.statusCode).toBe(429);
  expect(sixth.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
  expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(800);
  expect((await t.login(u.email, u.password)).statusCode).toBe(429);
  // Another account from the same address is not locked.
  const other = await t.createUser();
  expect((await t.login(other.email, other.password)).statusCode).toBe(200);
});

test('unknown accounts are locked the same way (no enumeration through the limit)', async () => {
  for (let i = 0; i < 5; i++) await t.login('ghost@example.test', 'x');
  const res = await t.login('ghost@example.test', 'x');
  expect(res.statusCode).toBe(429);
});

test('the lock lifts when the window passes', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 5; i++) await t.login(u.email, 'wrong');
  expect((await t.login(u.email, u.password)).statusCode).toBe(429);
  const { loginAttempts } = await import('../src/db/schema');
  // Age the failures past the 15-minute window.
  await t.ctx.db
    .update(loginAttempts)
    .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
    .where(eq(loginAttempts.key, `account:${u.email}`));
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});

test('a success clears the account’s failures but not the address’s', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 4; i++) await t.login(u.email, 'wrong');
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
  for (let i = 0; i < 4; i++) expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
  const { loginAttempts } = await import('../src/db/schema');
  const ipRows = await t.ctx.db.select().from(loginAttempts).where(eq(loginAttempts.key, 'ip:127.0.0.1'));
  expect(ipRows.length).toBeGreaterThanOrEqual(8);
});

test('a per-address limit stops spraying many accounts from one address', async () => {
  const app = await (await import('./support/test-app')).createTestApp({ env: { LOGIN_IP_MAX_FAILURES: '7' } });
  try {
    for (let i = 0; i < 7; i++) expect((await app.login(`spray-${i}@example.test`, 'x')).statusCode).toBe(401);
    const res = await app.login('spray-last@example.test', 'x');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ minutes?\.$/);
  } finally {
    await app.close();
  }
});
