import { lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { publicRateLimits } from '../db/schema';

/**
 * The shared rows of the public rate limits (rate-limiter.ts): one per limited key, the hits of its
 * current minute window, which every API process adds to.
 */
export function publicRateLimitsStore(db: DbOrTx) {
  return {
    /** Adds `hits` to the key's window starting at `windowStart` (a newer window starts afresh); answers the total. */
    async add(key: string, windowStart: Date, hits: number): Promise<number> {
      const [row] = await db
        .insert(publicRateLimits)
        .values({ key, windowStart, hits })
        .onConflictDoUpdate({
          target: publicRateLimits.key,
          set: {
            hits: sql`case when ${publicRateLimits.windowStart} = excluded.window_start then ${publicRateLimits.hits} + excluded.hits else excluded.hits end`,
            windowStart: sql`excluded.window_start`,
          },
        })
        .returning({ hits: publicRateLimits.hits });
      return row?.hits ?? 0;
    },

    /** Rows of windows started before `before`. */
    async prune(before: Date) {
      await db.delete(publicRateLimits).where(lt(publicRateLimits.windowStart, before));
    },
  };
}
