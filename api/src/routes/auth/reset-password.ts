import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { resetPasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { sha256 } from '../../lib/crypto';
import { badRequest } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { accountsStore } from '../../stores/accounts';

/**
 * Spends a reset link (single use, one hour), sets the new password and ends every session of the
 * account: whoever knew the old password is signed out everywhere.
 */
export function resetPasswordRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, resetPasswordCall, async (request) => {
    const { token, password } = request.body;
    await ctx.limiter.beginLinkAttempt('reset', request.ip);
    const now = new Date();
    const accounts = accountsStore(ctx.db);
    // The link is checked before any hashing: a wrong token costs no argon2 work.
    const live = await accounts.resetIsLive(sha256(token), now);
    if (!live) throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    const passwordHash = await hashPassword(password);
    // Spending the token is one conditional UPDATE: two concurrent uses cannot both succeed.
    const userId = await accounts.spendReset(sha256(token), now);
    if (!userId) {
      throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    }
    const user = await accounts.setPassword(userId, passwordHash);
    if (!user) throw badRequest('passwords.resetFailed', { token: 'passwords.resetLinkInvalid' });
    await accounts.spendAllResets(user.id, now);
    await ctx.tokens.revokeAllForUser(user.id);
    // Proving control of the mailbox lifts a sign-in lock on the account.
    await ctx.limiter.clearAccount(user.email);
    return { message: 'passwords.reset' };
  });
}
