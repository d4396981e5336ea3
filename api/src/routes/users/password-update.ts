import type { FastifyInstance } from 'fastify';
import { and, eq, isNull } from 'drizzle-orm';
import { messageSchema, passwordUpdateBodySchema } from 'contracts';
import type { AppContext } from '../../context';
import { passwordResets, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { badRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { errorResponses, SIGNED_IN, zod } from '../shared';

/**
 * Changes the password after checking the current one, then ends every OTHER session of the user
 * (the access token's family `fid` is kept, so the person changing it stays signed in here).
 * Pending reset links die too.
 */
export function passwordUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).put(
    '/api/users/profile-password-update',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['users'],
        summary: 'Change the signed-in user’s password',
        body: passwordUpdateBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const auth = caller(request);
      const { currentPassword, password } = request.body;
      const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId)).limit(1);
      if (!(await verifyPassword(user?.passwordHash, currentPassword))) {
        throw badRequest('Current password is incorrect', { currentPassword: 'Current password is incorrect' });
      }
      await ctx.db
        .update(users)
        .set({ passwordHash: await hashPassword(password) })
        .where(eq(users.id, auth.userId));
      await ctx.tokens.revokeAllForUser(auth.userId, auth.familyId);
      await ctx.db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.userId, auth.userId), isNull(passwordResets.usedAt)));
      return { message: 'Your passwords updated successfully' };
    },
  );
}
