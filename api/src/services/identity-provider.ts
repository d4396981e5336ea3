import { createHash } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../config';
import { HttpError, notFound, unauthorized } from '../lib/errors';

/**
 * Sign-in with an OpenID Connect provider. The browser does the redirect dance; the server only
 * trusts what it verifies itself against the configured issuer (discovered once, then cached):
 * - access-token flow: the token is checked by the provider (introspection when the provider offers
 *   it and we hold a client secret, which also proves the token was issued to OUR client; else the
 *   ID token sent with it, whose audience must be our client) and the user's claims are read from
 *   the userinfo endpoint;
 * - authorization-code flow with PKCE: the server redeems the code itself at the token endpoint,
 *   validates the ID token, then reads userinfo for the subject.
 * In both, the e-mail must be verified by the provider and belong to an existing account.
 */
export interface VerifiedIdentity {
  subject: string;
  email: string;
}

export const NO_ACCOUNT_MESSAGE = 'auth.idpNoAccount';

export class IdentityProvider {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(private readonly settings: Config['oidc']) {}

  get enabled(): boolean {
    return this.settings !== null;
  }

  get publicConfig() {
    return {
      enabled: this.enabled,
      issuer: this.settings?.issuer ?? null,
      clientId: this.settings?.clientId ?? null,
    };
  }

  private discover(): Promise<oidc.Configuration> {
    const s = this.settings;
    if (!s) throw notFound('auth.idpNotEnabled');
    this.configuration ??= (async () => {
      const issuer = new URL(s.issuer);
      // Plain http is allowed only for a loopback issuer (local development and the test suite).
      const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
      return oidc.discovery(
        issuer,
        s.clientId,
        undefined,
        s.clientSecret ? oidc.ClientSecretPost(s.clientSecret) : oidc.None(),
        issuer.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    })();
    // A failed discovery is retried on the next sign-in instead of being cached forever.
    this.configuration.catch(() => {
      this.configuration = null;
    });
    return this.configuration;
  }

  private async config(): Promise<oidc.Configuration> {
    try {
      return await this.discover();
    } catch (err) {
      if (err instanceof HttpError) throw err;
      throw new HttpError(502, 'auth.idpUnreachable');
    }
  }

  /**
   * Access-token flow. A bearer token alone proves nothing about whom it was issued to: a token that
   * any other application obtained for a user would sign that user in here. So the audience is
   * always checked: by introspection (RFC 7662) when the API has the client secret and the
   * provider offers it, else through the ID token that came with the access token — signed by the
   * provider (its JWKS), issued to our client id (`aud`, `azp`), bound to this access token
   * (`at_hash` when present) and to the same subject as the userinfo answer.
   */
  async verifyAccessToken(accessToken: string, idToken?: string): Promise<VerifiedIdentity> {
    const config = await this.config();
    const meta = config.serverMetadata();
    const refused = () => unauthorized('auth.idpRefused');
    try {
      let subject: string | typeof oidc.skipSubjectCheck = oidc.skipSubjectCheck;
      if (meta.introspection_endpoint && this.settings?.clientSecret) {
        const info = await oidc.tokenIntrospection(config, accessToken);
        if (!info.active) throw refused();
        const audience = [info.client_id, ...(Array.isArray(info.aud) ? info.aud : [info.aud])];
        if (!audience.includes(this.settings.clientId)) throw refused();
        if (typeof info.sub === 'string') subject = info.sub;
      } else {
        if (!idToken) throw refused();
        subject = await this.subjectOfIdToken(config, idToken, accessToken);
      }
      const claims = await oidc.fetchUserInfo(config, accessToken, subject);
      return this.identityFrom(claims);
    } catch (err) {
      throw this.asHttp(err);
    }
  }

  private jwks?: ReturnType<typeof createRemoteJWKSet>;

  /** Verifies an ID token issued to our client for this access token; answers its subject. */
  private async subjectOfIdToken(config: oidc.Configuration, idToken: string, accessToken: string): Promise<string> {
    const meta = config.serverMetadata();
    const clientId = this.settings!.clientId;
    if (!meta.jwks_uri) throw unauthorized('auth.idpRefused');
    this.jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri));
    const { payload, protectedHeader } = await jwtVerify(idToken, this.jwks, { issuer: meta.issuer, audience: clientId });
    if (payload.azp !== undefined && payload.azp !== clientId) throw unauthorized('auth.idpRefused');
    if (typeof payload.at_hash === 'string' && payload.at_hash !== tokenHash(accessToken, protectedHeader.alg)) {
      throw unauthorized('auth.idpRefused');
    }
    if (typeof payload.sub !== 'string') throw unauthorized('auth.idpRefused');
    return payload.sub;
  }

  async verifyCode(code: string, redirectUri: string, codeVerifier: string): Promise<VerifiedIdentity> {
    const config = await this.config();
    try {
      // The redirect URL as the provider sent the browser to it; `iss` is added when the provider
      // announces it (RFC 9207), since the browser forwards only the code.
      const current = new URL(redirectUri);
      current.search = '';
      current.searchParams.set('code', code);
      if (config.serverMetadata().authorization_response_iss_parameter_supported) {
        current.searchParams.set('iss', config.serverMetadata().issuer);
      }
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: codeVerifier,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw unauthorized('auth.idpRefused');
      if (typeof idClaims.email === 'string' && idClaims.email_verified === true) {
        return { subject: idClaims.sub, email: idClaims.email.toLowerCase() };
      }
      const claims = await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub);
      return this.identityFrom(claims);
    } catch (err) {
      throw this.asHttp(err);
    }
  }

  private identityFrom(claims: oidc.UserInfoResponse): VerifiedIdentity {
    if (typeof claims.email !== 'string' || claims.email_verified !== true) throw unauthorized(NO_ACCOUNT_MESSAGE);
    return { subject: claims.sub, email: claims.email.toLowerCase() };
  }

  private asHttp(err: unknown): HttpError {
    if (err instanceof HttpError) return err;
    // Protocol errors (invalid code, expired token, bad signature…) are the caller's problem: 401.
    return unauthorized('auth.idpRefused');
  }
}

/** OIDC Core 3.1.3.6: the left half of the token's hash with the ID token's algorithm's hash, base64url. */
function tokenHash(token: string, alg: string): string {
  const bits = /(\d{3})$/.exec(alg)?.[1] ?? '256';
  const digest = createHash(`sha${bits}`).update(token).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}
