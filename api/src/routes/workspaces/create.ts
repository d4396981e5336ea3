import type { FastifyInstance } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import { workspaceCreateBodySchema, workspaceCreateResponseSchema } from 'contracts';
import type { AppContext } from '../../context';
import { workspaces } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { errorResponses, isUniqueViolation, zod } from '../shared';
import { activeWebsiteOf, websiteWrite } from '../tags/website-content';
import { workspaceView } from './list';

const workspaceExists = () => conflict('Workspace already exists', { name: 'A workspace with this name already exists on this website' });

/** POST /api/workspaces: a workspace of the active website, in one service's side list. */
export function workspaceCreateRoute(app: FastifyInstance, ctx: AppContext) {
  zod(app).post(
    '/api/workspaces',
    {
      config: websiteWrite('create_workspaces'),
      schema: {
        tags: ['workspaces'],
        summary: 'Create a workspace on the active website',
        body: workspaceCreateBodySchema,
        response: { 201: workspaceCreateResponseSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const website = activeWebsiteOf(request);
      const { name, icon, service } = request.body;
      const [taken] = await ctx.db
        .select({ id: workspaces.id })
        .from(workspaces)
        .where(and(eq(workspaces.websiteId, website.id), sql`lower(${workspaces.name}) = lower(${name})`))
        .limit(1);
      if (taken) throw workspaceExists();
      try {
        const [row] = await ctx.db.insert(workspaces).values({ websiteId: website.id, name, icon, service }).returning();
        return reply.code(201).send({ message: 'Workspace created successfully', data: workspaceView(row) });
      } catch (err) {
        if (isUniqueViolation(err)) throw workspaceExists();
        throw err;
      }
    },
  );
}
