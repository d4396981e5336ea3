import { desc, eq, inArray, lt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { loginAttempts } from '../db/schema';
import { tooManyRequests } from '../lib/errors';

/**
 * Sign-in throttling: at most `maxFailures` failed sign-ins per account and `ipMaxFailures` per
 * client address within a sliding window. Failures are rows in the database, so every API process
 * counts the same ones. Unknown e-mails are counted like known ones: the answers never differ.
 */
export class LoginLimiter {
  constructor(
    private readonly db: Db,
    private readonly config: Config['login'],
  ) {}

  private get windowMs() {
    return this.config.windowMinutes * 60_000;
  }

  /** Throws 429 while either the account or the address is over its limit. */
  async assertAllowed(email: string, ip: string): Promise<void> {
    const now = Date.now();
    const waits = await Promise.all([this.waitFor(`account:${email}`, this.config.maxFailures, now), this.waitFor(`ip:${ip}`, this.config.ipMaxFailures, now)]);
    const waitMs = Math.max(...waits);
    if (waitMs > 0) {
      const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
      throw tooManyRequests(`Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`, waitMs / 1000);
    }
  }

  /**
   * Milliseconds until the key drops below its limit: the `max`-th most recent failure must leave
   * the window first. 0 when under the limit.
   */
  private async waitFor(key: string, max: number, now: number): Promise<number> {
    const rows = await this.db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(eq(loginAttempts.key, key))
      .orderBy(desc(loginAttempts.createdAt))
      .limit(max);
    if (rows.length < max) return 0;
    return Math.max(0, rows[max - 1].createdAt.getTime() + this.windowMs - now);
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const now = new Date();
    await this.db.insert(loginAttempts).values([
      { key: `account:${email}`, createdAt: now },
      { key: `ip:${ip}`, createdAt: now },
    ]);
    // Rows older than the window no longer count: drop them so the table stays small.
    await this.db.delete(loginAttempts).where(lt(loginAttempts.createdAt, new Date(now.getTime() - this.windowMs)));
  }

  /** A successful sign-in clears that account's failures, and nothing else (the address keeps its count). */
  async clearAccount(email: string): Promise<void> {
    await this.db.delete(loginAttempts).where(inArray(loginAttempts.key, [`account:${email}`]));
  }
}
