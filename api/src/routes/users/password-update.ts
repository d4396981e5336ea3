import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { updatePasswordCall } from 'contracts';
import type { AppContext } from '../../context';
import { caller } from '../../plugins/access';
import { badRequest, unauthorized } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import { accountsStore } from '../../stores/accounts';

/**
 * Changes the password after checking the current one, then ends every OTHER session of the user
 * (the access token's family `fid` is kept, so the person changing it stays signed in here).
 * Pending reset links die too. The current password is checked under the sign-in throttle.
 */
export function passwordUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, updatePasswordCall, async (request) => {
    const auth = caller(request);
    const { currentPassword, password } = request.body;
    const accounts = accountsStore(ctx.db);
    const user = await accounts.credentials(auth.userId);
    if (!user) throw unauthorized('auth.accountNoLongerExists');
    // Throttled like signing in, on the same counts: a session gives no extra password guesses.
    if (!(await ctx.limiter.checkPassword(user.email, request.ip, () => verifyPassword(user.passwordHash, currentPassword)))) {
      throw badRequest('passwords.currentPasswordIncorrect', { currentPassword: 'passwords.currentPasswordIncorrect' });
    }
    await accounts.setPassword(auth.userId, await hashPassword(password));
    await ctx.tokens.revokeAllForUser(auth.userId, auth.familyId);
    await accounts.spendAllResets(auth.userId, new Date());
    return { message: 'passwords.updated' };
  });
}
