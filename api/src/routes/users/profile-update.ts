import type { FastifyInstance } from 'fastify';
import { and, eq, ne } from 'drizzle-orm';
import { profileUpdateBodySchema, profileUpdateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { conflict, unauthorized } from '../../lib/errors';
import { loadUserView } from '../../services/users';
import { errorResponses, isUniqueViolation, SIGNED_IN, zod } from '../shared';

const EMAIL_TAKEN = { message: 'This email is already in use', errors: { email: 'This email is already used by another account' } };

/** Name, e-mail and avatar of the signed-in user. An e-mail of another account answers 409 on `email`. */
export function profileUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).put(
    '/api/users/profile-update',
    {
      config: SIGNED_IN,
      schema: {
        tags: ['users'],
        summary: 'Update the signed-in user’s profile',
        body: profileUpdateBodySchema,
        response: { 200: profileUpdateResponseSchema, ...errorResponses(400, 401, 409) },
      },
    },
    async (request) => {
      const { userId } = caller(request);
      const { name, email, avatar } = request.body;
      const [taken] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      if (taken) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
      try {
        await ctx.db
          .update(users)
          .set({ name, email, ...(avatar !== undefined ? { avatar } : {}) })
          .where(eq(users.id, userId));
      } catch (err) {
        // Two accounts racing for the same address: the unique index decides.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
        throw err;
      }
      const user = await loadUserView(ctx.db, userId);
      if (!user) throw unauthorized('This account no longer exists');
      return { message: 'Profile updated successfully', data: user };
    },
  );
}
