import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { retentionStore } from '../stores/people';
import { PollingLoop } from './polling-loop';

/** How often the retention job looks for expired events: retention is counted in days, so hourly is early enough. */
const RETENTION_POLL_MS = 3_600_000;

/**
 * Deletes anonymous visitors' events past their website's retention, a batch per pass, on the
 * processes that run the queues. Several processes may run it at once: a delete of rows another
 * process already deleted simply finds fewer.
 */
export class RetentionJob {
  private readonly loop: PollingLoop;

  constructor(
    db: Db,
    /** The product's clock (context.ts' Clock; not imported, which would make an import cycle). */
    clock: { now(): number },
    log: FastifyBaseLogger,
    pollMs = RETENTION_POLL_MS,
  ) {
    this.loop = new PollingLoop(
      pollMs,
      async () => (await retentionStore(db).expireAnonymousEvents(new Date(clock.now()))) > 0,
      (err) => log.error({ err }, 'retention pass failed'),
    );
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Passes until nothing is left to expire (tests). */
  drain(): Promise<void> {
    return this.loop.drain();
  }
}
