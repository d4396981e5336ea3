import type { FastifyInstance } from 'fastify';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import {
  ADMIN_USER_CREATED_MESSAGE,
  ADMIN_USER_DELETED_MESSAGE,
  ADMIN_USER_UPDATED_MESSAGE,
  ALL_PERMISSIONS,
  WEBSITE_EXISTS_MESSAGE,
  adminUserCreateBodySchema,
  adminUserResponseSchema,
  adminUserSavedResponseSchema,
  adminUserUpdateBodySchema,
  idParamSchema,
  messageSchema,
} from 'contracts';
import type { AppContext } from '../../context';
import { organisations, roles, userRoles, users, websites } from '../../db/schema';
import { caller } from '../../plugins/access';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { hashPassword } from '../../lib/passwords';
import { loadUserView } from '../../services/users';
import { errorResponses, isUniqueViolation, zod } from '../shared';

/**
 * Super-admin management of client accounts (spec section 7, Users). `/api/admin/*` is reserved to
 * the super-admin by the access hook, so these routes need no permission string. They are not
 * scoped to the caller's organisation: the administrator manages every client account.
 *
 * The same messages as POST /api/users/org for a taken email (on the `email` field), so the two
 * ways of creating a user answer alike.
 */
const ADMIN = { auth: true, permission: null, website: false } as const;
const emailTaken = () => conflict('This email is already in use', { email: 'This email is already used by another account' });
const userNotFound = () => notFound('User not found');

async function emailUsedByOther(ctx: AppContext, email: string, exceptId?: string) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(exceptId ? and(eq(users.email, email), ne(users.id, exceptId)) : eq(users.email, email))
    .limit(1);
  return Boolean(row);
}

export function adminUserManageRoutes(app: FastifyInstance, ctx: AppContext) {
  /**
   * POST /api/admin/users: a client account is a new organisation with its first website (the
   * domain) and an Owner role holding every permission; the new user is its Owner. One transaction.
   */
  zod(app).post(
    '/api/admin/users',
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: 'Create a client account (super-admin)',
        body: adminUserCreateBodySchema,
        response: { 201: messageSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { name, email, password, domain, organisationName, avatar } = request.body;
      // A new organisation has no role but the Owner role created below: any role id is unknown.
      if (request.body.roles?.length) throw badRequest('Validation failed', { roles: 'Unknown role' });
      if (await emailUsedByOther(ctx, email)) throw emailTaken();
      const passwordHash = await hashPassword(password);
      try {
        await ctx.db.transaction(async (tx) => {
          const [org] = await tx
            .insert(organisations)
            .values({ name: organisationName || name })
            .returning({ id: organisations.id });
          await tx.insert(websites).values({ organisationId: org.id, name: domain, domain });
          const [owner] = await tx
            .insert(roles)
            .values({ organisationId: org.id, name: 'Owner', permissions: [...ALL_PERMISSIONS] })
            .returning({ id: roles.id });
          const [user] = await tx
            .insert(users)
            .values({ organisationId: org.id, name, email, passwordHash, avatar: avatar ?? null })
            .returning({ id: users.id });
          await tx.insert(userRoles).values({ userId: user.id, roleId: owner.id });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      return reply.code(201).send({ message: ADMIN_USER_CREATED_MESSAGE });
    },
  );

  /** GET /api/admin/users/{id}: the spec's user object, never the password hash. */
  zod(app).get(
    '/api/admin/users/:id',
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: 'Get a user (super-admin)',
        params: idParamSchema,
        response: { 200: adminUserResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const user = await loadUserView(ctx.db, request.params.id);
      if (!user) throw userNotFound();
      return { data: user };
    },
  );

  /**
   * PUT /api/admin/users/{id}: name, email and the domain of the account's first website. A
   * password in the body is dropped by the schema (spec: "password removed from body").
   */
  zod(app).put(
    '/api/admin/users/:id',
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: 'Update a user (super-admin)',
        params: idParamSchema,
        body: adminUserUpdateBodySchema,
        response: { 200: adminUserSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { name, email, domain, avatar } = request.body;
      const [target] = await ctx.db.select({ organisationId: users.organisationId }).from(users).where(eq(users.id, id)).limit(1);
      if (!target) throw userNotFound();
      if (await emailUsedByOther(ctx, email, id)) throw emailTaken();
      const [first] = await ctx.db
        .select({ id: websites.id, domain: websites.domain })
        .from(websites)
        .where(eq(websites.organisationId, target.organisationId))
        .orderBy(asc(websites.createdAt), asc(websites.id))
        .limit(1);
      try {
        await ctx.db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ name, email, ...(avatar !== undefined ? { avatar } : {}) })
            .where(eq(users.id, id));
          if (domain && first && first.domain !== domain) {
            const [clash] = await tx
              .select({ id: websites.id })
              .from(websites)
              .where(and(eq(websites.organisationId, target.organisationId), eq(websites.domain, domain)))
              .limit(1);
            if (clash) throw conflict(WEBSITE_EXISTS_MESSAGE, { domain: WEBSITE_EXISTS_MESSAGE });
            await tx.update(websites).set({ domain }).where(eq(websites.id, first.id));
          }
        });
      } catch (err) {
        if (isUniqueViolation(err)) {
          const [taken] = await ctx.db
            .select({ id: users.id })
            .from(users)
            .where(and(eq(users.email, email), ne(users.id, id)))
            .limit(1);
          throw taken ? emailTaken() : conflict(WEBSITE_EXISTS_MESSAGE, { domain: WEBSITE_EXISTS_MESSAGE });
        }
        throw err;
      }
      const user = await loadUserView(ctx.db, id);
      if (!user) throw userNotFound();
      return { message: ADMIN_USER_UPDATED_MESSAGE, data: user };
    },
  );

  /**
   * DELETE /api/admin/users/{id}: the administrator cannot delete their own account. When the
   * deleted user was the last one of their organisation, the organisation (its websites, roles and
   * content) goes with it: a client account with nobody left in it would be unreachable.
   */
  zod(app).delete(
    '/api/admin/users/:id',
    {
      config: ADMIN,
      schema: {
        tags: ['admin'],
        summary: 'Delete a user (super-admin)',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id === caller(request).userId) throw badRequest('You cannot delete your own account');
      await ctx.db.transaction(async (tx) => {
        const [gone] = await tx.delete(users).where(eq(users.id, id)).returning({ organisationId: users.organisationId });
        if (!gone) throw userNotFound();
        const [{ left }] = await tx
          .select({ left: sql<number>`count(*)::int` })
          .from(users)
          .where(eq(users.organisationId, gone.organisationId));
        if (left === 0) await tx.delete(organisations).where(eq(organisations.id, gone.organisationId));
      });
      return { message: ADMIN_USER_DELETED_MESSAGE };
    },
  );
}
