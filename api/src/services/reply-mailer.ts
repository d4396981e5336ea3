import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import type { Lang } from '../i18n/messages';
import type { Mailer } from '../mail/mailer';
import { conversationReplyMail } from '../mail/templates';
import { takeDueReplyMails, websiteFactsOf } from '../stores/messenger';
import { PollingLoop } from './polling-loop';

/** Conversations taken per pass. */
const BATCH = 50;

/** Where the e-mail sends the visitor back: the website (a bare domain is given its scheme). */
export const websiteLink = (domain: string) => (/^https?:\/\//.test(domain) ? domain : `${domain.startsWith('localhost') ? 'http' : 'https'}://${domain}`);

/**
 * E-mails the staff's answers that an anonymous visitor (who left an address) has not read once
 * their wait is over (MESSENGER_REPLY_MAIL_DELAY_SECONDS): one e-mail with every unread answer of the
 * burst. The wait is kept in the database (the conversation's `reply_mail_due_at`), not in a timer,
 * so a restart loses none; any API process may send them (their claims skip each other's rows).
 */
export class ReplyMailer {
  private readonly loop: PollingLoop;

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    pollMs: number,
    private readonly clock: { now(): number },
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PollingLoop(
      pollMs,
      () => this.pass(),
      (err) => this.log.error({ err }, 'reply e-mail pass failed'),
    );
  }

  start = () => this.loop.start();
  stop = () => this.loop.stop();
  /** Runs passes until nothing is due (tests). */
  drain = (timeoutMs?: number) => this.loop.drain(timeoutMs);

  private async pass(): Promise<boolean> {
    const now = new Date(this.clock.now());
    const due = await this.db.transaction((tx) => takeDueReplyMails(tx, now, BATCH));
    if (due.length === 0) return false;
    const sites = await websiteFactsOf(this.db, [...new Set(due.map((d) => d.websiteId))]);
    for (const d of due) {
      const site = sites.get(d.websiteId);
      if (d.answers.length === 0 || !site) continue;
      this.mailer.send(
        conversationReplyMail(d.email, { website: site.name, answer: d.answers.join('\n\n'), link: websiteLink(site.domain) }, d.language as Lang),
      );
    }
    return true;
  }
}
