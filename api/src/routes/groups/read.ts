import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import {
  GROUP_PREVIEW_MEMBERS,
  clientMemberListQuerySchema,
  clientMemberPageSchema,
  groupListQuerySchema,
  groupMembersParamSchema,
  groupMembersQuerySchema,
  groupPageSchema,
  groupPreviewResponseSchema,
  groupResponseSchema,
  idParamSchema,
} from 'contracts';
import type { AppContext } from '../../context';
import { clientMembers, groupMembers, groups } from '../../db/schema';
import { paged, pageWindow } from '../../lib/paging';
import { errorResponses, likePattern, zod } from '../shared';
import { groupRowView, loadGroup, memberIdsOf, memberOrder, memberView, membersCountSql, websiteOf } from './shared';

const TAGS = ['groups'];

/** GET /api/groups (get_group): the active website's groups with their member counts, newest first. */
export function groupListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/groups',
    {
      config: { auth: true, permission: 'get_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'List the active website’s groups',
        querystring: groupListQuerySchema,
        response: { 200: groupPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const q = request.query;
      const where = and(eq(groups.websiteId, website.id), q.name ? ilike(groups.name, likePattern(q.name)) : undefined);
      const dir = q.order === 'asc' ? asc : desc;
      const { limit, offset } = pageWindow(q);
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select({ id: groups.id, name: groups.name, createdAt: groups.createdAt, membersCount: membersCountSql })
          .from(groups)
          .where(where)
          .orderBy(dir(groups.createdAt), dir(groups.id))
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(groups)
          .where(where),
      ]);
      return paged(rows.map(groupRowView), total, q);
    },
  );
}

/** GET /api/groups/{id} (get_group): the group with every member id (what the edit form starts from). */
export function groupGetRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/groups/:id',
    {
      config: { auth: true, permission: 'get_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'One group with its member ids',
        params: idParamSchema,
        response: { 200: groupResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const group = await loadGroup(ctx.db, website.id, request.params.id);
      return { data: { ...groupRowView(group), members: await memberIdsOf(ctx.db, group.id) } };
    },
  );
}

/** GET /api/group/{id} (get_group): the preview, the group with its first members as people. */
export function groupPreviewRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/group/:id',
    {
      config: { auth: true, permission: 'get_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'Preview a group: the group and its first members',
        params: idParamSchema,
        response: { 200: groupPreviewResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const group = await loadGroup(ctx.db, website.id, request.params.id);
      const members = await ctx.db
        .select({ m: clientMembers })
        .from(groupMembers)
        .innerJoin(clientMembers, eq(clientMembers.id, groupMembers.clientMemberId))
        .where(eq(groupMembers.groupId, group.id))
        .orderBy(...memberOrder)
        .limit(GROUP_PREVIEW_MEMBERS);
      return { data: { ...groupRowView(group), members: members.map((r) => memberView(r.m)) } };
    },
  );
}

/** GET /api/groups/{groupId}/members (get_group): the group's people, paged. */
export function groupMembersRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/groups/:groupId/members',
    {
      config: { auth: true, permission: 'get_group', website: true },
      schema: {
        tags: TAGS,
        summary: 'The members of a group, paged',
        params: groupMembersParamSchema,
        querystring: groupMembersQuerySchema,
        response: { 200: clientMemberPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const group = await loadGroup(ctx.db, website.id, request.params.groupId);
      const q = request.query;
      const { limit, offset } = pageWindow(q);
      const rows = await ctx.db
        .select({ m: clientMembers })
        .from(groupMembers)
        .innerJoin(clientMembers, eq(clientMembers.id, groupMembers.clientMemberId))
        .where(eq(groupMembers.groupId, group.id))
        .orderBy(...memberOrder)
        .limit(limit)
        .offset(offset);
      return paged(
        rows.map((r) => memberView(r.m)),
        group.membersCount,
        q,
      );
    },
  );
}

/**
 * GET /api/client-members (get_members, spec section 6 "members (get)"): the people of the active
 * website, newest first, with `search` on the member id or the username. The group form's members
 * picker searches here. (Client members arrive through the website's script, a later issue.)
 */
export function clientMemberListRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).get(
    '/api/client-members',
    {
      config: { auth: true, permission: 'get_members', website: true },
      schema: {
        tags: ['client members'],
        summary: 'List the active website’s client members',
        querystring: clientMemberListQuerySchema,
        response: { 200: clientMemberPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const website = websiteOf(request);
      const q = request.query;
      const term = q.search ? likePattern(q.search) : null;
      const where = and(
        eq(clientMembers.websiteId, website.id),
        term ? or(ilike(clientMembers.memberId, term), ilike(clientMembers.username, term)) : undefined,
      );
      const { limit, offset } = pageWindow(q);
      const order = q.order === 'asc' ? [asc(clientMembers.createdAt), asc(clientMembers.memberId)] : memberOrder;
      const [rows, [{ total }]] = await Promise.all([
        ctx.db
          .select()
          .from(clientMembers)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
        ctx.db
          .select({ total: sql<number>`count(*)::int` })
          .from(clientMembers)
          .where(where),
      ]);
      return paged(rows.map(memberView), total, q);
    },
  );
}
