import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { orgUserCreateBodySchema, orgUserCreateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles, userRoles, users } from '../../db/schema';
import { caller } from '../../plugins/access';
import { badRequest, conflict } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { assertCanGrantRoles } from '../../services/grants';
import { loadUserView } from '../../services/users';
import { errorResponses, isUniqueViolation, zod } from '../shared';

const EMAIL_TAKEN = { message: 'This email is already in use', errors: { email: 'This email is already used by another account' } };

/**
 * POST /api/users/org (create_user): adds a user to the caller's organisation with roles of that
 * organisation. A role id of another organisation is refused on `roles` exactly like an unknown one;
 * roles holding a permission the caller lacks are refused with 403 (services/grants.ts).
 */
export function orgUserCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/users/org',
    {
      config: { auth: true, permission: 'create_user', website: false },
      schema: {
        tags: ['users'],
        summary: 'Add a user to the caller’s organisation',
        body: orgUserCreateBodySchema,
        response: { 201: orgUserCreateResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { organisationId } = auth;
      const { name, email, password, avatar } = request.body;
      const roleIds = [...new Set(request.body.roles)];
      const owned = await ctx.db
        .select({ id: roles.id })
        .from(roles)
        .where(and(eq(roles.organisationId, organisationId), inArray(roles.id, roleIds)));
      if (owned.length !== roleIds.length) throw badRequest('Validation failed', { roles: 'Unknown role' });
      await assertCanGrantRoles(ctx.db, auth, organisationId, roleIds);
      const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
      if (taken) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
      const passwordHash = await hashPassword(password);
      let userId: string;
      try {
        userId = await ctx.db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ organisationId, name, email, passwordHash, avatar: avatar ?? null })
            .returning({ id: users.id });
          await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: created.id, roleId })));
          return created.id;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN.message, EMAIL_TAKEN.errors);
        throw err;
      }
      const user = await loadUserView(ctx.db, userId);
      return reply.code(201).send({ message: 'User created successfully', data: user! });
    },
  );
}
