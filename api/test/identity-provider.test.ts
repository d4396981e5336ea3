import type { TestApp } from './support/test-app';
import { codeFor, OTHER_APP, pkcePair, redeem, SIGNPOST, withOidcApp, type OidcProvider } from './support/oidc';

/**
 * Identity-provider sign-in against a real OpenID Connect provider (node-oidc-provider) on a
 * loopback port: discovery, authorization with PKCE, token endpoint, userinfo and introspection.
 */

let t: TestApp;
let provider: OidcProvider;
const knownEmail = 'idp-user@example.test';
withOidcApp(
  {
    accounts: {
      // The provider's claim differs in case: Signpost compares e-mails case-insensitively.
      known: { email: knownEmail.toUpperCase(), email_verified: true },
      stranger: { email: 'stranger@example.test', email_verified: true },
      unverified: { email: knownEmail, email_verified: false },
    },
    knownEmail,
  },
  (testApp, started) => ([t, provider] = [testApp, started]),
);

const signIn = (payload: object) => t.request({ method: 'POST', url: '/api/auth/identity-provider', payload });

test('config says it is enabled, with issuer and client id (no secret)', async () => {
  const res = await t.request({ method: 'GET', url: '/api/auth/identity-provider/config' });
  expect(res.json()).toEqual({ enabled: true, issuer: provider.issuer, clientId: SIGNPOST.client_id });
});

test('authorization-code flow with PKCE signs an existing user in, like login', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'known');
  const res = await signIn({ code, redirect_uri: SIGNPOST.redirect_uris[0], code_verifier: verifier });
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(body.message).toBe('Login successfully, Welcome Back');
  expect(body.data.user.email).toBe(knownEmail);
  expect((await t.request({ method: 'GET', url: '/api/users/me', headers: { authorization: `Bearer ${body.data.access_token}` } })).statusCode).toBe(200);
});

test('a code is refused with the wrong PKCE verifier, and works only once', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'known');
  const wrong = await signIn({ code, redirect_uri: SIGNPOST.redirect_uris[0], code_verifier: pkcePair().verifier });
  expect(wrong.statusCode).toBe(401);
  const first = await signIn({ code, redirect_uri: SIGNPOST.redirect_uris[0], code_verifier: verifier });
  expect(first.statusCode).toBe(200);
  const replay = await signIn({ code, redirect_uri: SIGNPOST.redirect_uris[0], code_verifier: verifier });
  expect(replay.statusCode).toBe(401);
});

test('access-token flow: the token is checked with the provider and signs the user in', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'known');
  const accessToken = await redeem(provider.issuer, SIGNPOST, code, verifier);
  const res = await signIn({ access_token: accessToken });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.email).toBe(knownEmail);
});

test('access-token flow: a token issued to another client is refused (introspection)', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'known', OTHER_APP);
  const accessToken = await redeem(provider.issuer, OTHER_APP, code, verifier);
  const res = await signIn({ access_token: accessToken });
  expect(res.statusCode).toBe(401);
});

test('an identity without a Signpost account → 401 "No Signpost account for this identity"', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'stranger');
  const res = await signIn({ code, redirect_uri: SIGNPOST.redirect_uris[0], code_verifier: verifier });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: 'No Signpost account for this identity' });
});

test('an unverified e-mail is refused the same way', async () => {
  const { code, verifier } = await codeFor(provider.issuer, 'unverified');
  const accessToken = await redeem(provider.issuer, SIGNPOST, code, verifier);
  const res = await signIn({ access_token: accessToken });
  expect(res.statusCode).toBe(401);
  expect(res.json()).toEqual({ message: 'No Signpost account for this identity' });
});

test('a garbage access token → 401', async () => {
  expect((await signIn({ access_token: 'garbage' })).statusCode).toBe(401);
});
