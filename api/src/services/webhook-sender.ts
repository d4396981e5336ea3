import { request as httpsRequest, type Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outboundAgent, outboundUrlRefusal, OutboundRefusedError } from '../lib/outbound-address';
import { webhookHeaders } from '../lib/webhook-signature';
import type { Mailer } from '../mail/mailer';
import { webhookDisabledMail } from '../mail/templates';
import { retryOrFail, type RetryPolicy, type Settlement } from '../stores/job-queue';
import { webhookDeliveryStore, type WebhookClaim } from '../stores/webhooks';
import { PollingLoop } from './polling-loop';

/** At most this many requests to receivers at once per process. */
const CONCURRENCY = 5;
/** What is kept of a receiver's answer body: nothing (it is read and dropped, so the socket is freed). */
const STATUS_TIMEOUT = 'timed out';

/** The outcome of one POST: the receiver's status (null: no answer) and how long it took. */
interface Answer {
  status: number | null;
  ms: number;
  error?: string;
  refused?: boolean;
}

/**
 * Delivers webhooks: every `pollMs`, claims due deliveries from the durable queue (job-queue.ts) and
 * POSTs each signed body to its endpoint (HTTPS to the public internet only, lib/outbound-address.ts).
 * A 2xx answer is success; anything else (another status, no answer, a time-out) is tried again after
 * 1×, 2×, 4×… `WEBHOOK_RETRY_BASE_MS`, given up after `WEBHOOK_MAX_ATTEMPTS`. An address refused by
 * the outbound rules is given up at once (asking again would only be refused again). After
 * `WEBHOOK_DISABLE_AFTER` failed tries in a row, the endpoint is disabled and its creator told.
 *
 * At least once on the wire, once per event for a receiver that keeps the `Signpost-Webhook-Id`
 * header: a process killed between a receiver's 2xx and recording it leaves the delivery to be sent
 * again once its lease ends, with the same id and body.
 */
export class WebhookSender {
  /** The HTTPS agent (tests give one that also trusts their receiver's certificate). */
  agent: Agent;
  private readonly loop: PollingLoop;
  private readonly retry: RetryPolicy;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'outbound' | 'webhooks' | 'publicAppUrl'> & { email: Pick<Config['email'], 'pollMs' | 'leaseMs'> },
    private readonly mailer: Mailer,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.agent = outboundAgent(config.outbound);
    this.retry = { baseMs: config.webhooks.retryBaseMs, maxAttempts: config.webhooks.maxAttempts };
    this.loop = new PollingLoop(
      config.email.pollMs,
      () => this.pass(),
      (err) => this.log.error({ err }, 'webhook sending pass failed'),
    );
  }

  start = () => this.loop.start();
  stop = () => this.loop.stop();
  tick = () => this.loop.tick();
  /** Passes until nothing is due (tests). */
  drain = (timeoutMs?: number) => this.loop.drain(timeoutMs);

  private async pass(): Promise<boolean> {
    const now = new Date(this.clock.now());
    const jobs = await this.db.transaction((tx) => webhookDeliveryStore(tx).claim(now, new Date(now.getTime() + this.config.email.leaseMs), 50));
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) await this.deliver(jobs[next++]);
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
    return jobs.length > 0;
  }

  private async deliver(job: WebhookClaim): Promise<void> {
    const answer = await this.post(job);
    const ok = answer.status !== null && answer.status >= 200 && answer.status < 300;
    const error = answer.error ?? `HTTP ${answer.status}`;
    const outcome: Settlement = ok
      ? { sentAt: new Date(this.clock.now()) }
      : answer.refused
        ? { failed: error }
        : retryOrFail(this.retry, job.attempts, error, this.clock.now());
    const store = webhookDeliveryStore(this.db);
    const { failures } = await store.settle(job, outcome, answer);
    if (!ok && failures >= this.config.webhooks.disableAfter) {
      const disabled = await store.disable(job.endpointId, new Date(this.clock.now()));
      if (disabled?.creatorEmail) {
        this.mailer.send(webhookDisabledMail(disabled.creatorEmail, { url: disabled.url, failures, link: `${this.config.publicAppUrl}/settings/webhooks` }));
      }
    }
  }

  /** One POST of the delivery's body, signed now (the timestamp is the try's). */
  private post(job: WebhookClaim): Promise<Answer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const refusal = outboundUrlRefusal(job.url, this.config.outbound);
    if (refusal) return Promise.resolve({ status: null, ms: 0, error: `endpoint refused (${refusal})`, refused: true });
    const headers = webhookHeaders(job.secret, job.eventId, Math.floor(this.clock.now() / 1000), job.body);
    return new Promise<Answer>((resolve) => {
      const req = httpsRequest(
        job.url,
        { method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(job.body) }, agent: this.agent },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? null, ms: elapsed() }));
          res.on('error', () => resolve({ status: res.statusCode ?? null, ms: elapsed() }));
        },
      );
      req.setTimeout(this.config.webhooks.timeoutMs, () => req.destroy(new Error(STATUS_TIMEOUT)));
      req.on('error', (err) => {
        const refused = err instanceof OutboundRefusedError || (err as { cause?: unknown }).cause instanceof OutboundRefusedError;
        resolve({ status: null, ms: elapsed(), error: err.message, refused });
      });
      req.end(job.body);
    });
  }
}
