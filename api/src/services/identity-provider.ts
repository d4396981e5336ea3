import * as oidc from 'openid-client';
import type { Config } from '../config';
import { HttpError, notFound, unauthorized } from '../lib/errors';

/**
 * Sign-in with an OpenID Connect provider. The browser does the redirect dance; the server only
 * trusts what it verifies itself against the configured issuer (discovered once, then cached):
 * - access-token flow: the token is checked by the provider (introspection when the provider offers
 *   it and we hold a client secret, which also proves the token was issued to OUR client; else the
 *   userinfo endpoint) and the user's claims are read from it;
 * - authorization-code flow with PKCE: the server redeems the code itself at the token endpoint,
 *   validates the ID token, then reads userinfo for the subject.
 * In both, the e-mail must be verified by the provider and belong to an existing account.
 */
export interface VerifiedIdentity {
  subject: string;
  email: string;
}

export const NO_ACCOUNT_MESSAGE = 'No Signpost account for this identity';

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
    if (!s) throw notFound('Identity-provider sign-in is not enabled');
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
      throw new HttpError(502, 'The identity provider cannot be reached, try again later');
    }
  }

  async verifyAccessToken(accessToken: string): Promise<VerifiedIdentity> {
    const config = await this.config();
    const meta = config.serverMetadata();
    try {
      if (meta.introspection_endpoint && this.settings?.clientSecret) {
        const info = await oidc.tokenIntrospection(config, accessToken);
        if (!info.active) throw unauthorized('The identity provider did not accept this sign-in');
        const audience = [info.client_id, ...(Array.isArray(info.aud) ? info.aud : [info.aud])];
        if (!audience.includes(this.settings.clientId)) {
          throw unauthorized('The identity provider did not accept this sign-in');
        }
      }
      const claims = await oidc.fetchUserInfo(config, accessToken, oidc.skipSubjectCheck);
      return this.identityFrom(claims);
    } catch (err) {
      throw this.asHttp(err);
    }
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
      if (!idClaims) throw unauthorized('The identity provider did not accept this sign-in');
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
    return unauthorized('The identity provider did not accept this sign-in');
  }
}
