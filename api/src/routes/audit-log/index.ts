import type { FastifyInstance } from 'fastify';
import { listAuditLogCall } from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { caller } from '../../plugins/access';
import { auditLogStore } from '../../stores/audit-log';

/** The organisation's audit log, read only: entries are written by the changes themselves. */
export function auditLogRoutes(app: FastifyInstance, ctx: AppContext) {
  serve(app, listAuditLogCall, (request) => auditLogStore(ctx.db, caller(request).organisationId).page(request.query));
}
