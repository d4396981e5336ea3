import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** One mail the API wrote to `<DATA_DIR>/outbox/*.json` (no SMTP_URL: the local outbox). */
export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

export class Outbox {
  public constructor(public readonly dataDir: string) {}

  public get dir(): string {
    return path.join(this.dataDir, 'outbox');
  }

  /** Every mail, oldest first (file names start with a sortable timestamp). */
  public async all(): Promise<OutboxMail[]> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => n.endsWith('.json')).sort();
    } catch {
      return [];
    }
    return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(this.dir, n), 'utf8')) as OutboxMail));
  }

  /** The newest mail to `address` created at or after `since`, or null. */
  public async latestTo(address: string, since = new Date(0)): Promise<OutboxMail | null> {
    const wanted = address.toLowerCase();
    const mails = await this.all();
    for (let i = mails.length - 1; i >= 0; i--) {
      const mail = mails[i];
      if (mail.to.some((t) => t.toLowerCase() === wanted) && new Date(mail.createdAt) >= since) return mail;
    }
    return null;
  }

  /** Polls until a mail to `address` newer than `since` is there. */
  public async waitFor(address: string, { since = new Date(0), timeoutMs = 10_000 } = {}): Promise<OutboxMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = await this.latestTo(address, since);
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${address} since ${since.toISOString()} in ${this.dir} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** The reset-password link of a mail. */
  public static resetLink(mail: OutboxMail): string {
    const link = mail.links.find((l) => l.includes('/reset-password?token='));
    if (!link) throw new Error(`no reset-password link in the mail "${mail.subject}": ${mail.links.join(', ')}`);
    return link;
  }
}
