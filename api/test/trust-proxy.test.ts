import { like } from 'drizzle-orm';
import { loadConfig, parseTrustProxy } from '../src/config';
import { throttles } from '../src/db/schema';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * TRUST_PROXY names the proxies whose X-Forwarded-For is believed: a client behind them cannot pick
 * the address the limits count by writing the header itself.
 */
const ownerAddress = '198.51.100.77';

describe('the setting', () => {
  test('off by default; a hop count; addresses and networks; `true` and nonsense refused with the choices', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1,fd00::/8,loopback')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', 'loopback']);
    expect(() => loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: 'x'.repeat(40), TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would believe every X-Forwarded-For hop.*TRUST_PROXY=1 behind one reverse proxy.*TRUST_PROXY=127\.0\.0\.1,10\.0\.0\.0\/8/,
    );
    expect(() => loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: 'x'.repeat(40), TRUST_PROXY: '10.0.0.0/33,proxy.example' })).toThrow(
      /TRUST_PROXY: 10\.0\.0\.0\/33, proxy\.example is not a hop count, an address or a network/,
    );
    expect(loadConfig({ DATA_DIR: '.tmp/api-config-test', AUTH_SECRET: 'x'.repeat(40), TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});

/** Six wrong passwords, each "from" a different address the client wrote first in X-Forwarded-For. */
async function spoofedGuesses(t: TestApp, email: string, via: string, forwardedBy: string) {
  const codes: number[] = [];
  for (let i = 0; i < 6; i++) {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: via,
      headers: { 'x-forwarded-for': `${i === 5 ? ownerAddress : `192.0.2.${i + 1}`}, ${forwardedBy}` },
      payload: { email, password: `wrong-${i}` },
    });
    codes.push(res.statusCode);
  }
  return codes;
}

const keysOf = async (t: TestApp, email: string) =>
  (
    await t.ctx.db
      .select({ key: throttles.key })
      .from(throttles)
      .where(like(throttles.key, `login:${email}|%`))
  ).map((r) => r.key);

describe('TRUST_PROXY=1 (one reverse proxy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t?.close());

  test('a spoofed leftmost X-Forwarded-For changes nothing: the limiter counts the address the proxy appended', async () => {
    const user = await t.createUser();
    // The proxy (10.0.0.2) appends the address it saw (203.0.113.50); whatever the client wrote is left of it.
    const codes = await spoofedGuesses(t, user.email, '10.0.0.2', '203.0.113.50');
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await keysOf(t, user.email)).toEqual([`login:${user.email}|203.0.113.50`]);
    // The owner, whose address the guesser wrote, is not the one waiting.
    const owner = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': ownerAddress },
      payload: { email: user.email, password: user.password },
    });
    expect(owner.statusCode).toBe(200);
  });
});

describe('TRUST_PROXY with addresses: only those proxies are believed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { TRUST_PROXY: '127.0.0.1,10.0.0.0/8' },
      register: (app) => {
        app.get('/test/ip', { config: { auth: false, permission: null, website: false } }, async (request) => ({ ip: request.ip }));
      },
    });
  });
  afterAll(() => t?.close());

  const ipOf = async (remoteAddress: string, forwarded: string) =>
    (await t.request({ method: 'GET', url: '/test/ip', remoteAddress, headers: { 'x-forwarded-for': forwarded } })).json().ip as string;

  test('the client is the rightmost hop that is not a named proxy; a client outside them writes headers in vain', async () => {
    expect(await ipOf('10.0.0.2', '192.0.2.1, 203.0.113.50')).toBe('203.0.113.50');
    // Through a load balancer (10.1.2.3) and a proxy (127.0.0.1), both named.
    expect(await ipOf('127.0.0.1', '192.0.2.1, 203.0.113.50, 10.1.2.3')).toBe('203.0.113.50');
    // A connection from an address that is not a proxy: its header is its own word, not believed.
    expect(await ipOf('203.0.113.9', '192.0.2.1, 10.0.0.5')).toBe('203.0.113.9');
  });

  test('spoofed guesses through the named proxy count on the real client, not on the address they name', async () => {
    const user = await t.createUser();
    const codes = await spoofedGuesses(t, user.email, '10.0.0.2', '203.0.113.51');
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
    expect(await keysOf(t, user.email)).toEqual([`login:${user.email}|203.0.113.51`]);
  });
});
