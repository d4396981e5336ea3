import type { FastifyInstance } from 'fastify';
import { loginBodySchema, loginResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { unauthorized } from '../../lib/errors';
import { verifyPassword } from '../../lib/passwords';
import { findUserByEmail } from '../../services/users';
import { errorResponses, PUBLIC, signIn, zod } from '../shared';

/** One message for an unknown e-mail and a wrong password: the answer never reveals which. */
export const INVALID_CREDENTIALS = 'Invalid email or password';

export function loginRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/auth/login',
    {
      config: PUBLIC,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      const { email, password } = request.body;
      // Counted before the password is checked: parallel guesses each count, and a key that must
      // wait gets no confirmation of a right guess.
      await ctx.limiter.beginSignIn(email, request.ip);
      const user = await findUserByEmail(ctx.db, email);
      // Unknown accounts still pay for one argon2 verification, so timing does not tell them apart.
      const ok = await verifyPassword(user?.passwordHash, password);
      if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS);
      await ctx.limiter.signedIn(email, request.ip);
      return signIn(ctx, user);
    },
  );
}
