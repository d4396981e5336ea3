import { createHmac } from 'node:crypto';

/**
 * The signature of a webhook delivery: HMAC-SHA256, keyed by the endpoint's secret, of
 * `<timestamp>.<body>` (the timestamp in Unix seconds, the body's exact bytes), in hex. Signing the
 * timestamp with the body lets a receiver refuse an old delivery replayed (docs/webhooks.md).
 */
export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

/** The headers of a delivery (the signature header may carry several `v1=` values during a rotation). */
export function webhookHeaders(secret: string, eventId: string, timestamp: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'Signpost-Webhooks/1',
    'signpost-webhook-id': eventId,
    'signpost-webhook-timestamp': String(timestamp),
    'signpost-webhook-signature': `v1=${webhookSignature(secret, timestamp, body)}`,
  };
}
