import type { FastifyInstance } from 'fastify';
import { serve } from '../../http/serve';
import { loginCall } from 'contracts';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../../stores/users';
import { signIn } from '../shared';

/** One message for an unknown e-mail and a wrong password: the answer never reveals which. */
export const INVALID_CREDENTIALS = 'auth.invalidEmailOrPassword';

export function loginRoute(app: FastifyInstance, ctx: AppContext) {
  serve(app, loginCall, async (request) => {
    const { email, password } = request.body;
    // Counted before the password is checked: parallel guesses each count, and an address that
    // must wait gets no confirmation of a right guess.
    await ctx.limiter.beginPasswordCheck(email, request.ip);
    const user = await findUserByEmail(ctx.db, email);
    // Unknown accounts still pay for one argon2 verification, so timing does not tell them apart.
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!user || !ok) {
      await ctx.limiter.passwordRefused(email);
      throw unauthorized(INVALID_CREDENTIALS);
    }
    await ctx.limiter.passwordAccepted(email, request.ip);
    return signIn(ctx, user);
  });
}
