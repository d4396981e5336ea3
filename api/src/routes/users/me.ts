import type { FastifyInstance } from 'fastify';
import { meResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/access';
import { unauthorized } from '../../lib/errors';
import { loadUserView } from '../../services/users';
import { errorResponses, SIGNED_IN, zod } from '../shared';

/** The signed-in user with roles, their permissions, websites and organisation. Needs no website. */
export function meRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/users/me',
    {
      config: SIGNED_IN,
      schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: meResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const user = await loadUserView(ctx.db, caller(request).userId);
      if (!user) throw unauthorized('This account no longer exists');
      return { data: user };
    },
  );
}
