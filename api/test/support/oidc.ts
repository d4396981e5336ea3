import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { spawnNode } from './child-processes';
import { createTestApp, type TestApp } from './test-app';

export interface OidcClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  grant_types?: string[];
  response_types?: string[];
  token_endpoint_auth_method?: string;
}

/** The console's client at the test provider, and another application's (for audience checks). */
export const SIGNPOST: OidcClient = {
  client_id: 'signpost-console',
  client_secret: 'signpost-console-secret-0123456789',
  redirect_uris: ['http://localhost:3000/login/callback'],
  token_endpoint_auth_method: 'client_secret_post',
};
export const OTHER_APP: OidcClient = {
  client_id: 'another-app',
  client_secret: 'another-app-secret-0123456789abcdef',
  redirect_uris: ['http://localhost:9999/cb'],
  token_endpoint_auth_method: 'client_secret_post',
};

/** The provider's accounts by id, with the claims it gives out for each. */
export type OidcAccounts = Record<string, { email: string; email_verified: boolean }>;

export interface OidcProvider {
  issuer: string;
  stop: () => Promise<void>;
}

/** Starts test/support/oidc-provider.mjs and resolves with its issuer URL. */
export async function startOidcProvider(options: { accounts: OidcAccounts; clients: OidcClient[] }): Promise<OidcProvider> {
  const child: ChildProcess = spawnNode([path.join(__dirname, 'oidc-provider.mjs')], {
    env: { ...process.env, ACCOUNTS: JSON.stringify(options.accounts), CLIENTS: JSON.stringify(options.clients) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c) => (stderr += c));
  const issuer = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`oidc provider did not start: ${stderr}`)), 15_000);
    createInterface({ input: child.stdout! }).once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line).issuer);
    });
    child.once('exit', (code) => reject(new Error(`oidc provider exited (${code}): ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A minimal cookie jar for driving the provider's pages with fetch. */
class Jar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair.split('=');
      this.cookies.set(name.trim(), value.join('='));
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

/**
 * Signs `accountId` in at the provider the way a browser would (authorization request, the login
 * form of the provider's dev interactions, redirects) and returns the authorization code.
 */
export async function authorize(issuer: string, params: { clientId: string; redirectUri: string; accountId: string; codeChallenge: string }): Promise<string> {
  const jar = new Jar();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers ?? {}), cookie: jar.header() } });
    jar.store(res);
    return res;
  };
  const auth = new URL('/auth', issuer);
  auth.search = new URLSearchParams({
    client_id: params.clientId,
    response_type: 'code',
    scope: 'openid email profile',
    redirect_uri: params.redirectUri,
    code_challenge: params.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();

  let res = await go(auth.toString());
  for (let hop = 0; hop < 10; hop++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${res.status}: ${await res.text()}`);
    const next = new URL(location, issuer);
    if (next.toString().startsWith(params.redirectUri)) {
      const code = next.searchParams.get('code');
      if (!code) throw new Error(`no code in ${next}`);
      return code;
    }
    if (/^\/interaction\/[^/]+$/.test(next.pathname)) {
      res = await go(next.toString(), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: params.accountId, password: 'any' }).toString(),
      });
    } else {
      res = await go(next.toString());
    }
  }
  throw new Error('too many redirects at the provider');
}

/** Redeems a code at the token endpoint as `client` (for the access-token flow test). */
export async function redeem(issuer: string, client: OidcClient, code: string, verifier: string): Promise<string> {
  return (await redeemTokens(issuer, client, code, verifier)).access_token;
}

/** Redeems a code and answers both the access token and the ID token the provider issued with it. */
export async function redeemTokens(issuer: string, client: OidcClient, code: string, verifier: string): Promise<{ access_token: string; id_token: string }> {
  const res = await fetch(new URL('/token', issuer), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: client.redirect_uris[0],
      code_verifier: verifier,
      client_id: client.client_id,
      client_secret: client.client_secret,
    }).toString(),
  });
  const body = (await res.json()) as { access_token: string; id_token: string };
  if (!res.ok) throw new Error(`token endpoint: ${JSON.stringify(body)}`);
  return body;
}

/**
 * For one test file: a provider with `accounts` and the clients of Signpost and of another
 * application, and an app that signs in through it (holding Signpost's client secret, so it can
 * introspect, unless `withoutSecret`) with one user whose e-mail is `knownEmail`. Both stopped after
 * the file's tests; `ready` receives them before the first.
 */
export function withOidcApp(
  options: { accounts: OidcAccounts; knownEmail: string; withoutSecret?: boolean },
  ready: (t: TestApp, provider: OidcProvider) => unknown,
): void {
  let provider: OidcProvider | undefined;
  let t: TestApp | undefined;
  beforeAll(async () => {
    provider = await startOidcProvider({ accounts: options.accounts, clients: [SIGNPOST, OTHER_APP] });
    const secret = options.withoutSecret ? {} : { OIDC_CLIENT_SECRET: SIGNPOST.client_secret };
    t = await createTestApp({ env: { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: SIGNPOST.client_id, ...secret } });
    const u = await t.createUser({ permissions: ['get_role'] });
    await t.ctx.db.update(users).set({ email: options.knownEmail }).where(eq(users.id, u.id));
    await ready(t, provider);
  });
  afterAll(async () => {
    await t?.close();
    await provider?.stop();
  });
}

/** An authorization code of `accountId` for `client` (PKCE), and the verifier that redeems it. */
export async function codeFor(issuer: string, accountId: string, client = SIGNPOST): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const code = await authorize(issuer, { clientId: client.client_id, redirectUri: client.redirect_uris[0], accountId, codeChallenge: challenge });
  return { code, verifier };
}
