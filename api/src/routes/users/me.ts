import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { getMeCall } from 'contracts';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/access';
import { unauthorized } from '../../lib/errors';
import { loadUserView } from '../../stores/users';

/** The signed-in user with roles, their permissions, websites and organisation. Needs no website. */
export function meRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, getMeCall, async (request) => {
    const user = await loadUserView(ctx.db, caller(request).userId);
    if (!user) throw unauthorized('auth.accountNoLongerExists');
    return { data: user };
  });
}
