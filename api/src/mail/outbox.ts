import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The local outbox: with no SMTP_URL, every mail is written to `<DATA_DIR>/outbox/` as
 * `<timestamp>-<id>.eml` (the raw RFC 822 message, openable in any mail client) plus a sibling
 * `<timestamp>-<id>.json` that tests and developers can read without parsing MIME.
 */
export interface OutboxEntry {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) URL found in the text part, in order (reset links, invitation links). */
  links: string[];
  createdAt: string;
  /** Path of the raw .eml file. */
  eml: string;
}

export function outboxDir(dataDir: string): string {
  return path.join(dataDir, 'outbox');
}

export async function listOutbox(dataDir: string): Promise<OutboxEntry[]> {
  const dir = outboxDir(dataDir);
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  names.sort(); // names start with a sortable timestamp: oldest first
  return Promise.all(names.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxEntry));
}

/** The newest mail sent to this address, or null. */
export async function readLatestMail(dataDir: string, address: string): Promise<OutboxEntry | null> {
  const wanted = address.toLowerCase();
  const all = await listOutbox(dataDir);
  for (let i = all.length - 1; i >= 0; i--) {
    if (all[i].to.some((t) => t.toLowerCase() === wanted)) return all[i];
  }
  return null;
}

/** Waits (polling) for a mail to this address newer than `since`, for tests that trigger mails. */
export async function waitForMail(
  dataDir: string,
  address: string,
  { since = new Date(0), timeoutMs = 5000 }: { since?: Date; timeoutMs?: number } = {},
): Promise<OutboxEntry> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = await readLatestMail(dataDir, address);
    if (mail && new Date(mail.createdAt) >= since) return mail;
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export function extractLinks(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s<>"')]+/g)].map((m) => m[0]);
}
