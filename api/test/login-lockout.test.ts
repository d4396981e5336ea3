import { eq, like } from 'drizzle-orm';
import { throttles } from '../src/db/schema';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Nobody can lock the owner out: attackers hammering an account from one or many addresses make
 * their own addresses wait, never the owner's right password from an address of their own; and
 * guessing stays slow (the attacking address's wait still climbs to 15 minutes).
 */
let t: TestApp;
withTestApp((app) => (t = app));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loginFrom = (address: string, email: string, password: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', remoteAddress: address, payload: { email, password } });
const row = async (key: string) => (await t.ctx.db.select().from(throttles).where(eq(throttles.key, key)))[0];
/** What a waiting address would see once its wait is over, without sleeping through it. */
const endWait = (key: string) =>
  t.ctx.db
    .update(throttles)
    .set({ waitUntil: new Date(Date.now() - 1000) })
    .where(eq(throttles.key, key));

let subnet = 0;
/** Addresses of their own for each test (one /24 each), so tests never share an address's counts. */
const addresses = (count: number) => {
  subnet += 1;
  return Array.from({ length: count }, (_, i) => `10.${subnet}.0.${i + 1}`);
};

/**
 * The attack of the report: from each attacking address 25 quick wrong passwords, then one every
 * 200 ms (round-robin over the addresses) while the owner signs in from addresses of their own.
 */
async function attack(victim: TestUser, attackers: string[], owner: { addresses: string[]; rounds: number }) {
  const codes = new Map<number, number>();
  const tally = (code: number) => codes.set(code, (codes.get(code) ?? 0) + 1);
  for (let i = 0; i < 25; i++) {
    for (const a of attackers) tally((await loginFrom(a, victim.email, `quick-${i}`)).statusCode);
  }
  const ownerAnswers: { status: number; retryAfter?: string }[] = [];
  for (let round = 0; round < owner.rounds; round++) {
    for (let i = 0; i < attackers.length; i++) {
      tally((await loginFrom(attackers[i], victim.email, `slow-${round}-${i}`)).statusCode);
      await sleep(200 / attackers.length);
    }
    // The owner, right password, while the attack goes on: from a new address, then again from it.
    const from = owner.addresses[round % owner.addresses.length];
    const res = await loginFrom(from, victim.email, victim.password);
    ownerAnswers.push({ status: res.statusCode, retryAfter: res.headers['retry-after'] as string | undefined });
  }
  return { codes, ownerAnswers };
}

test('one address hammering (25 quick wrong passwords, then one every 200 ms) never stops the right password from another address', async () => {
  const victim = await t.createUser();
  const [attacker] = addresses(1);
  const owner = addresses(3);
  const { codes, ownerAnswers } = await attack(victim, [attacker], { addresses: owner, rounds: 12 });
  // Every one of the owner's sign-ins, from a new address or again from one, gets through at once.
  expect(ownerAnswers).toEqual(Array.from({ length: 12 }, () => ({ status: 200, retryAfter: undefined })));
  // The attacker had its 5 free guesses and was refused from then on.
  expect(codes.get(401)).toBe(5);
  expect(codes.get(429)).toBe(20 + 12);
  // Refused attempts counted nowhere: the account-wide tally holds the 5 checked wrong passwords.
  expect((await row(`login:${victim.email}`)).attempts).toBe(5);
  expect((await row(`login:${victim.email}|${attacker}`)).attempts).toBe(5);
  expect((await row(`login-ip:${attacker}`)).attempts).toBe(5);
});

test('twelve attacking addresses hammering the same way never stop the right password from a new address', async () => {
  const victim = await t.createUser();
  const attackers = addresses(12);
  const owner = addresses(2);
  const { codes, ownerAnswers } = await attack(victim, attackers, { addresses: owner, rounds: 6 });
  expect(ownerAnswers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
  // Each attacking address was checked a few times at most, then only refused (the account was
  // "under attack" after 20 wrong passwords, which leaves later addresses a single free guess).
  const checked = codes.get(401) ?? 0;
  expect(checked).toBeGreaterThanOrEqual(20);
  expect(checked).toBeLessThanOrEqual(5 * 12);
  expect((await row(`login:${victim.email}`)).attempts).toBe(checked);

  // Yet another fresh address, right password: in at once, whatever the account-wide tally.
  const [fresh] = addresses(1);
  expect((await loginFrom(fresh, victim.email, victim.password)).statusCode).toBe(200);
});

test('under attack, a new address gets one guess before its own wait; the owner who mistypes waits for their own address only', async () => {
  const victim = await t.createUser();
  const attackers = addresses(4);
  for (const a of attackers) for (let i = 0; i < 5; i++) expect((await loginFrom(a, victim.email, `guess-${i}`)).statusCode).toBe(401);
  // 20 wrong passwords from 4 addresses: the account is under attack.
  const [newcomer, ownerAddress] = addresses(2);
  expect((await loginFrom(newcomer, victim.email, 'guess-x')).statusCode).toBe(401);
  expect((await loginFrom(newcomer, victim.email, 'guess-y')).statusCode).toBe(429);

  // The owner mistypes once from their own address: 30 s for that address...
  expect((await loginFrom(ownerAddress, victim.email, 'typo')).statusCode).toBe(401);
  const waiting = await loginFrom(ownerAddress, victim.email, victim.password);
  expect(waiting.statusCode).toBe(429);
  expect(Number(waiting.headers['retry-after'])).toBeLessThanOrEqual(30);
  expect(waiting.json()).toEqual({ message: `Too many failed sign-in attempts. Try again in ${waiting.headers['retry-after']} seconds.` });
  // ...which the attackers, however hard they keep at it, cannot stretch.
  for (const a of attackers) await endWait(`login:${victim.email}|${a}`);
  for (const a of attackers) await loginFrom(a, victim.email, 'more');
  await endWait(`login:${victim.email}|${ownerAddress}`);
  expect((await loginFrom(ownerAddress, victim.email, victim.password)).statusCode).toBe(200);
});

test('guessing stays slow: the attacking address waits 30 s, then longer and longer, up to 15 minutes', async () => {
  const victim = await t.createUser();
  const [attacker] = addresses(1);
  for (let i = 0; i < 5; i++) await loginFrom(attacker, victim.email, `guess-${i}`);
  const key = `login:${victim.email}|${attacker}`;
  const waits: number[] = [];
  for (let i = 0; i < 7; i++) {
    const refused = await loginFrom(attacker, victim.email, victim.password);
    expect(refused.statusCode).toBe(429);
    waits.push(Number(refused.headers['retry-after']));
    await endWait(key);
    expect((await loginFrom(attacker, victim.email, `guess-more-${i}`)).statusCode).toBe(401);
  }
  // Rounded up to the second the answer was made in.
  expect(waits.map((w) => Math.round(w / 30) * 30)).toEqual([30, 60, 120, 240, 480, 900, 900]);
  const long = await loginFrom(attacker, victim.email, 'again');
  expect(long.json()).toEqual({ message: 'Too many failed sign-in attempts. Try again in 15 minutes.' });
});

test('the current password of a password change and of an e-mail change is throttled with sign-in, on the same counts', async () => {
  const u = await t.createUser();
  const changePassword = (currentPassword: string) =>
    t.request({
      method: 'PUT',
      url: '/api/users/profile-password-update',
      headers: u.headers,
      payload: { currentPassword, password: 'Whatever-123', confirmPassword: 'Whatever-123' },
    });
  const changeEmail = (currentPassword: string) =>
    t.request({ method: 'PUT', url: '/api/users/profile-update', headers: u.headers, payload: { name: 'U', email: `new-${u.email}`, currentPassword } });
  // Two wrong sign-ins, then wrong current passwords, all from the session's address (127.0.0.1).
  for (let i = 0; i < 2; i++) expect((await t.login(u.email, `wrong-${i}`)).statusCode).toBe(401);
  for (let i = 0; i < 2; i++) expect((await changePassword(`wrong-current-${i}`)).statusCode).toBe(400);
  expect((await changeEmail('wrong-current-email')).statusCode).toBe(400);
  // Five wrong: even the right current password waits now, in both forms and at sign-in.
  const refused = await changePassword(u.password);
  expect(refused.statusCode).toBe(429);
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await changeEmail(u.password)).statusCode).toBe(429);
  expect((await t.login(u.email, u.password)).statusCode).toBe(429);
  // Its wait over, the right current password works and starts this address afresh.
  await endWait(`login:${u.email}|127.0.0.1`);
  expect((await changeEmail(u.password)).statusCode).toBe(200);
  expect(await row(`login:${u.email}|127.0.0.1`)).toBeUndefined();
});

test('the e-mail-confirm and e-mail-accept links are rate-limited per address', async () => {
  const free = t.config.login.ipMaxFailures;
  const [a, b] = addresses(2);
  const confirm = (address: string) => t.request({ method: 'POST', url: '/api/users/email-confirm', remoteAddress: address, payload: { token: 'guess' } });
  const accept = (address: string) =>
    t.request({ method: 'POST', url: '/api/email/00000000-0000-4000-8000-000000000000/accept?token=guess', remoteAddress: address });
  for (let i = 0; i < free; i++) expect((await confirm(a)).statusCode).toBe(400);
  const limited = await confirm(a);
  expect(limited.statusCode).toBe(429);
  expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  for (let i = 0; i < free; i++) expect((await accept(b)).statusCode).toBe(404);
  expect((await accept(b)).statusCode).toBe(429);
  // Per address and per kind of link: another address is not slowed.
  expect((await confirm(b)).statusCode).toBe(400);
  expect(
    await t.ctx.db
      .select()
      .from(throttles)
      .where(like(throttles.key, `email-%-link:${a}`)),
  ).toHaveLength(1);
});
