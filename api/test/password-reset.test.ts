import { readFile } from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { passwordResets } from '../src/db/schema';
import { listOutbox, readLatestMail } from '../src/mail/outbox';
import { withTestApp, bearer, type TestApp } from './support/test-app';

// The real hashing, observed: a wrong reset link must not reach it.
jest.mock('../src/lib/passwords', () => {
  const actual = jest.requireActual('../src/lib/passwords');
  return { ...actual, hashPassword: jest.fn(actual.hashPassword) };
});

let t: TestApp;
withTestApp((app) => (t = app));

const forgot = (email: string) => t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
const reset = (token: string, password: string, confirmPassword = password) =>
  t.request({ method: 'PUT', url: '/api/auth/reset-password', payload: { token, password, confirmPassword } });

test('forgot → outbox mail with a reset link → reset works once; old password fails, new works; sessions end', async () => {
  const u = await t.createUser();
  const since = new Date();
  const res = await forgot(u.email);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'successfully sent' });

  const mail = await t.mailTo(u.email, since);
  expect(mail.subject).toBe('Reset your Signpost password');
  const link = mail.links.find((l) => l.startsWith('http://localhost:3000/reset-password?token='));
  expect(link).toBeDefined();
  expect(mail.html).toContain(link!.replace(/&/g, '&amp;'));
  // The raw RFC 822 message sits next to the JSON.
  const eml = await readFile(mail.eml, 'utf8');
  expect(eml).toMatch(/^Subject: Reset your Signpost password$/m);
  expect(eml).toContain(`To: ${u.email}`);

  const token = new URL(link!).searchParams.get('token')!;
  const ok = await reset(token, 'Fresh-password-42');
  expect(ok.statusCode).toBe(200);
  expect(ok.json()).toEqual({ message: 'Password has been reset successfully' });

  const again = await reset(token, 'Another-password-42');
  expect(again.statusCode).toBe(400);
  expect(again.json()).toEqual({ message: 'Failed to reset password', errors: { token: expect.any(String) } });

  expect((await t.login(u.email, u.password)).statusCode).toBe(401);
  expect((await t.login(u.email, 'Fresh-password-42')).statusCode).toBe(200);
  // Every session that existed before the reset is over.
  expect((await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(u.accessToken) })).statusCode).toBe(401);
  expect((await t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: u.refreshToken } })).statusCode).toBe(401);
});

test('an unknown e-mail gets the same answer and no mail (no account enumeration)', async () => {
  const before = (await listOutbox(t.config.dataDir)).length;
  const res = await forgot('nobody-at-all@example.test');
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'successfully sent' });
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  expect((await listOutbox(t.config.dataDir)).length).toBe(before);
  expect(await readLatestMail(t.config.dataDir, 'nobody-at-all@example.test')).toBeNull();
});

test('an expired link is refused', async () => {
  const u = await t.createUser();
  const since = new Date();
  await forgot(u.email);
  const mail = await t.mailTo(u.email, since);
  await t.ctx.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
  const token = new URL(mail.links[0]).searchParams.get('token')!;
  const res = await reset(token, 'Fresh-password-42');
  expect(res.statusCode).toBe(400);
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});

test('links expire after one hour', async () => {
  const u = await t.createUser();
  await forgot(u.email);
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  const [row] = await t.ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, u.id));
  const ttl = row.expiresAt.getTime() - row.createdAt.getTime();
  expect(ttl).toBeGreaterThan(59 * 60_000);
  expect(ttl).toBeLessThanOrEqual(60 * 60_000 + 1000);
});

test('mismatched passwords and short passwords answer 400 per field', async () => {
  const res = await reset('whatever', 'Fresh-password-42', 'Different-42');
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toEqual({ confirmPassword: 'Passwords do not match' });
  const short = await reset('whatever', 'short');
  expect(short.json().errors.password).toBe('Password must be at least 8 characters');
  // An empty password was not entered ("Please enter {label}"), rather than too short.
  const empty = await reset('whatever', '');
  expect(empty.statusCode).toBe(400);
  // The confirmation named in words, as the console's reset form names it, not by its field's code.
  expect(empty.json().errors).toEqual({ password: 'Please enter password', confirmPassword: 'Please enter confirm password' });
  const missing = await t.request({ method: 'PUT', url: '/api/auth/reset-password', payload: { token: 'whatever', password: 'Fresh-password-42' } });
  expect(missing.json().errors).toEqual({ confirmPassword: 'Please enter confirm password' });
});

test('forgot-password answers in the same way for known and unknown addresses, before any lookup', async () => {
  const u = await t.createUser();
  const before = t.ctx.background.started;
  const known = await forgot(u.email);
  const unknown = await forgot('nobody-here@example.test');
  expect(known.statusCode).toBe(200);
  expect(unknown.json()).toEqual(known.json());
  // Both answers were sent with the lookup, the token and the mail deferred to the background: the
  // work before answering is the same whether or not the address exists.
  expect(t.ctx.background.started - before).toBe(2);
  await t.ctx.background.settled();
  expect((await t.mailTo(u.email)).subject).toBeTruthy();
});

test('a wrong reset link is refused without hashing the new password, and is rate-limited per address', async () => {
  const { hashPassword: hash } = jest.requireMock<{ hashPassword: jest.Mock }>('../src/lib/passwords');
  const app = await (await import('./support/test-app')).createTestApp({ env: { LOGIN_IP_MAX_FAILURES: '3' } });
  // Counted from here: seeding a fresh PostgreSQL database hashes the seeded password.
  hash.mockClear();
  try {
    const attempt = () =>
      app.request({ method: 'PUT', url: '/api/auth/reset-password', payload: { token: 'guess', password: 'Abcdefgh-1', confirmPassword: 'Abcdefgh-1' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(hash).not.toHaveBeenCalled();
  } finally {
    await app.close();
  }
});

test('reset mails: one address cannot spend an account’s budget, and addresses spending it do not stop the owner’s own request', async () => {
  const u = await t.createUser();
  const resets = () => t.ctx.db.$count(passwordResets, eq(passwordResets.userId, u.id));
  const forgotFrom = async (address: string) => {
    const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', remoteAddress: address, payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    await t.ctx.background.settled();
  };
  // One address: three mails an hour to one account, however often it asks.
  for (let i = 0; i < 5; i++) await forgotFrom('203.0.113.71');
  expect(await resets()).toBe(3);
  // A second address spends the rest of the account's five.
  for (let i = 0; i < 5; i++) await forgotFrom('203.0.113.72');
  expect(await resets()).toBe(5);
  // The owner, from an address that asked for nothing this hour, still gets their link.
  const since = new Date();
  await forgotFrom('198.51.100.71');
  expect(await resets()).toBe(6);
  expect((await t.mailTo(u.email, since)).subject).toBe('Reset your Signpost password');
  // The mailbox's ceiling holds, however many addresses ask.
  for (let i = 0; i < 8; i++) await forgotFrom(`192.0.2.${71 + i}`);
  expect(await resets()).toBe(10);
});
