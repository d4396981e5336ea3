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

  /**
   * What take would answer, counting nothing (several limits are checked before any of them counts).
   * `limit` replaces the configured one for this check (a share that shrinks under pressure).
   */
  refusal(key: string, cost: number, now = Date.now(), limit = this.perMinute): number {
    const entry = this.entry(key, now);
    if (entry.known + entry.pending + cost > limit) return secondsLeft(entry.window, now);
    return 0;
  }

  /** Hits of `key` in the current window, as far as this process knows (its own, and every process's at the last flush). */
  used(key: string, now = Date.now()): number {
    const entry = this.entry(key, now);
    return entry.known + entry.pending;
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

/** Seconds until the minute window `window` ends (at least 1). */
const secondsLeft = (window: number, now: number) => Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000));

/**
 * Counts per key of the current minute window in this process only, for keys too many to share
 * through the database at every flush (one per visitor). With N API processes behind a balancer
 * that does not pin a visitor to one process, a visitor may spend up to N times their share; the
 * address and website budgets, which are shared, still hold.
 */
export class WindowCounter {
  private window = -1;
  private readonly counts = new Map<string, number>();

  constructor(readonly perMinute: number) {}

  private current(now: number) {
    const window = Math.floor(now / WINDOW_MS);
    // A new window forgets every key at once: no timer, no per-key expiry, memory bounded by one minute's keys.
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    return window;
  }

  used(key: string, now = Date.now()): number {
    this.current(now);
    return this.counts.get(key) ?? 0;
  }

  /** 0 when `cost` more fits under `limit` (the configured one unless given), else the seconds until the window ends. */
  refusal(key: string, cost: number, now = Date.now(), limit = this.perMinute): number {
    const window = this.current(now);
    return (this.counts.get(key) ?? 0) + cost > limit ? secondsLeft(window, now) : 0;
  }

  take(key: string, cost: number, now = Date.now()) {
    this.current(now);
    this.counts.set(key, (this.counts.get(key) ?? 0) + cost);
  }
}

/**
 * The share of a budget one address or visitor may use while its website's budget is under
 * pressure. Up to half of the website budget everyone has their full share; from there to the whole
 * budget the share falls linearly to `floor` of it. So the heaviest consumers are cut first (their
 * count passes the falling share before anyone else's), and a handful of addresses settle well
 * under the website budget (five addresses at the default shares stop near two thirds of it),
 * leaving the rest to everyone else: a new address or visitor starts at 0 and is served.
 */
export function shareUnderPressure(share: number, websiteUsed: number, websiteBudget: number, floor = PRESSURE_FLOOR): number {
  const half = websiteBudget / 2;
  const pressure = Math.min(1, Math.max(0, (websiteUsed - half) / half));
  return Math.max(1, Math.round(share - share * (1 - floor) * pressure));
}
/** What is left of a share when its website's budget is spent: 1/20. */
export const PRESSURE_FLOOR = 1 / 20;
/**
 * How far past the website budget a visitor holding a visitor token may still be served (a quarter
 * of it): the website knows them, so an anonymous flood that spent the budget does not turn them away.
 */
export const KNOWN_VISITOR_RESERVE = 1 / 4;

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
/**
 * PUBLIC_VISITOR_CONTENT_PER_MINUTE, default 600: content, identify and progress calls per visitor
 * (named by a valid visitor token) a minute, counted in each process.
 */
export const visitorContentPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_VISITOR_CONTENT_PER_MINUTE, 600);
/** PUBLIC_VISITOR_EVENTS_PER_MINUTE, default 3000: events per visitor a minute, counted in each process. */
export const visitorEventsPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_VISITOR_EVENTS_PER_MINUTE, 3000);
/**
 * PUBLIC_NEW_VISITORS_PER_MINUTE, default 300: content calls per website key and client address a
 * minute that answer a visitor token for a visitor the website has never seen (no token of theirs
 * sent, nothing of theirs stored), so visitor tokens, and the per-visitor shares they carry, are not free.
 */
export const newVisitorsPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_NEW_VISITORS_PER_MINUTE, 300);
/** PUBLIC_VISITOR_MESSAGES_PER_MINUTE, default 10: comments and form answers per visitor a minute. */
export const visitorMessagesPerMinute = (env: NodeJS.ProcessEnv = process.env) => positive(env.PUBLIC_VISITOR_MESSAGES_PER_MINUTE, 10);
