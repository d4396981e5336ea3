import type { FastifyInstance } from 'fastify';
import {
  pushNotificationBodySchema,
  pushNotificationDeleteBodySchema,
  pushNotificationListQuerySchema,
  pushNotificationResponseSchema,
  pushNotificationSavedResponseSchema,
  pushNotificationUpdateBodySchema,
  type PushNotificationListQuery,
} from 'contracts';
import type { AppContext } from '../../context';
import { pushKind } from '../campaigns-shared/kinds';
import {
  bulkDeleteRoute,
  cancelRoute,
  createRoute,
  duplicateRoute,
  getRoute,
  listRoute,
  updateByBodyRoute,
  type CampaignArea,
} from '../campaigns-shared/routes';

/**
 * Push notifications under /api/push-notification, permissions *_pushNotification. The spec lists
 * "POST, GET, PUT, DELETE /api/push-notification; GET /api/push-notification/{id}": PUT carries the
 * `_id` in its body, and DELETE the `notifications` id list (one id for the row action, several for
 * the bulk delete). Cancel is a PATCH here (a DELETE for popups and banners), as the spec lists it.
 */
export const pushArea: CampaignArea = {
  base: '/api/push-notification',
  resource: 'pushNotification',
  spec: pushKind,
  tag: 'push notifications',
  bodySchema: pushNotificationBodySchema,
  responseSchema: pushNotificationResponseSchema,
  savedSchema: pushNotificationSavedResponseSchema,
  listQuerySchema: pushNotificationListQuerySchema,
  filters: (q) => ({ title: (q as PushNotificationListQuery).title }),
  bulkSchema: pushNotificationDeleteBodySchema,
  bulkField: 'notifications',
};

export function pushNotificationRoutes(app: FastifyInstance, ctx: AppContext) {
  listRoute(app, ctx, pushArea);
  createRoute(app, ctx, pushArea);
  getRoute(app, ctx, pushArea);
  updateByBodyRoute(app, ctx, pushArea, pushNotificationUpdateBodySchema);
  bulkDeleteRoute(app, ctx, pushArea);
  duplicateRoute(app, ctx, pushArea);
  cancelRoute(app, ctx, pushArea, 'patch');
}
