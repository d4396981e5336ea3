import { and, eq, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';

/*
 * The durable job queue shared by the e-mail, web-push and webhook senders: one table per kind of
 * job, each with the same queue columns (status, attempts, run_at, locked_until, last_error,
 * sent_at). A job is claimed with `SELECT … FOR UPDATE SKIP LOCKED` and a lease (`locked_until`):
 * that needs nothing but PostgreSQL itself, so it runs the same on PGlite (one embedded connection:
 * SKIP LOCKED simply never has to skip) and on a PostgreSQL server shared by several API processes
 * (each claims rows the others have not locked; a process killed mid-job leaves the job to whoever
 * claims it once its lease ends). pg-boss and graphile-worker need a server (LISTEN/NOTIFY, their own
 * schema and connection pools), which PGlite is not.
 */

/** A table that is a queue: its id and the queue columns (`queueJobColumns` in db/schema.ts). */
export type QueueTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  attempts: PgColumn;
  runAt: PgColumn;
  lockedUntil: PgColumn;
  lastError: PgColumn;
  sentAt: PgColumn;
};

/** How a claimed job ends: delivered, tried again at `retryAt`, or given up. */
export type Settlement = { sentAt: Date } | { retryAt: Date; error: string } | { failed: string };

/** When a temporary failure is tried again, and how often: 1×, 2×, 4×… `baseMs`, at most `maxAttempts` tries. */
export interface RetryPolicy {
  baseMs: number;
  maxAttempts: number;
}

/** The wait before the next try of a job tried `attempts` times (doubling from `baseMs`). */
export const backoffMs = (policy: Pick<RetryPolicy, 'baseMs'>, attempts: number) => policy.baseMs * 2 ** Math.max(0, attempts - 1);

/**
 * Settlement of a temporary failure: tried again after the backoff while tries are left, else given
 * up with the error.
 */
export function retryOrFail(policy: RetryPolicy, attempts: number, error: string, now: number): Settlement {
  return attempts < policy.maxAttempts ? { retryAt: new Date(now + backoffMs(policy, attempts)), error } : { failed: error };
}

const ERROR_MAX = 500;

/** The queue operations of one queue table, bound to a connection or transaction. */
export function jobQueue<T extends QueueTable>(table: T) {
  // The columns, typed loosely once: drizzle's builders are generic over one concrete table.
  const c = table as unknown as Record<'id' | 'status' | 'attempts' | 'runAt' | 'lockedUntil' | 'lastError' | 'sentAt', PgColumn>;
  const queued = eq(c.status, 'queued');
  const due = (now: Date) => and(queued, lte(c.runAt, now), or(isNull(c.lockedUntil), lte(c.lockedUntil, now)));

  return (db: DbOrTx) => ({
    /**
     * Up to `batch` due jobs (queued, run time reached, not leased), oldest first, locked for the
     * transaction and skipped by every other claimer. `pick` chooses the columns read (the id at least).
     * Run inside a transaction, followed by `lease`.
     */
    async due<P extends Record<string, PgColumn>>(now: Date, batch: number, pick: P, where?: SQL): Promise<{ [K in keyof P]: P[K]['_']['data'] }[]> {
      const rows = await db
        .select(pick as Record<string, PgColumn>)
        .from(table as PgTable)
        .where(and(due(now), where))
        .orderBy(c.runAt)
        .limit(batch)
        .for('update', { skipLocked: true });
      return rows as { [K in keyof P]: P[K]['_']['data'] }[];
    },

    /** Leases the still-queued jobs of `ids` until `leaseUntil`, counting a try; answers those leased. */
    async lease(ids: string[], leaseUntil: Date): Promise<{ id: string; attempts: number }[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(table as PgTable)
        .set({ lockedUntil: leaseUntil, attempts: sql`${c.attempts} + 1` } as never)
        .where(and(inArray(c.id, ids), queued))
        .returning({ id: c.id, attempts: c.attempts });
      return rows as { id: string; attempts: number }[];
    },

    /** `due` then `lease`: the jobs this caller now holds. Run inside a transaction. */
    async claim(now: Date, leaseUntil: Date, batch: number, where?: SQL): Promise<{ id: string; attempts: number }[]> {
      const rows = await this.due(now, batch, { id: c.id }, where);
      return this.lease(
        rows.map((r) => r.id as string),
        leaseUntil,
      );
    },

    /** Marks queued jobs skipped (they will not be sent) with a reason. */
    async skip(ids: string[], reason: string, where?: SQL): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(table as PgTable)
        .set({ status: 'skipped', lastError: reason } as never)
        .where(and(inArray(c.id, ids), queued, where));
    },

    /**
     * Settles a claimed job, once: a job no longer queued (settled by another process whose lease it
     * outlived) is left as it is. Answers whether this call settled it.
     */
    async settle(id: string, outcome: Settlement): Promise<boolean> {
      const set =
        'sentAt' in outcome
          ? { status: 'sent', sentAt: outcome.sentAt, lockedUntil: null, lastError: null }
          : 'retryAt' in outcome
            ? { runAt: outcome.retryAt, lockedUntil: null, lastError: outcome.error.slice(0, ERROR_MAX) }
            : { status: 'failed', lockedUntil: null, lastError: outcome.failed.slice(0, ERROR_MAX) };
      const rows = await db
        .update(table as PgTable)
        .set(set as never)
        .where(and(eq(c.id, id), queued))
        .returning({ id: c.id });
      return rows.length > 0;
    },
  });
}
