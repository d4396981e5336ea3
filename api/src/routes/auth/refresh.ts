import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { refreshBodySchema, refreshResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { errorResponses, PUBLIC, zod } from '../shared';

/**
 * Rotation: the presented refresh token is spent and a new pair is answered (the access token as
 * `data.data.access_token` on the client's axios response, spec section 7). A spent token presented
 * again revokes its whole family (see services/tokens.ts).
 */
export function refreshRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/auth/refresh-token',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a refresh token for a new token pair',
        body: refreshBodySchema,
        response: { 200: refreshResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const pair = await ctx.tokens.rotate(request.body.refresh_token, async (userId, db) => {
        const [u] = await db.select({ org: users.organisationId }).from(users).where(eq(users.id, userId)).limit(1);
        return u?.org ?? null;
      });
      return { data: pair };
    },
  );
}
