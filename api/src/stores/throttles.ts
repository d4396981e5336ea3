import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { throttles } from '../db/schema';

/** How a throttled key counts: free attempts within the window, then a delay doubling from `baseSeconds` up to `capSeconds`. */
export interface ThrottleRule {
  /** Attempts within the window before delays start. */
  free: number;
  /** First delay, doubled at each further attempt. */
  baseSeconds: number;
  capSeconds: number;
}

/**
 * The SQL of the sign-in throttles (services/login-limiter.ts holds the rules): one row per key,
 * counted by atomic UPSERTs so parallel attempts each count. `windowMinutes` is the quiet time after
 * which a key's count starts again.
 */
export function throttlesStore(db: DbOrTx, windowMinutes: number) {
  const window = `${windowMinutes} minutes`;
  const nextAttempts = sql`case when ${throttles.updatedAt} < now() - ${window}::interval then 1 else ${throttles.attempts} + 1 end`;
  return {
    /** Adds one to a tally that never makes anyone wait (restarted after the window). */
    async tally(key: string): Promise<void> {
      await db
        .insert(throttles)
        .values({ key, attempts: 1, waitUntil: null, updatedAt: sql`now()` })
        .onConflictDoUpdate({ target: throttles.key, set: { attempts: nextAttempts, updatedAt: sql`now()` } });
    },

    /** Attempts counted on `key` within the window (0 when quiet longer). */
    async recentAttempts(key: string): Promise<number> {
      const [row] = await db
        .select({ attempts: throttles.attempts })
        .from(throttles)
        .where(sql`${throttles.key} = ${key} and ${throttles.updatedAt} >= now() - ${window}::interval`);
      return row?.attempts ?? 0;
    },

    async remove(key: string): Promise<void> {
      await db.delete(throttles).where(eq(throttles.key, key));
    },

    /** Gives one attempt back on `key` (never below 0). */
    async giveBack(key: string): Promise<void> {
      await db
        .update(throttles)
        .set({ attempts: sql`greatest(${throttles.attempts} - 1, 0)` })
        .where(eq(throttles.key, key));
    },

    /** Removes `key` and every key that starts with `prefix`. */
    async removeKeyAndPrefixed(key: string, prefix: string): Promise<void> {
      await db.delete(throttles).where(sql`${throttles.key} = ${key} or ${throttles.key} like ${`${prefix}%`}`);
    },

    /** Seconds until every one of these keys lets attempts through again (0: none waits). */
    async waiting(keys: string[]): Promise<number> {
      const [row] = await db
        .select({ seconds: sql<number | null>`max(greatest(1, ceil(extract(epoch from ${throttles.waitUntil} - now()))))::int` })
        .from(throttles)
        .where(sql`${inArray(throttles.key, keys)} and ${throttles.waitUntil} > now()`);
      return row?.seconds ?? 0;
    },

    /**
     * One statement: insert or count the attempt, and set how long the next one must wait. The
     * conditional DO UPDATE does nothing while the key waits, and then no row comes back: seconds to
     * wait are read instead. 0 when the attempt may go on.
     */
    async count(key: string, rule: ThrottleRule): Promise<number> {
      const delay = (attempts: ReturnType<typeof sql>) =>
        sql`case when ${attempts} >= ${rule.free} then now() + make_interval(secs => least(${rule.capSeconds}, ${rule.baseSeconds} * power(2, ${attempts} - ${rule.free}))) else null end`;
      const counted = await db
        .insert(throttles)
        .values({ key, attempts: 1, waitUntil: rule.free <= 1 ? sql`now() + make_interval(secs => ${rule.baseSeconds})` : null, updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: throttles.key,
          set: { attempts: nextAttempts, waitUntil: delay(nextAttempts), updatedAt: sql`now()` },
          setWhere: sql`${throttles.waitUntil} is null or ${throttles.waitUntil} <= now()`,
        })
        .returning({ attempts: throttles.attempts });
      if (counted.length > 0) return 0;
      const [row] = await db
        .select({ seconds: sql<number>`greatest(1, ceil(extract(epoch from ${throttles.waitUntil} - now())))::int` })
        .from(throttles)
        .where(eq(throttles.key, key));
      return row?.seconds ?? 1;
    },

    /** Drops keys quiet for longer than the window and not waiting. */
    async prune(): Promise<void> {
      await db
        .delete(throttles)
        .where(sql`${throttles.updatedAt} < now() - ${window}::interval and (${throttles.waitUntil} is null or ${throttles.waitUntil} < now())`);
    },
  };
}
