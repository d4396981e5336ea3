import { withTestApp, type TestApp } from './support/test-app';

let t: TestApp;
withTestApp((app) => (t = app));

test('without OIDC_ISSUER and OIDC_CLIENT_ID, identity-provider sign-in is off', async () => {
  const config = await t.request({ method: 'GET', url: '/api/auth/identity-provider/config' });
  expect(config.json()).toEqual({ enabled: false, issuer: null, clientId: null });
  const res = await t.request({ method: 'POST', url: '/api/auth/identity-provider', payload: { access_token: 'x' } });
  expect(res.statusCode).toBe(404);
  expect(res.json()).toEqual({ message: 'Identity-provider sign-in is not enabled' });
});
