import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createWorkspaceCall, deleteWorkspaceCall, listWorkspacesCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { conflict, notFound } from '../../lib/errors';
import { activeWebsiteOf } from '../../plugins/access';
import { workspacesStore, workspaceView } from '../../stores/workspaces';
import { isUniqueViolation } from '../shared';

const workspaceExists = () => conflict('workspaces.alreadyExists', { name: 'workspaces.nameAlreadyExists' });

/**
 * The workspaces of the active website, each in one service's side list. A workspace of another
 * website, or of another organisation, answers 404 like a missing one.
 */
export function workspaceRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => workspacesStore(ctx.db, activeWebsiteOf(request).id);

  serve(app, listWorkspacesCall, (request) => store(request).page(request.query));

  serve(app, createWorkspaceCall, async (request) => {
    const workspaces = store(request);
    if (await workspaces.nameTaken(request.body.name, request.body.service)) throw workspaceExists();
    const row = await workspaces.insert(request.body).catch((err: unknown) => {
      if (isUniqueViolation(err)) throw workspaceExists();
      throw err;
    });
    return { message: 'workspaces.created', data: workspaceView(row) };
  });

  serve(app, deleteWorkspaceCall, async (request) => {
    if (!(await store(request).remove(request.params.id))) throw notFound('workspaces.notFound');
    return { message: 'workspaces.deleted' };
  });
}
