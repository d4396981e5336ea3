import { z } from 'zod';
import { visitorTokenSchema } from './events';
import { msg } from './message-code';
import { scriptCall } from './script-call';
import { WEB_PUSH_PATHS } from './script';
import { visitorIdSchema } from './website-script';

/*
 * Web Push: push notifications that reach a visitor's browser with the website closed. The script
 * asks for the website's VAPID public key, subscribes through the browser's push service and stores
 * the subscription here; the service worker the customer hosts (signpost-sw.js) shows what arrives
 * and reports it shown and clicked with the token each message carries.
 */

export const PUSH_SUBSCRIPTION_INVALID_MESSAGE = msg('pushNotifications.subscriptionInvalid');
export const PUSH_REPORT_NOT_FOUND_MESSAGE = msg('pushNotifications.reportNotFound');
/** The endpoint is not a push service the API may reach (a private address, or not a known push service). */
export const PUSH_ENDPOINT_REFUSED_MESSAGE = msg('pushNotifications.endpointRefused');

export const webPushKeyAnswerSchema = z.object({ publicKey: z.string() });
export type WebPushKeyAnswer = z.infer<typeof webPushKeyAnswerSchema>;

const base64url = z.string({ error: PUSH_SUBSCRIPTION_INVALID_MESSAGE }).regex(/^[A-Za-z0-9_-]{16,200}={0,2}$/, PUSH_SUBSCRIPTION_INVALID_MESSAGE);

/** What `PushSubscription.toJSON()` gives, plus the visitor the token names. */
export const webPushSubscribeBodySchema = z.object({
  visitorId: visitorIdSchema,
  token: visitorTokenSchema,
  subscription: z.object({
    endpoint: z
      .string({ error: PUSH_SUBSCRIPTION_INVALID_MESSAGE })
      .max(2048, PUSH_SUBSCRIPTION_INVALID_MESSAGE)
      .url(PUSH_SUBSCRIPTION_INVALID_MESSAGE)
      // Push services are reached over HTTPS only.
      .refine((u) => u.startsWith('https://'), PUSH_SUBSCRIPTION_INVALID_MESSAGE),
    keys: z.object({ p256dh: base64url, auth: base64url }),
  }),
});
export type WebPushSubscribeBody = z.input<typeof webPushSubscribeBodySchema>;

export const webPushSubscribedSchema = z.object({ subscribed: z.literal(true) });

export const webPushReportParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, PUSH_REPORT_NOT_FOUND_MESSAGE),
  what: z.enum(['shown', 'clicked'], { error: PUSH_REPORT_NOT_FOUND_MESSAGE }),
});

/** What a push message carries to the service worker (JSON, encrypted by the push protocol). */
export interface WebPushPayload {
  title: string;
  body: string;
  icon: string;
  url: string;
  /** Names the delivery in the service worker's reports (`shown`, `clicked`) to the report call. */
  token: string;
}

export const getWebPushKeyCall = scriptCall({
  method: 'GET',
  path: WEB_PUSH_PATHS.key,
  summary: "The website's VAPID public key, to subscribe a browser to its push notifications",
  response: webPushKeyAnswerSchema,
  errors: [400, 404, 429],
});

export const subscribeWebPushCall = scriptCall({
  path: WEB_PUSH_PATHS.subscribe,
  summary: "Store a browser's push subscription for the visitor the token names (the person's, once identified)",
  body: webPushSubscribeBodySchema,
  status: 201,
  response: webPushSubscribedSchema,
});

// The service worker runs at the customer's origin: it gets the script's open CORS too.
export const reportWebPushCall = scriptCall({
  path: WEB_PUSH_PATHS.report,
  summary: 'The service worker reports a push notification shown or clicked (the token in the message is the proof; counted once)',
  params: webPushReportParamsSchema,
  response: z.object({ counted: z.boolean() }),
  errors: [400, 404],
});
