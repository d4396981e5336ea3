import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  createWebhookCall,
  deleteWebhookCall,
  listWebhookDeliveriesCall,
  listWebhooksCall,
  rotateWebhookSecretCall,
  testWebhookCall,
  updateWebhookCall,
  type AuditAction,
  type WebhookDelivery,
  type WebhookEndpoint,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { badRequest, notFound } from '../../lib/errors';
import { outboundUrlRefusal } from '../../lib/outbound-address';
import { activeWebsiteOf, caller } from '../../plugins/access';
import { webhooksStore, type DeliveryRow, type EndpointRow } from '../../stores/webhooks';
import { recordAudit } from '../../stores/audit-log';
import { auditScope } from '../shared';

const endpointView = (row: EndpointRow): WebhookEndpoint => ({
  _id: row.id,
  url: row.url,
  description: row.description,
  events: row.events,
  enabled: row.disabledAt === null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  consecutiveFailures: row.consecutiveFailures,
  createdAt: row.createdAt.toISOString(),
});

const deliveryView = (row: DeliveryRow): WebhookDelivery => ({
  _id: row.id,
  eventId: row.eventId,
  eventType: row.eventType,
  status: row.status,
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  responseMs: row.responseMs,
  lastError: row.lastError,
  createdAt: row.createdAt.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
});

/**
 * The active website's webhook endpoints. An endpoint's URL must be HTTPS on the public internet
 * (or an OUTBOUND_ALLOWED_HOSTS host): checked here, so the owner learns it at once, and again by
 * the sender at each connect (a name may resolve elsewhere later).
 */
export function webhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const store = (request: FastifyRequest) => webhooksStore(ctx.db, activeWebsiteOf(request).id);
  /** A change and its audit entry in one transaction; `undefined` (nothing changed: 404) records nothing. */
  const changing = <T extends { id: string; url: string } | undefined>(
    request: FastifyRequest,
    action: AuditAction,
    change: (webhooks: ReturnType<typeof webhooksStore>) => Promise<T>,
    details: Record<string, unknown> = {},
  ): Promise<T> =>
    ctx.db.transaction(async (tx) => {
      const row = await change(webhooksStore(tx, activeWebsiteOf(request).id));
      if (row) await recordAudit(tx, auditScope(request), { action, objectType: 'webhook', objectId: row.id, objectLabel: row.url, details });
      return row;
    });

  const checkUrl = (url: string | undefined) => {
    if (url === undefined) return;
    const refusal = outboundUrlRefusal(url, ctx.config.outbound);
    if (refusal === 'invalid') throw badRequest('generic.validationFailed', { url: 'webhooks.urlInvalid' });
    if (refusal === 'not-https') throw badRequest('generic.validationFailed', { url: 'webhooks.urlNotHttps' });
    if (refusal) throw badRequest('generic.validationFailed', { url: 'webhooks.urlNotPublic' });
  };

  serve(app, listWebhooksCall, async (request) => ({ data: (await store(request).list()).map(endpointView) }));

  serve(app, createWebhookCall, async (request) => {
    checkUrl(request.body.url);
    const row = await changing(request, 'webhook.created', (webhooks) => webhooks.insert({ ...request.body, createdBy: caller(request).userId }), {
      events: request.body.events,
    });
    return { message: 'webhooks.created', data: endpointView(row), secret: row.secret };
  });

  serve(app, updateWebhookCall, async (request) => {
    checkUrl(request.body.url);
    const row = await changing(request, 'webhook.updated', (webhooks) => webhooks.update(request.params.id, request.body), { ...request.body });
    if (!row) throw notFound('webhooks.notFound');
    return { message: 'webhooks.updated', data: endpointView(row) };
  });

  serve(app, rotateWebhookSecretCall, async (request) => {
    const row = await changing(request, 'webhook.secretRotated', (webhooks) => webhooks.rotateSecret(request.params.id));
    if (!row) throw notFound('webhooks.notFound');
    return { message: 'webhooks.secretRotated', data: endpointView(row), secret: row.secret };
  });

  serve(app, deleteWebhookCall, async (request) => {
    const removed = await changing(request, 'webhook.deleted', async (webhooks) => {
      const row = await webhooks.get(request.params.id);
      return row && (await webhooks.remove(row.id)) ? row : undefined;
    });
    if (!removed) throw notFound('webhooks.notFound');
    return { message: 'webhooks.deleted' };
  });

  serve(app, listWebhookDeliveriesCall, async (request) => {
    const webhooks = store(request);
    if (!(await webhooks.get(request.params.id))) throw notFound('webhooks.notFound');
    return { data: (await webhooks.deliveries(request.params.id)).map(deliveryView) };
  });

  serve(app, testWebhookCall, async (request) => {
    const webhooks = store(request);
    if (!(await webhooks.get(request.params.id))) throw notFound('webhooks.notFound');
    const deliveryId = await webhooks.queueTest(request.params.id);
    return { message: 'webhooks.testQueued', deliveryId };
  });
}
