import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { logoutCall } from 'contracts';
import type { AppContext } from '../../context';
import { badRequest, unauthorized } from '../../lib/errors';
import { bearerToken } from '../../plugins/access';

/**
 * Ends a session: the family of the refresh token in the body, and the family of the bearer access
 * token when a live one is sent (normally the same). Public on purpose: a console whose access
 * token has expired must still be able to end its session, and holding the refresh token is the
 * proof of holding the session. Both tokens answer 401 from then on.
 */
export function logoutRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, logoutCall, async (request) => {
    const families = new Set<string>();
    const presented = request.body?.refresh_token;
    if (presented) {
      const family = await ctx.tokens.familyOfRefreshToken(presented);
      if (!family) throw unauthorized('auth.invalidRefreshToken');
      families.add(family);
    }
    const bearer = bearerToken(request);
    if (bearer) {
      // An expired or invalid access token adds nothing; the refresh token, if any, still counts.
      const claims = await ctx.tokens.verifyAccessToken(bearer).catch(() => null);
      if (claims) families.add(claims.fid);
      else if (!presented) throw unauthorized('auth.sessionExpired');
    }
    if (families.size === 0) throw badRequest('auth.refreshTokenRequired', { refresh_token: 'auth.refreshTokenRequired' });
    for (const family of families) await ctx.tokens.revokeFamily(family);
    return { message: 'auth.loggedOut' };
  });
}
