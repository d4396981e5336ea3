import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { clientMemberListRoute, groupGetRoute, groupListRoute, groupMembersRoute, groupPreviewRoute } from './read';
import { groupBulkDeleteRoute, groupCreateRoute, groupDeleteRoute, groupUpdateRoute } from './write';

/** Groups of client members (spec sections 3 and 7 "Roles and groups"), and the client members they pick from. */
export function groupRoutes(app: FastifyInstance, ctx: AppContext) {
  groupListRoute(app, ctx);
  groupGetRoute(app, ctx);
  groupPreviewRoute(app, ctx);
  groupMembersRoute(app, ctx);
  groupCreateRoute(app, ctx);
  groupUpdateRoute(app, ctx);
  groupDeleteRoute(app, ctx);
  groupBulkDeleteRoute(app, ctx);
  clientMemberListRoute(app, ctx);
}
