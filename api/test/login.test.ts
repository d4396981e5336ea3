import { eq } from 'drizzle-orm';
import { throttles, users } from '../src/db/schema';
import { loginResponseSchema } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { TEST_ADMIN } from './support/constants';

let t: TestApp;
beforeAll(async () => {
  // Many tests sign in from one address here: its own limit is tested with its own app below.
  t = await createTestApp({ env: { LOGIN_IP_MAX_FAILURES: '1000' } });
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
  expect(user.websites).toEqual([expect.objectContaining({ name: 'Demo website', domain: 'localhost:3005' })]);
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

test('after 5 failures the 6th try from the same address waits (429, Retry-After), even with the right password', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 5; i++) expect((await t.login(u.email, `wrong-${i}`)).statusCode).toBe(401);
  const sixth = await t.login(u.email, 'wrong-again');
  expect(sixth.statusCode).toBe(429);
  // The message says the wait Retry-After gives, in seconds under a minute.
  expect(sixth.json()).toEqual({ message: `Too many failed sign-in attempts. Try again in ${sixth.headers['retry-after']} seconds.` });
  expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(20);
  expect(Number(sixth.headers['retry-after'])).toBeLessThanOrEqual(30);
  expect((await t.login(u.email, u.password)).statusCode).toBe(429);
  // Another account from the same address is not slowed.
  const other = await t.createUser();
  expect((await t.login(other.email, other.password)).statusCode).toBe(200);
});

test('no lock-out: an attacker guessing from another address does not stop the owner signing in', async () => {
  const u = await t.createUser();
  const attacker = (password: string) =>
    t.request({ method: 'POST', url: '/api/auth/login', remoteAddress: '203.0.113.9', payload: { email: u.email, password } });
  for (let i = 0; i < 5; i++) expect((await attacker(`guess-${i}`)).statusCode).toBe(401);
  expect((await attacker('guess-again')).statusCode).toBe(429);
  // The owner, from their own address, signs in at once.
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});

test('parallel guesses all count: a burst of 12 wrong passwords is not let through past the free attempts', async () => {
  const u = await t.createUser();
  const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => t.login(u.email, `burst-${i}`)));
  const codes = answers.map((a) => a.statusCode);
  expect(codes.filter((c) => c === 401)).toHaveLength(5);
  expect(codes.filter((c) => c === 429)).toHaveLength(7);
});

test('delays grow: each attempt past the free ones doubles the wait, capped', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 5; i++) await t.login(u.email, 'wrong');
  const { throttles } = await import('../src/db/schema');
  const key = `login:${u.email}|127.0.0.1`;
  const waits: number[] = [];
  for (let i = 0; i < 3; i++) {
    // The wait is over: the next attempt is counted and sets a longer wait.
    await t.ctx.db
      .update(throttles)
      .set({ waitUntil: new Date(Date.now() - 1000) })
      .where(eq(throttles.key, key));
    expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
    const blocked = await t.login(u.email, 'wrong');
    expect(blocked.statusCode).toBe(429);
    waits.push(Number(blocked.headers['retry-after']));
  }
  expect(waits[1]).toBeGreaterThan(waits[0]);
  expect(waits[2]).toBeGreaterThan(waits[1]);
});

test('unknown accounts are throttled the same way (no enumeration through the limit)', async () => {
  for (let i = 0; i < 5; i++) await t.login('ghost@example.test', 'x');
  const res = await t.login('ghost@example.test', 'x');
  expect(res.statusCode).toBe(429);
});

test('the counts start afresh after a quiet window', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 5; i++) await t.login(u.email, 'wrong');
  expect((await t.login(u.email, u.password)).statusCode).toBe(429);
  const { throttles } = await import('../src/db/schema');
  await t.ctx.db
    .update(throttles)
    .set({ waitUntil: null, updatedAt: new Date(Date.now() - 16 * 60_000) })
    .where(eq(throttles.key, `login:${u.email}|127.0.0.1`));
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});

test('a success clears this account’s count from this address', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 4; i++) await t.login(u.email, 'wrong');
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
  for (let i = 0; i < 4; i++) expect((await t.login(u.email, 'wrong')).statusCode).toBe(401);
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});

test('a per-address limit stops spraying many accounts from one address', async () => {
  const app = await (await import('./support/test-app')).createTestApp({ env: { LOGIN_IP_MAX_FAILURES: '7' } });
  try {
    for (let i = 0; i < 7; i++) expect((await app.login(`spray-${i}@example.test`, 'x')).statusCode).toBe(401);
    const res = await app.login('spray-last@example.test', 'x');
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe(`Too many failed sign-in attempts. Try again in ${res.headers['retry-after']} seconds.`);
  } finally {
    await app.close();
  }
});

test('a refused attempt counts on no key: not on the key that refused it, nor on the others it was checked against', async () => {
  const app = await createTestApp({ env: { LOGIN_IP_MAX_FAILURES: '3' } });
  try {
    const victim = await app.createUser();
    const from = (email: string, password: string) =>
      app.request({ method: 'POST', url: '/api/auth/login', remoteAddress: '203.0.113.66', payload: { email, password } });
    const row = async (key: string) => (await app.ctx.db.select().from(throttles).where(eq(throttles.key, key)))[0];
    // Spraying three accounts makes this address wait on its address-wide key.
    for (let i = 0; i < 3; i++) expect((await from(`spray-${i}@example.test`, 'x')).statusCode).toBe(401);
    const armed = await row('login-ip:203.0.113.66');
    expect(armed).toMatchObject({ attempts: 3 });
    expect(armed.waitUntil).not.toBeNull();
    // Each further attempt from it, on the victim's account, is refused before anything counts.
    for (let i = 0; i < 4; i++) expect((await from(victim.email, `guess-${i}`)).statusCode).toBe(429);
    expect(await row(`login:${victim.email}|203.0.113.66`)).toBeUndefined();
    const after = await row('login-ip:203.0.113.66');
    expect(after.attempts).toBe(3);
    expect(after.waitUntil).toEqual(armed.waitUntil);
  } finally {
    await app.close();
  }
});

test('signing in successfully, again and again, never adds up to a delay (the address-wide count is given back)', async () => {
  const u = await t.createUser();
  for (let i = 0; i < 30; i++) expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});
