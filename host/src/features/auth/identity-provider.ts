import type { CallBodyInput, identityProviderLoginCall } from 'contracts';
import type { IdentityProviderConfig } from 'contracts';

/**
 * Sign-in with the organisation's OpenID Connect provider: the access-token
 * (implicit) flow by default, the authorization-code flow with PKCE by configuration; scopes
 * openid, profile and email plus any extra. The browser only obtains the token or code; the API
 * verifies it against the issuer and opens the session.
 */
const STATE_KEY = 'signpost.oidc';

type Pending = { state: string; nonce: string; verifier?: string; redirectUri: string };

function randomString(bytes = 32) {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return btoa(String.fromCharCode(...data))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

async function sha256base64url(input: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(input));
  return btoa(String.fromCharCode(...new Uint8Array(digest)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export async function startIdentityProviderSignIn(config: IdentityProviderConfig) {
  const discovery = await fetch(`${config.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`).then((r) => {
    if (!r.ok) throw new Error(`discovery answered ${r.status}`);
    return r.json() as Promise<{ authorization_endpoint: string }>;
  });
  const redirectUri = `${window.location.origin}/login`;
  const pending: Pending = { state: randomString(), nonce: randomString(), redirectUri };
  const url = new URL(discovery.authorization_endpoint);
  url.searchParams.set('client_id', config.clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('scope', ['openid', 'profile', 'email', ...config.scopes].join(' '));
  url.searchParams.set('state', pending.state);
  url.searchParams.set('nonce', pending.nonce);
  if (config.flow === 'code') {
    pending.verifier = randomString(48);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('code_challenge', await sha256base64url(pending.verifier));
    url.searchParams.set('code_challenge_method', 'S256');
  } else {
    // The ID token comes along so the API can check the access token was issued to Signpost.
    url.searchParams.set('response_type', 'id_token token');
  }
  sessionStorage.setItem(STATE_KEY, JSON.stringify(pending));
  window.location.assign(url.toString());
}

/** What the provider sent back to /login, if anything: the body to post to the API. */
export function readIdentityProviderReturn(): { body: CallBodyInput<typeof identityProviderLoginCall> } | { error: string } | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const query = new URLSearchParams(window.location.search);
  const params = fragment.has('access_token') || fragment.has('error') ? fragment : query;
  if (!params.has('access_token') && !params.has('code') && !params.has('error')) return null;
  const raw = sessionStorage.getItem(STATE_KEY);
  sessionStorage.removeItem(STATE_KEY);
  window.history.replaceState(null, '', '/login');
  if (params.has('error')) return { error: params.get('error_description') ?? params.get('error')! };
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  if (!pending || pending.state !== params.get('state')) return { error: 'state' };
  if (params.has('access_token')) {
    const idToken = params.get('id_token');
    return { body: { access_token: params.get('access_token')!, ...(idToken ? { id_token: idToken } : {}) } };
  }
  return { body: { code: params.get('code')!, redirect_uri: pending.redirectUri, code_verifier: pending.verifier ?? '' } };
}
