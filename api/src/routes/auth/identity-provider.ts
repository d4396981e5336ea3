import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { getIdentityProviderConfigCall, identityProviderLoginCall } from 'contracts';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { NO_ACCOUNT_MESSAGE } from '../../services/identity-provider';
import { findUserByEmail } from '../../stores/users';
import { signIn } from '../shared';

export function identityProviderRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, getIdentityProviderConfigCall, async () => ctx.identity.publicConfig);

  serve(app, identityProviderLoginCall, async (request) => {
    const body = request.body;
    const identity =
      'access_token' in body
        ? await ctx.identity.verifyAccessToken(body.access_token, body.id_token)
        : await ctx.identity.verifyCode(body.code, body.redirect_uri, body.code_verifier);
    const user = await findUserByEmail(ctx.db, identity.email);
    if (!user) throw unauthorized(NO_ACCOUNT_MESSAGE);
    return signIn(ctx, user);
  });
}
