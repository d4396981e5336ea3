import type { FastifyInstance } from 'fastify';
import { and, eq, inArray } from 'drizzle-orm';
import { groupBodySchema, groupDeleteBodySchema, groupSavedResponseSchema, idParamSchema, messageSchema } from 'contracts';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { groupMembers, groups } from '../../db/schema';
import { errorResponses, isUniqueViolation, zod } from '../shared';
import {
  assertGroupNameFree,
  assertMembersOfWebsite,
  groupNameTaken,
  groupNotFound,
  groupRowView,
  loadGroup,
  memberIdsOf,
  ownGroup,
  websiteOf,
} from './shared';

const TAGS = ['groups'];

/** Rows of group_members, inserted in slices (PostgreSQL takes at most 65535 parameters per statement). */
async function insertMembers(tx: DbOrTx, groupId: string, ids: string[]) {
  for (let i = 0; i < ids.length; i += 5000) {
    await tx.insert(groupMembers).values(ids.slice(i, i + 5000).map((clientMemberId) => ({ groupId, clientMemberId })));
  }
}

async function savedView(tx: DbOrTx, websiteId: string, id: string) {
  const group = await loadGroup(tx, websiteId, id);
  return { ...groupRowView(group), members: await memberIdsOf(tx, id) };
}

/**
 * POST /api/groups (create_group): a group of the active website. The members must be client
 * members of that website (else 400 on `members`, spec section 5); a name already used on the
 * website, whatever its case, answers 409 on `name` (the unique index settles races).
 */
export function groupCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/groups',
    {
      config: { auth: true, permission: 'create_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'Create a group of client members',
        body: groupBodySchema,
        response: { 201: groupSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const website = websiteOf(request);
      const { name, members } = request.body;
      await assertMembersOfWebsite(ctx.db, website.id, members);
      await assertGroupNameFree(ctx.db, website.id, name);
      try {
        const data = await ctx.db.transaction(async (tx) => {
          const [group] = await tx.insert(groups).values({ websiteId: website.id, name }).returning({ id: groups.id });
          await insertMembers(tx, group.id, members);
          return savedView(tx, website.id, group.id);
        });
        return reply.code(201).send({ message: 'Group created successfully', data });
      } catch (err) {
        if (isUniqueViolation(err)) throw groupNameTaken();
        throw err;
      }
    },
  );
}

/** PUT /api/groups/{id} (update_group): replaces the group's name and its members. */
export function groupUpdateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).put(
    '/api/groups/:id',
    {
      config: { auth: true, permission: 'update_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'Update a group: its name and members',
        params: idParamSchema,
        body: groupBodySchema,
        response: { 200: groupSavedResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const { id } = request.params;
      const { name, members } = request.body;
      // 404 before anything about the body: a foreign group is never hinted at.
      await loadGroup(ctx.db, website.id, id);
      await assertMembersOfWebsite(ctx.db, website.id, members);
      await assertGroupNameFree(ctx.db, website.id, name, id);
      try {
        const data = await ctx.db.transaction(async (tx) => {
          const [group] = await tx.update(groups).set({ name }).where(ownGroup(website.id, id)).returning({ id: groups.id });
          if (!group) throw groupNotFound();
          await tx.delete(groupMembers).where(eq(groupMembers.groupId, id));
          await insertMembers(tx, id, members);
          return savedView(tx, website.id, id);
        });
        return { message: 'Group updated successfully', data };
      } catch (err) {
        if (isUniqueViolation(err)) throw groupNameTaken();
        throw err;
      }
    },
  );
}

/** DELETE /api/groups/{id} (delete_group): its memberships go with it (foreign key cascade). */
export function groupDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/groups/:id',
    {
      config: { auth: true, permission: 'delete_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'Delete a group',
        params: idParamSchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const deleted = await ctx.db.delete(groups).where(ownGroup(website.id, request.params.id)).returning({ id: groups.id });
      if (deleted.length === 0) throw groupNotFound();
      return { message: 'Group deleted successfully' };
    },
  );
}

/**
 * DELETE /api/groups (delete_group), body `{ groups: [ids] }`: bulk delete. Any id that is not a
 * group of the active website answers 404 and nothing is deleted (all or nothing).
 */
export function groupBulkDeleteRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).delete(
    '/api/groups',
    {
      config: { auth: true, permission: 'delete_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'Delete several groups',
        body: groupDeleteBodySchema,
        response: { 200: messageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const ids = [...new Set(request.body.groups)];
      await ctx.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(groups)
          .where(and(eq(groups.websiteId, website.id), inArray(groups.id, ids)))
          .returning({ id: groups.id });
        // Throwing rolls the deletion back: one foreign or missing id and nothing is deleted.
        if (deleted.length !== ids.length) throw groupNotFound();
      });
      return { message: ids.length === 1 ? 'Group deleted successfully' : 'Groups deleted successfully' };
    },
  );
}
