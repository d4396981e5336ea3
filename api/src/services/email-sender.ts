import type { FastifyBaseLogger } from 'fastify';
import type { EmailDocument } from 'contracts';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { renderCampaignEmail } from '../mail/campaign-email';
import type { Mailer } from '../mail/mailer';
import { emailsStore, siteNamesOf, type ClaimedJob } from '../stores/emails';
import { retryOrFail, type RetryPolicy } from '../stores/job-queue';
import { PollingLoop } from './polling-loop';

/** At most this many SMTP conversations at once per process. */
const CONCURRENCY = 5;

/** An SMTP failure worth trying again: a 4xx answer, or no answer at all (connection refused, timeout). */
function isTemporary(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  if (typeof code === 'number') return code < 500;
  return true;
}

/** The links a recipient's e-mail carries (all on the API, named by the recipient's token). */
export const emailLinks = (baseUrl: string, token: string) => ({
  open: `${baseUrl}/api/public/emails/open/${token}`,
  click: (url: string) => `${baseUrl}/api/public/emails/click/${token}?url=${encodeURIComponent(url)}`,
  unsubscribe: `${baseUrl}/api/public/emails/unsubscribe/${token}`,
});

/**
 * Sends the e-mail campaigns: every `pollMs`, queues the recipients of due campaigns, claims due jobs
 * (at most `ratePerSecond` a second per website) and delivers them through the mailer. Outcomes:
 * sent; a temporary failure (4xx, network) tried again after 1×, 2×, 4×… `retryBaseMs`, given up
 * after `maxAttempts`; a permanent refusal (5xx) recorded as failed, and its address marked bounced.
 *
 * Delivery is at least once at the SMTP level and exactly once in what recipients see: a job is
 * marked sent right after the server accepted it; a process killed between the two leaves the job
 * to be sent again once its lease ends, as the same message (the same Message-ID, which mailboxes
 * keep once). Each process may run one: the claims (FOR UPDATE SKIP LOCKED, a lease) never hand the
 * same job to two processes at once.
 */
export class EmailSender {
  private readonly sentThisSecond = new Map<string, { second: number; n: number }>();
  private readonly siteNames = new Map<string, string>();
  private readonly loop: PollingLoop;
  private readonly retry: RetryPolicy;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly config: Config['email'],
    /** The product's clock (context.ts' Clock; not imported, which would make an import cycle). */
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.retry = { baseMs: config.retryBaseMs, maxAttempts: config.maxAttempts };
    this.loop = new PollingLoop(
      config.pollMs,
      () => this.pass(),
      (err) => this.log.error({ err }, 'e-mail sending pass failed'),
    );
  }

  start = () => this.loop.start();
  stop = () => this.loop.stop();
  /** One pass (serialised: a pass never overlaps the previous one in this process). */
  tick = () => this.loop.tick();
  /** Runs passes until nothing is due (tests, and the bench). */
  drain = (timeoutMs?: number) => this.loop.drain(timeoutMs);

  private quota(websiteId: string, second: number): number {
    const s = this.sentThisSecond.get(websiteId);
    const used = s && s.second === second ? s.n : 0;
    return Math.max(0, this.config.ratePerSecond - used);
  }

  private count(websiteId: string, second: number) {
    const s = this.sentThisSecond.get(websiteId);
    if (s && s.second === second) s.n++;
    else this.sentThisSecond.set(websiteId, { second, n: 1 });
  }

  private async pass(): Promise<boolean> {
    const now = new Date(this.clock.now());
    const queued = await this.db.transaction((tx) => emailsStore(tx).enqueueDue(now));
    const second = Math.floor(Date.now() / 1000);
    const jobs = await this.db.transaction((tx) =>
      emailsStore(tx).claim(now, new Date(now.getTime() + this.config.leaseMs), this.config.ratePerSecond * 10, (w) => this.quota(w, second)),
    );
    if (jobs.length === 0) return queued > 0;
    await this.loadSiteNames(jobs);
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        this.count(job.websiteId, second);
        await this.deliver(job);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, jobs.length) }, worker));
    return true;
  }

  private async loadSiteNames(jobs: ClaimedJob[]) {
    const missing = [...new Set(jobs.map((j) => j.websiteId))].filter((id) => !this.siteNames.has(id));
    if (missing.length === 0) return;
    for (const [id, name] of await siteNamesOf(this.db, missing)) this.siteNames.set(id, name);
  }

  private async deliver(job: ClaimedJob): Promise<void> {
    const store = emailsStore(this.db);
    const doc = job.document as unknown as EmailDocument;
    const links = emailLinks(job.baseUrl, job.token);
    let rendered;
    try {
      rendered = await renderCampaignEmail(doc, job.person, { baseUrl: job.baseUrl, siteName: this.siteNames.get(job.websiteId) ?? '', links });
    } catch (err) {
      this.log.error({ err, job: job.id }, 'an e-mail could not be rendered');
      await store.markFailed(job, 'render failed', false);
      return;
    }
    try {
      await this.mailer.deliver({
        to: job.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        fromName: doc.senderName || undefined,
        messageId: `<${job.contentId}.${job.id}@signpost>`,
        headers: {
          // RFC 8058: mailbox providers show an unsubscribe button that POSTs this body to the URL.
          'List-Unsubscribe': `<${links.unsubscribe}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isTemporary(err)) await store.settle(job.id, retryOrFail(this.retry, job.attempts, message, this.clock.now()));
      else await store.markFailed(job, message, true);
      return;
    }
    await store.settle(job.id, { sentAt: new Date(this.clock.now()) });
  }
}

/** The site name shown in an e-mail's footer. */
export async function siteNameOf(db: Db, websiteId: string): Promise<string> {
  return (await siteNamesOf(db, [websiteId])).get(websiteId) ?? '';
}
