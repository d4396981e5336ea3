import { z } from 'zod';
import { defineCall, inWebsite } from './call';
import { idParamSchema, messageSchema } from './common';
import { msg } from './message-code';

/** The events a website's webhook endpoint may subscribe to. */
export const WEBHOOK_EVENTS = ['content.published', 'answer.received', 'message.received', 'email.bounced', 'email.unsubscribed', 'person.deleted'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

/** An endpoint as the console sees it (never its secret, shown once in the answers that make one). */
export const webhookEndpointSchema = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** One delivery of the log: its event, where it stands, and the last try's answer. */
export const webhookDeliverySchema = z.object({
  _id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['queued', 'sent', 'failed', 'skipped']),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  responseMs: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

const urlSchema = z
  .string({ error: msg('webhooks.urlRequired') })
  .trim()
  .min(1, msg('webhooks.urlRequired'))
  .max(WEBHOOK_URL_MAX, msg('webhooks.urlInvalid'))
  .refine((u) => URL.canParse(u), msg('webhooks.urlInvalid'));
const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: msg('webhooks.eventUnknown') }), { error: msg('webhooks.eventsRequired') })
  .min(1, msg('webhooks.eventsRequired'))
  .transform((events) => [...new Set(events)]);
const descriptionSchema = z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, msg('webhooks.descriptionTooLong'));

export const webhookCreateBodySchema = z.object({ url: urlSchema, description: descriptionSchema.default(''), events: eventsSchema });
export type WebhookCreateBody = z.input<typeof webhookCreateBodySchema>;
export const webhookUpdateBodySchema = z.object({
  url: urlSchema.optional(),
  description: descriptionSchema.optional(),
  events: eventsSchema.optional(),
  enabled: z.boolean().optional(),
});
export type WebhookUpdateBody = z.input<typeof webhookUpdateBodySchema>;

/** The answer that makes a secret (creation, rotation): the only time it is shown. */
export const webhookWithSecretSchema = z.object({ message: z.string(), data: webhookEndpointSchema, secret: z.string() });

const TAG = 'Webhooks';

export const listWebhooksCall = defineCall({
  method: 'GET',
  path: '/api/webhooks',
  access: inWebsite('get_webhooks'),
  summary: 'The active website’s webhook endpoints',
  tag: TAG,
  response: z.object({ data: z.array(webhookEndpointSchema) }),
  errors: [400, 401, 403, 404],
});

export const createWebhookCall = defineCall({
  method: 'POST',
  path: '/api/webhooks',
  access: inWebsite('create_webhooks'),
  summary: 'Add a webhook endpoint (HTTPS, public internet); answers its signing secret, shown this once',
  tag: TAG,
  body: webhookCreateBodySchema,
  status: 201,
  response: webhookWithSecretSchema,
  errors: [400, 401, 403, 404],
});

export const updateWebhookCall = defineCall({
  method: 'PATCH',
  path: '/api/webhooks/:id',
  access: inWebsite('update_webhooks'),
  summary: 'Change a webhook endpoint, or turn it on or off (on again forgets its failures)',
  tag: TAG,
  params: idParamSchema,
  body: webhookUpdateBodySchema,
  response: z.object({ message: z.string(), data: webhookEndpointSchema }),
  errors: [400, 401, 403, 404],
});

export const rotateWebhookSecretCall = defineCall({
  method: 'POST',
  path: '/api/webhooks/:id/rotate-secret',
  access: inWebsite('update_webhooks'),
  summary: 'A new signing secret for a webhook endpoint, shown this once (the old one stops at once)',
  tag: TAG,
  params: idParamSchema,
  response: webhookWithSecretSchema,
  errors: [400, 401, 403, 404],
});

export const deleteWebhookCall = defineCall({
  method: 'DELETE',
  path: '/api/webhooks/:id',
  access: inWebsite('delete_webhooks'),
  summary: 'Delete a webhook endpoint and its delivery log',
  tag: TAG,
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
});

export const listWebhookDeliveriesCall = defineCall({
  method: 'GET',
  path: '/api/webhooks/:id/deliveries',
  access: inWebsite('get_webhooks'),
  summary: 'The delivery log of a webhook endpoint (newest first, the last 100)',
  tag: TAG,
  params: idParamSchema,
  response: z.object({ data: z.array(webhookDeliverySchema) }),
  errors: [400, 401, 403, 404],
});

export const testWebhookCall = defineCall({
  method: 'POST',
  path: '/api/webhooks/:id/test',
  access: inWebsite('update_webhooks'),
  summary: 'Queue a `webhook.test` event to a webhook endpoint',
  tag: TAG,
  params: idParamSchema,
  status: 202,
  response: z.object({ message: z.string(), deliveryId: z.string() }),
  errors: [400, 401, 403, 404],
});
