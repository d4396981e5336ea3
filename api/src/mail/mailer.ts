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
}

export interface Mailer {
  /**
   * Queues a mail and returns at once: callers answer the HTTP request without waiting for SMTP,
   * so response time never reveals whether an address has an account (forgot-password).
   */
  send(message: MailMessage): void;
  /** Waits for every queued mail (called on shutdown and by tests). */
  flush(): Promise<void>;
  close(): Promise<void>;
  readonly transport: 'smtp' | 'outbox';
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }, log: Pick<FastifyBaseLogger, 'error' | 'info'>): Mailer {
  const pending = new Set<Promise<void>>();

  const smtp = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  // Without SMTP: build the full RFC 822 message in memory, then write it to the outbox.
  const stream = smtp ? null : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(options.dataDir);

  async function deliver(message: MailMessage): Promise<void> {
    const mail = { from: options.from, ...message };
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
