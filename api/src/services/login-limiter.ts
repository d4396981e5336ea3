import { eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { throttles } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

/**
 * Throttling of guessable secrets (passwords, reset and invitation links), without lock-out.
 *
 * Every attempt is counted BEFORE the secret is checked, by one atomic UPSERT per key, so parallel
 * guesses each count (a check-then-record limiter lets a burst through). Past a number of free
 * attempts, each attempt makes the next one wait, progressively longer (doubling, capped); while
 * a key waits, attempts are refused with 429 and Retry-After and not counted. A success clears the
 * account-and-address key. Counts reset after a quiet window.
 *
 * Sign-in counts three keys: the account from this address (the one that slows an attacker down
 * to a crawl), the account from anywhere (only slows, with a short cap: an attacker elsewhere can
 * never lock the owner out of their own account), and the address over every account (spraying).
 * Rows live in the database, so every API process counts the same attempts.
 */
export interface ThrottleRule {
  /** Attempts within the window before delays start. */
  free: number;
  /** First delay, doubled at each further attempt. */
  baseSeconds: number;
  capSeconds: number;
}

export class LoginLimiter {
  readonly rules: { accountAddress: ThrottleRule; account: ThrottleRule; address: ThrottleRule; link: ThrottleRule };

  constructor(
    private readonly db: Db,
    private readonly config: Config['login'],
  ) {
    this.rules = {
      accountAddress: { free: config.maxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
      account: { free: config.maxFailures * 4, baseSeconds: 1, capSeconds: 30 },
      address: { free: config.ipMaxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
      link: { free: config.ipMaxFailures, baseSeconds: 30, capSeconds: 15 * 60 },
    };
  }

  /** Counts a sign-in attempt; throws 429 while any of its keys must wait. */
  async beginSignIn(email: string, ip: string): Promise<void> {
    await this.take([
      [`login:${email}|${ip}`, this.rules.accountAddress],
      [`login:${email}`, this.rules.account],
      [`login-ip:${ip}`, this.rules.address],
    ]);
  }

  /**
   * A right password: this account from this address starts afresh, and the attempt counted on
   * the account (from anywhere) and on the address is given back, so that signing in, however
   * often, never adds up to a delay.
   */
  async signedIn(email: string, ip: string): Promise<void> {
    await this.db.delete(throttles).where(eq(throttles.key, `login:${email}|${ip}`));
    await this.db
      .update(throttles)
      .set({ attempts: sql`greatest(${throttles.attempts} - 1, 0)` })
      .where(inArray(throttles.key, [`login:${email}`, `login-ip:${ip}`]));
  }

  /** Proving control of the mailbox (a reset link) lifts every sign-in delay on the account. */
  async clearAccount(email: string): Promise<void> {
    await this.db.delete(throttles).where(sql`${throttles.key} = ${`login:${email}`} or ${throttles.key} like ${`login:${email}|%`}`);
  }

  /** Counts an attempt at a reset or invitation link from this address; throws 429 while it must wait. */
  async beginLinkAttempt(kind: 'reset' | 'invitation', ip: string): Promise<void> {
    await this.take([[`${kind}-link:${ip}`, this.rules.link]]);
  }

  private async take(keys: [string, ThrottleRule][]): Promise<void> {
    let waitSeconds = 0;
    for (const [key, rule] of keys) waitSeconds = Math.max(waitSeconds, await this.count(key, rule));
    if (waitSeconds > 0) {
      const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
      throw tooManyRequests({ code: 'auth.tooManyAttempts', params: { count: minutes } }, waitSeconds);
    }
  }

  /**
   * One statement: insert or count the attempt, and set how long the next one must wait. The
   * conditional DO UPDATE does nothing while the key waits, and then no row comes back: seconds to
   * wait are read instead. 0 when the attempt may go on.
   */
  private async count(key: string, rule: ThrottleRule): Promise<number> {
    const window = `${this.config.windowMinutes} minutes`;
    const next = sql`case when ${throttles.updatedAt} < now() - ${window}::interval then 1 else ${throttles.attempts} + 1 end`;
    const delay = (attempts: ReturnType<typeof sql>) =>
      sql`case when ${attempts} >= ${rule.free} then now() + make_interval(secs => least(${rule.capSeconds}, ${rule.baseSeconds} * power(2, ${attempts} - ${rule.free}))) else null end`;
    const counted = await this.db
      .insert(throttles)
      .values({ key, attempts: 1, waitUntil: rule.free <= 1 ? sql`now() + make_interval(secs => ${rule.baseSeconds})` : null, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: throttles.key,
        set: { attempts: next, waitUntil: delay(next), updatedAt: sql`now()` },
        setWhere: sql`${throttles.waitUntil} is null or ${throttles.waitUntil} <= now()`,
      })
      .returning({ attempts: throttles.attempts });
    if (counted.length > 0) return 0;
    const [row] = await this.db
      .select({ seconds: sql<number>`greatest(1, ceil(extract(epoch from ${throttles.waitUntil} - now())))::int` })
      .from(throttles)
      .where(eq(throttles.key, key));
    return row?.seconds ?? 1;
  }

  /** Drops keys quiet for longer than the window and not waiting (run on the app's schedule). */
  async prune(): Promise<void> {
    await this.db
      .delete(throttles)
      .where(
        sql`${throttles.updatedAt} < now() - ${`${this.config.windowMinutes} minutes`}::interval and (${throttles.waitUntil} is null or ${throttles.waitUntil} < now())`,
      );
  }
}
