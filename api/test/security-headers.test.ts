import { withTestAppAndUser, createTestApp, type TestApp, type TestUser } from './support/test-app';
import { TEST_ADMIN } from './support/constants';

/** Response headers of the API: CSP, nosniff, framing, referrer, caching. */
let t: TestApp;
let user: TestUser;
withTestAppAndUser({ permissions: ['get_role'] }, (testApp, testUser) => ([t, user] = [testApp, testUser]));

const JSON_CSP = "default-src 'none';frame-ancestors 'none'";

function expectHardened(headers: Record<string, unknown>) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBe('no-referrer');
}

test('a signed-in JSON answer: strict CSP, nosniff, DENY, no referrer, no-store', async () => {
  const res = await t.request({ method: 'GET', url: '/api/roles', headers: user.headers });
  expect(res.statusCode).toBe(200);
  expectHardened(res.headers);
  expect(res.headers['content-security-policy']).toBe(JSON_CSP);
  expect(res.headers['cache-control']).toBe('no-store');
  const me = await t.request({ method: 'GET', url: '/api/users/me', headers: user.headers });
  expect(me.statusCode).toBe(200);
  expect(me.headers['cache-control']).toBe('no-store');
});

test('public answers too: health, and the sign-in answer that carries tokens is never cached', async () => {
  const health = await t.request({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  expectHardened(health.headers);
  expect(health.headers['content-security-policy']).toBe(JSON_CSP);
  const login = await t.login(TEST_ADMIN.email, TEST_ADMIN.password);
  expect(login.statusCode).toBe(200);
  expectHardened(login.headers);
  expect(login.headers['cache-control']).toBe('no-store');
});

test('error answers (401 from the access check, 404, 400) carry the same headers', async () => {
  const answers = [
    await t.request({ method: 'GET', url: '/api/roles' }),
    await t.request({ method: 'GET', url: '/api/no-such-route' }),
    await t.request({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email' } }),
  ];
  expect(answers.map((r) => r.statusCode)).toEqual([401, 404, 400]);
  for (const res of answers) {
    expectHardened(res.headers);
    expect(res.headers['content-security-policy']).toBe(JSON_CSP);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/application\/json/);
  }
});

test('the docs page (/api/docs) gets its own policy: its scripts and styles, never framed', async () => {
  const page = await t.request({ method: 'GET', url: '/api/docs/' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toMatch(/text\/html/);
  expectHardened(page.headers);
  const csp = String(page.headers['content-security-policy']);
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  expect(csp).toContain("frame-ancestors 'none'");
  // Every script the page loads is a same-origin file, which that policy allows.
  const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, attrs, body] of scripts) {
    expect(attrs).toMatch(/src="/);
    expect(body.trim()).toBe('');
  }
  const json = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(json.statusCode).toBe(200);
  expect(json.headers['x-content-type-options']).toBe('nosniff');
});

describe('Strict-Transport-Security only over HTTPS', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied?.close());

  test('behind a trusted proxy: sent when the proxy says https, not when it says http or says nothing', async () => {
    const https = await proxied.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(https.headers['strict-transport-security']).toBe(HSTS);
    const refused = await proxied.request({ method: 'GET', url: '/api/roles', headers: { 'x-forwarded-proto': 'https' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['strict-transport-security']).toBe(HSTS);
    const http = await proxied.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const direct = await proxied.request({ method: 'GET', url: '/api/health' });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  test('without TRUST_PROXY a forged X-Forwarded-Proto is not believed (plain HTTP: no HSTS)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
