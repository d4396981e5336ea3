import type { FastifyInstance } from 'fastify';
import { roleBodySchema, roleSavedResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { roles } from '../../db/schema';
import { caller } from '../../plugins/access';
import { assertCanGrant } from '../../services/grants';
import { errorResponses, isUniqueViolation, zod } from '../shared';
import { roleView } from './list';
import { assertNameFree, nameTaken } from './save';

/**
 * POST /api/roles (create_role): a role of the caller's organisation. Unknown permission strings
 * are refused on `permissions` (400), a permission the caller does not hold with 403 (services/grants.ts); a name already used in the organisation answers 409 on `name`.
 */
export function roleCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/roles',
    {
      config: { auth: true, permission: 'create_role', website: false },
      schema: {
        tags: ['roles'],
        summary: 'Create a role',
        body: roleBodySchema,
        response: { 201: roleSavedResponseSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const auth = caller(request);
      const { organisationId } = auth;
      const { name, permissions } = request.body;
      assertCanGrant(auth, permissions);
      await assertNameFree(ctx, organisationId, name);
      try {
        const [role] = await ctx.db.insert(roles).values({ organisationId, name, permissions }).returning();
        return reply.code(201).send({ message: 'Role created successfully', data: roleView(role) });
      } catch (err) {
        // Two requests racing for the same name: the unique index decides.
        if (isUniqueViolation(err)) throw nameTaken();
        throw err;
      }
    },
  );
}
