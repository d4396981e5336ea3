import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { refreshTokenCall } from 'contracts';
import type { AppContext } from '../../context';
import { accountsStore } from '../../stores/accounts';

/**
 * Rotation: the presented refresh token is spent and a new pair is answered (the access token as
 * `data.data.access_token` on the client's axios response). A spent token presented
 * again revokes its whole family (see services/tokens.ts).
 */
export function refreshRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, refreshTokenCall, async (request) => {
    const pair = await ctx.tokens.rotate(request.body.refresh_token, (userId, db) => accountsStore(db).organisationOf(userId));
    return { data: pair };
  });
}
