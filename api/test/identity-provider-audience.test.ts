import { createTestApp, type TestApp } from './support/test-app';
import { authorize, OTHER_APP, pkcePair, redeemTokens, SIGNPOST, startOidcProvider, type OidcClient } from './support/oidc';

/**
 * Without a client secret (so no introspection), an access token issued to any
 * other application must not sign its user in. The audience is proven by the ID token that comes
 * with the access token: issued to Signpost's client id, for the same subject.
 */

let t: TestApp;
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
const knownEmail = 'idp-audience@example.test';

beforeAll(async () => {
  provider = await startOidcProvider({
    accounts: {
      known: { email: knownEmail, email_verified: true },
      stranger: { email: 'stranger-aud@example.test', email_verified: true },
    },
    clients: [SIGNPOST, OTHER_APP],
  });
  // No OIDC_CLIENT_SECRET: the API cannot introspect.
  t = await createTestApp({ env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: SIGNPOST.client_id } });
  const u = await t.createUser({ permissions: ['get_role'] });
  const { users } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  await t.ctx.db.update(users).set({ email: knownEmail }).where(eq(users.id, u.id));
});
afterAll(async () => {
  await t?.close();
  await provider?.stop();
});

const signIn = (payload: object) => t.request({ method: 'POST', url: '/api/auth/identity-provider', payload });

async function tokensFor(accountId: string, client: OidcClient) {
  const { verifier, challenge } = pkcePair();
  const code = await authorize(provider.issuer, { clientId: client.client_id, redirectUri: client.redirect_uris[0], accountId, codeChallenge: challenge });
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
