import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { PushNotificationDocument, WebPushPayload } from 'contracts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { hostMatches, isAllowedHost, outboundAgent, outboundUrlRefusal, OutboundRefusedError, type OutboundRefusal } from '../lib/outbound-address';
import { retryOrFail } from '../stores/job-queue';
import { PollingLoop } from './polling-loop';
import { webPushStore, type PushClaim, type PushPair } from '../stores/web-push';

/** At most this many requests to push services at once per process. */
const CONCURRENCY = 5;
/** How long a push service keeps a message for a browser that is offline (seconds). */
const TTL_SECONDS = 24 * 3600;

/**
 * The browsers' push services (Chrome's FCM, Firefox's, Safari's, Edge's WNS; Opera, Brave and Samsung
 * Internet use FCM): with WEB_PUSH_SERVICES=known (the default), the only hosts a subscription may
 * name besides OUTBOUND_ALLOWED_HOSTS.
 */
export const KNOWN_PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', '*.push.apple.com', '*.notify.windows.com'];

/**
 * Why a push subscription's endpoint is refused (null: it is not): the outbound rules (HTTPS, the
 * public internet or the allow-list), and with `known` a push service's host.
 */
export function pushEndpointRefusal(endpoint: string, config: Pick<Config, 'outbound' | 'webPush'>): OutboundRefusal | 'unknown-push-service' | null {
  const refusal = outboundUrlRefusal(endpoint, config.outbound);
  if (refusal) return refusal;
  if (config.webPush.services === 'any') return null;
  const url = new URL(endpoint);
  const port = url.port || '443';
  if (port === '443' && hostMatches(url.hostname, KNOWN_PUSH_SERVICE_HOSTS)) return null;
  return isAllowedHost(config.outbound, url.hostname, port) ? null : 'unknown-push-service';
}

/** The VAPID subject: the sender's address (push services write to it about a misbehaving sender). */
export const vapidSubject = (mailFrom: string) => `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim()}`;

/**
 * Delivers push notifications through the browsers' push services (Web Push, RFC 8030/8291/8292,
 * with the `web-push` library): every `pollMs`, queues each live push notification for each
 * subscription of its website whose visitor is in its audience (the content call's own audience
 * and show-once checks: a visitor who saw it in the page gets no second one), claims due jobs and
 * sends them, signed with the website's VAPID key. A subscription the push service says is gone
 * (404, 410) is forgotten; other failures are tried again as e-mails are (`EMAIL_RETRY_BASE_MS`,
 * doubling, `EMAIL_MAX_ATTEMPTS`). The queue's claims are the e-mail queue's: one process or several.
 */
export class PushSender {
  /**
   * The HTTPS agent for push services: Node's trust (the system's CAs and NODE_EXTRA_CA_CERTS) and
   * every connection's name checked to resolve to the public internet (lib/outbound-address.ts).
   * The API tests give one that also trusts their own push service's certificate.
   */
  agent: Agent;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config['email'], 'pollMs' | 'retryBaseMs' | 'maxAttempts' | 'leaseMs'>,
    private readonly mailFrom: string,
    /** Where push subscriptions may point (OUTBOUND_ALLOWED_HOSTS, WEB_PUSH_SERVICES). */
    private readonly outbound: Pick<Config, 'outbound' | 'webPush'>,
    /**
     * Which of a website's (push, subscription) pairs to send, by the content call's own checks
     * (routes/public/web-push.ts); a pair left out is not served now and is weighed again later.
     */
    private readonly weigh: (websiteId: string, pairs: PushPair[], now: number) => Promise<(PushPair & { send: boolean })[]>,
    private readonly vapidKeysOf: (websiteId: string) => Promise<{ publicKey: string; privateKey: string }>,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.agent = outboundAgent(outbound.outbound);
    this.loop = new PollingLoop(
      config.pollMs,
      () => this.pass(),
      (err) => this.log.error({ err }, 'push sending pass failed'),
    );
  }

  private readonly loop: PollingLoop;

  start = () => this.loop.start();
  stop = () => this.loop.stop();
  tick = () => this.loop.tick();
  /** Passes until nothing is left to do (tests). */
  drain = (timeoutMs?: number) => this.loop.drain(timeoutMs);

  private async pass(): Promise<boolean> {
    const now = new Date(this.clock.now());
    const queued = await this.enqueue(now);
    const jobs = await this.db.transaction((tx) => webPushStore(tx).claim(now, new Date(now.getTime() + this.config.leaseMs), 100));
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) await this.deliver(jobs[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
    return queued || jobs.length > 0;
  }

  /** Weighs the pairs never weighed: in the audience and not yet seen in the page, it is queued. */
  private async enqueue(now: Date): Promise<boolean> {
    const pairs = await webPushStore(this.db).unqueuedPairs(now, 500);
    if (pairs.length === 0) return false;
    const byWebsite = new Map<string, PushPair[]>();
    for (const p of pairs) byWebsite.set(p.websiteId, [...(byWebsite.get(p.websiteId) ?? []), p]);
    const weighed: (PushPair & { send: boolean })[] = [];
    for (const [websiteId, list] of byWebsite) weighed.push(...(await this.weigh(websiteId, list, now.getTime())));
    await webPushStore(this.db).enqueue(weighed, now);
    return weighed.length > 0;
  }

  private async deliver(job: PushClaim): Promise<void> {
    const store = webPushStore(this.db);
    const doc = job.document as unknown as PushNotificationDocument;
    const payload: WebPushPayload = { title: doc.title, body: doc.body, icon: doc.icon ?? '', url: doc.action?.url ?? '', token: job.token };
    // A subscription stored before the rules, or under an allow-list since narrowed, is not sent to.
    const refusal = pushEndpointRefusal(job.endpoint, this.outbound);
    if (refusal) {
      await store.settle(job.id, { failed: `endpoint refused (${refusal})` });
      return;
    }
    try {
      const keys = await this.vapidKeysOf(job.websiteId);
      await webpush.sendNotification({ endpoint: job.endpoint, keys: { p256dh: job.p256dh, auth: job.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: vapidSubject(this.mailFrom), publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: TTL_SECONDS,
        contentEncoding: 'aes128gcm',
        agent: this.agent,
      });
    } catch (err) {
      const status = err instanceof WebPushError ? err.statusCode : undefined;
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof OutboundRefusedError) {
        // The name resolved to a non-public address: nothing was sent, and trying again would only ask again.
        await store.settle(job.id, { failed: message });
      } else if (status === 404 || status === 410) {
        await store.settle(job.id, { failed: `subscription gone (${status})` });
        await store.removeSubscription(job.endpoint, job.websiteId);
      } else if (status === undefined || status === 429 || status >= 500) {
        await store.settle(
          job.id,
          retryOrFail({ baseMs: this.config.retryBaseMs, maxAttempts: this.config.maxAttempts }, job.attempts, message, this.clock.now()),
        );
      } else {
        await store.settle(job.id, { failed: message });
      }
      return;
    }
    await store.settle(job.id, { sentAt: new Date(this.clock.now()) });
  }
}
