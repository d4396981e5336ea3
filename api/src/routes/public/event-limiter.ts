/**
 * Rate limit of the public ingestion call, per website key and client address: a token bucket
 * holding `perMinute` events that refills at `perMinute / 60` a second. A page sends a handful of
 * events a minute, so the default (6000 a minute, PUBLIC_EVENTS_PER_MINUTE) only stops a runaway
 * script or a flood, while many visitors behind one address (an office, a carrier NAT) still pass.
 *
 * Why in memory, unlike the sign-in limiter (rows in the database): this call is the hottest of the
 * API and a write per batch just to count would double its cost. The price is that each API process
 * counts on its own, so N processes allow N times the limit: acceptable for flood protection, and a
 * proxy in front can enforce a global limit if ever needed.
 */
export class EventLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(readonly perMinute: number) {}

  /** Takes `cost` events; answers 0 when allowed, else the seconds to wait before retrying. */
  take(key: string, cost: number, now = Date.now()): number {
    const ratePerMs = this.perMinute / 60_000;
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * ratePerMs);
    bucket.at = now;
    if (bucket.tokens < cost) {
      this.buckets.set(key, bucket);
      return Math.max(1, Math.ceil((cost - bucket.tokens) / ratePerMs / 1000));
    }
    bucket.tokens -= cost;
    this.buckets.set(key, bucket);
    if (this.buckets.size > 50_000) this.prune(now);
    return 0;
  }

  /** Forgets buckets that have refilled completely: they behave exactly like a new one. */
  private prune(now: number) {
    const ratePerMs = this.perMinute / 60_000;
    for (const [key, b] of this.buckets) {
      if (b.tokens + (now - b.at) * ratePerMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}

/** PUBLIC_EVENTS_PER_MINUTE, default 6000 (read here rather than in config.ts: only this call uses it). */
export function eventsPerMinute(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PUBLIC_EVENTS_PER_MINUTE);
  return Number.isInteger(n) && n > 0 ? n : 6000;
}
