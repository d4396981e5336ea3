import type { FastifyInstance } from 'fastify';
import { logoutBodySchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/access';
import { errorResponses, SIGNED_IN, zod } from '../shared';

/**
 * Ends the caller's session: the family of the access token, and the family of the refresh token
 * in the body when one is sent (normally the same). Both tokens answer 401 from then on.
 */
export function logoutRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/auth/logout',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['auth'],
        summary: 'Sign out (revokes the session)',
        // A POST without a body arrives as null: the refresh token is optional.
        body: logoutBodySchema.nullish(),
        response: { 200: messageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const auth = caller(request);
      await ctx.tokens.revokeFamily(auth.familyId);
      const presented = request.body?.refresh_token;
      if (presented) {
        const family = await ctx.tokens.familyOfRefreshToken(presented, auth.userId);
        if (family && family !== auth.familyId) await ctx.tokens.revokeFamily(family);
      }
      return { message: 'Logged out successfully' };
    },
  );
}
