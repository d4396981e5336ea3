import type { Db } from '../db/client';
import { runAs } from '../lib/traffic-class';
import { publicRateLimitsStore } from '../stores/public-rate-limits';

const WINDOW_MS = 60_000;

/**
 * Rate limit of the website script's public calls, per call, website key and client address, that
 * holds across API processes: the hits of each key in the current minute window are a row of
 * `public_rate_limits`, which every process adds to.
 *
 * The hottest calls of the API must not pay a database round trip to be counted, so each process
 * counts locally and adds what it counted to the shared row with one UPSERT per key and flush (every
 * `flushMs`, 1 s), which answers the total of every process. A call is refused when the last known
 * total plus what this process counted since passes the limit. So one process enforces the limit
 * exactly, and N processes together overshoot it by at most what they take in one flush interval.
 */
export class PublicRateLimiter {
  private readonly keys = new Map<string, { window: number; known: number; pending: number }>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly rows: ReturnType<typeof publicRateLimitsStore>;

  constructor(
    db: Db,
    readonly perMinute: number,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly flushMs = 1000,
  ) {
    this.rows = publicRateLimitsStore(db);
  }

  /** Counts `cost` hits for `key`; answers 0 when allowed, else the seconds until the window ends. */
  take(key: string, cost: number, now = Date.now()): number {
    const wait = this.refusal(key, cost, now);
    if (wait > 0) return wait;
    this.entry(key, now).pending += cost;
    this.schedule();
    return 0;
  }

  /** What take would answer, counting nothing (several limits are checked before any of them counts). */
  refusal(key: string, cost: number, now = Date.now()): number {
    const entry = this.entry(key, now);
    if (entry.known + entry.pending + cost > this.perMinute) return Math.max(1, Math.ceil(((entry.window + 1) * WINDOW_MS - now) / 1000));
    return 0;
  }

  private entry(key: string, now: number) {
    const window = Math.floor(now / WINDOW_MS);
    let entry = this.keys.get(key);
    if (!entry || entry.window !== window) {
      entry = { window, known: 0, pending: 0 };
      this.keys.set(key, entry);
    }
    return entry;
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.flushMs);
    this.timer.unref();
  }

  /** Adds every key's local count to the shared rows and learns the totals (one UPSERT per key). */
  flush(): Promise<void> {
    // Background work, whichever call's count started the timer: no visitor waits for it, and a busy
    // database must not refuse it as it refuses the public.
    this.flushing = this.flushing.then(() => runAs('background', () => this.flushNow())).catch(this.onError);
    return this.flushing;
  }

  private async flushNow() {
    const current = Math.floor(Date.now() / WINDOW_MS);
    for (const [key, entry] of this.keys) {
      if (entry.window < current && entry.pending === 0) {
        this.keys.delete(key);
        continue;
      }
      if (entry.pending === 0) continue;
      const sent = entry.pending;
      const total = await this.rows.add(key, new Date(entry.window * WINDOW_MS), sent);
      entry.pending -= sent;
      entry.known = Math.max(entry.known + sent, total);
    }
  }

  /** Rows of windows long past (run hourly; idempotent in every process). */
  async prune() {
    await this.rows.prune(new Date(Date.now() - 2 * WINDOW_MS));
  }

  async close() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** PUBLIC_EVENTS_PER_MINUTE, default 6000: events (not calls) per website key and client address a minute. */
export const eventsPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_EVENTS_PER_MINUTE, 6000);
/** PUBLIC_CONTENT_PER_MINUTE, default 6000: content and identify calls per website key and client address a minute. */
export const contentPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_CONTENT_PER_MINUTE, 6000);
/**
 * PUBLIC_WEBSITE_EVENTS_PER_MINUTE, default 30000: events per website a minute, whatever the addresses
 * (a second address must not double what one sender may push into a website's statistics).
 */
export const websiteEventsPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_WEBSITE_EVENTS_PER_MINUTE, 30_000);
/** PUBLIC_WEBSITE_CONTENT_PER_MINUTE, default 30000: content and identify calls per website a minute, whatever the addresses. */
export const websiteContentPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_WEBSITE_CONTENT_PER_MINUTE, 30_000);
/** PUBLIC_VISITOR_MESSAGES_PER_MINUTE, default 10: comments and form answers per visitor a minute. */
export const visitorMessagesPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_VISITOR_MESSAGES_PER_MINUTE, 10);
