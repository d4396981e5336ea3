import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { extractLinks, outboxDir, type OutboxEntry } from './outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The name shown beside the configured sender address (campaign e-mails). */
  fromName?: string;
  /** Extra headers (List-Unsubscribe…). */
  headers?: Record<string, string>;
  /** A stable Message-ID: a message sent again after a crash is the same message. */
  messageId?: string;
}

export interface Mailer {
  /**
   * Queues a mail and returns at once: callers answer the HTTP request without waiting for SMTP,
   * so response time never reveals whether an address has an account (forgot-password).
   */
  send(message: MailMessage): void;
  /**
   * Delivers one mail and waits for the server's answer: rejects with the SMTP error (its
   * `responseCode` tells a temporary 4xx from a permanent 5xx). For the campaign queue, which
   * records each outcome.
   */
  deliver(message: MailMessage): Promise<void>;
  /** Waits for every queued mail (called on shutdown and by tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }, log: Pick<FastifyBaseLogger, 'error' | 'info'>): Mailer {
  const pending = new Set<Promise<void>>();

  // Pooled: a campaign sends many mails in a row over a few kept connections.
  const smtp = options.smtpUrl ? nodemailer.createTransport(pooled(options.smtpUrl)) : null;
  // Without SMTP: build the full RFC 822 message in memory, then write it to the outbox.
  const stream = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(options.dataDir);

  async function deliver(message: MailMessage): Promise<void> {
    const { fromName, headers, messageId, ...rest } = message;
    const mail = { from: fromName ? { name: fromName, address: addressOf(options.from) } : options.from, headers, messageId, ...rest };
    if (smtp) {
      await smtp.sendMail(mail);
      return;
    }
    const info = await stream!.sendMail(mail);
    const createdAt = new Date();
    const base = `${createdAt.toISOString().replace(/[:.]/g, '-')}-${randomUUID()}`;
    await mkdir(dir, { recursive: true });
    const eml = path.join(dir, `${base}.eml`);
    await writeFile(eml, info.message as Buffer);
    const entry: OutboxEntry = {
      to: [message.to],
      subject: message.subject,
      text: message.text,
      html: message.html,
      links: extractLinks(message.text),
      createdAt: createdAt.toISOString(),
      eml,
    };
    // The .json is written last, under a temporary name then renamed (atomic on one file system):
    // a reader that sees `<base>.json` sees it whole, and can rely on the .eml being complete.
    const json = path.join(dir, `${base}.json`);
    await writeFile(`${json}.partial`, JSON.stringify(entry, null, 2));
    await rename(`${json}.partial`, json);
  }

  return {
    transport: smtp ? 'smtp' : 'outbox',
    deliver,
    send(message) {
      const p = deliver(message)
        .catch((err: unknown) => log.error({ err, subject: message.subject }, 'mail delivery failed'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      smtp?.close();
    },
  };
}

/** The address of a `Name <address>` sender (or the sender itself). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
}

/** SMTP_URL with `pool=true` unless it says otherwise. */
function pooled(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}
