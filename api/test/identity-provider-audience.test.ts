import type { TestApp } from './support/test-app';
import { codeFor, OTHER_APP, redeemTokens, SIGNPOST, withOidcApp, type OidcClient, type OidcProvider } from './support/oidc';

/**
 * Without a client secret (so no introspection), an access token issued to any
 * other application must not sign its user in. The audience is proven by the ID token that comes
 * with the access token: issued to Signpost's client id, for the same subject.
 */

let t: TestApp;
let provider: OidcProvider;
const knownEmail = 'idp-audience@example.test';
// No OIDC_CLIENT_SECRET: the API cannot introspect.
withOidcApp(
  {
    accounts: {
      known: { email: knownEmail, email_verified: true },
      stranger: { email: 'stranger-aud@example.test', email_verified: true },
    },
    knownEmail,
    withoutSecret: true,
  },
  (testApp, started) => ([t, provider] = [testApp, started]),
);

const signIn = (payload: object) => t.request({ method: 'POST', url: '/api/auth/identity-provider', payload });

async function tokensFor(accountId: string, client: OidcClient) {
  const { code, verifier } = await codeFor(provider.issuer, accountId, client);
  return redeemTokens(provider.issuer, client, code, verifier);
}

test("Signpost's own access token with its ID token signs the user in", async () => {
  const tokens = await tokensFor('known', SIGNPOST);
  const res = await signIn({ access_token: tokens.access_token, id_token: tokens.id_token });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.user.email).toBe(knownEmail);
});

test('an access token alone is refused: nothing proves whom it was issued to', async () => {
  const tokens = await tokensFor('known', SIGNPOST);
  const res = await signIn({ access_token: tokens.access_token });
  expect(res.statusCode).toBe(401);
});

test('a token pair issued to another application is refused (audience)', async () => {
  const other = await tokensFor('known', OTHER_APP);
  expect((await signIn({ access_token: other.access_token, id_token: other.id_token })).statusCode).toBe(401);
  expect((await signIn({ access_token: other.access_token })).statusCode).toBe(401);
});

test("another application's access token with an ID token of Signpost for someone else is refused", async () => {
  const victim = await tokensFor('known', OTHER_APP);
  const attacker = await tokensFor('stranger', SIGNPOST);
  const res = await signIn({ access_token: victim.access_token, id_token: attacker.id_token });
  expect(res.statusCode).toBe(401);
});

test('a forged ID token (bad signature) is refused', async () => {
  const tokens = await tokensFor('known', SIGNPOST);
  const [h, p] = tokens.id_token.split('.');
  expect((await signIn({ access_token: tokens.access_token, id_token: `${h}.${p}.AAAA` })).statusCode).toBe(401);
});
