// A real OpenID Connect provider (node-oidc-provider) on a loopback port, started by the
// identity-provider tests as a child process (it is ESM-only and runs best outside Jest's module
// system). Accounts come from the ACCOUNTS env variable: { "<sub>": { email, email_verified } }.
// Prints one JSON line { issuer } on stdout when ready. Consent is pre-granted for the clients, so
// a sign-in is: GET /auth → POST /interaction/:uid (login) → redirect with ?code.
import http from 'node:http';
import Provider from 'oidc-provider';

const accounts = JSON.parse(process.env.ACCOUNTS ?? '{}');
const clients = JSON.parse(process.env.CLIENTS ?? '[]');

const server = http.createServer();
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients,
  cookies: { keys: ['test-cookie-key-0123456789abcdef'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
  features: { devInteractions: { enabled: true }, introspection: { enabled: true } },
  pkce: { required: () => true },
  async findAccount(_ctx, sub) {
    const account = accounts[sub];
    if (!account) return undefined;
    return { accountId: sub, claims: async () => ({ sub, ...account }) };
  },
  // First-party clients: grant the requested scopes without a consent screen.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid email profile');
    grant.addOIDCClaims(['email', 'email_verified', 'name']);
    await grant.save();
    return grant;
  },
});
provider.on('server_error', (_ctx, err) => console.error('oidc server_error', err));
server.on('request', provider.callback());
process.stdout.write(JSON.stringify({ issuer }) + '\n');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
