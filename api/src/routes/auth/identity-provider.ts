import type { FastifyInstance } from 'fastify';
import { identityLoginBodySchema, identityProviderStatusSchema, loginResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { NO_ACCOUNT_MESSAGE } from '../../services/identity-provider';
import { findUserByEmail } from '../../services/users';
import { errorResponses, PUBLIC, signIn, zod } from '../shared';

export function identityProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/auth/identity-provider/config',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Whether identity-provider sign-in is configured',
        response: { 200: identityProviderStatusSchema },
      },
    },
    async () => ctx.identity.publicConfig,
  );

  zod(app).post(
    '/api/auth/identity-provider',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the identity provider (access token, or authorization code with PKCE)',
        body: identityLoginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 404, 502) },
      },
    },
    async (request) => {
      const body = request.body;
      const identity =
        'access_token' in body
          ? await ctx.identity.verifyAccessToken(body.access_token, body.id_token)
          : await ctx.identity.verifyCode(body.code, body.redirect_uri, body.code_verifier);
      const user = await findUserByEmail(ctx.db, identity.email);
      if (!user) throw unauthorized(NO_ACCOUNT_MESSAGE);
      return signIn(ctx, user);
    },
  );
}
