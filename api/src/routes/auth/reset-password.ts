import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { resetPasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { passwordResets, users } from '../../db/schema';
import { sha256 } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';

/**
 * Spends a reset link (single use, one hour), sets the new password and ends every session of the
 * account: whoever knew the old password is signed out everywhere.
 */
export function resetPasswordRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, resetPasswordCall, async (request) => {
    const { token, password } = request.body;
    await ctx.limiter.beginLinkAttempt('reset', request.ip);
    const now = new Date();
    // The link is checked before any hashing: a wrong token costs no argon2 work.
    const [live] = await ctx.db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .limit(1);
    if (!live) throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    const passwordHash = await hashPassword(password);
    // Spending the token is one conditional UPDATE: two concurrent uses cannot both succeed.
    const [reset] = await ctx.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
      .returning({ userId: passwordResets.userId });
    if (!reset) {
      throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    }
    const [user] = await ctx.db.update(users).set({ passwordHash }).where(eq(users.id, reset.userId)).returning({ id: users.id, email: users.email });
    if (!user) throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    await ctx.db
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await ctx.tokens.revokeAllForUser(user.id);
    // Proving control of the mailbox lifts a sign-in lock on the account.
    await ctx.limiter.clearAccount(user.email);
    return { message: 'passwords.reset' };
  });
}
