import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { and, eq, isNull } from 'drizzle-orm';
import { updatePasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { passwordResets, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { badRequest } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/**
 * Changes the password after checking the current one, then ends every OTHER session of the user
 * (the access token's family `fid` is kept, so the person changing it stays signed in here).
 * Pending reset links die too.
 */
export function passwordUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, updatePasswordCall, async (request) => {
    const auth = caller(request);
    const { currentPassword, password } = request.body;
    const [user] = await ctx.db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, auth.userId)).limit(1);
    if (!(await verifyPassword(user?.passwordHash, currentPassword))) {
      throw badRequest('passwords.currentPasswordIncorrect', { currentPassword: 'passwords.currentPasswordIncorrect' });
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
    return { message: 'passwords.updated' };
  });
}
