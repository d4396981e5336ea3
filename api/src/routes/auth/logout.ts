import type { FastifyInstance } from 'fastify';
import { logoutBodySchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';
import { errorResponses, PUBLIC, zod } from '../shared';

/**
 * Ends a session: the family of the refresh token in the body, and the family of the bearer access
 * token when a live one is sent (normally the same). Public on purpose: a console whose access
 * token has expired must still be able to end its session, and holding the refresh token is the
 * proof of holding the session. Both tokens answer 401 from then on.
 */
export function logoutRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/auth/logout',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Sign out (revokes the session of the refresh token, or of a live access token)',
        // A POST without a body arrives as null.
        body: logoutBodySchema.nullish(),
        response: { 200: messageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const families = new Set<string>();
      const presented = request.body?.refresh_token;
      if (presented) {
        const family = await ctx.tokens.familyOfRefreshToken(presented);
        if (!family) throw unauthorized('Invalid refresh token');
        families.add(family);
      }
      const bearer = bearerToken(request);
      if (bearer) {
        // An expired or invalid access token adds nothing; the refresh token, if any, still counts.
        const claims = await ctx.tokens.verifyAccessToken(bearer).catch(() => null);
        if (claims) families.add(claims.fid);
        else if (!presented) throw unauthorized('Your session has expired');
      }
      if (families.size === 0) throw badRequest('Send the refresh token to sign out', { refresh_token: 'Send the refresh token to sign out' });
      for (const family of families) await ctx.tokens.revokeFamily(family);
      return { message: 'Logged out successfully' };
    },
  );
}
