import type { FastifyBaseLogger } from 'fastify';
import { runAs } from './traffic-class';

/**
 * Work a route starts after answering (so the answer does not depend on it, e.g. its timing), kept
 * track of so that closing the app, and tests, can wait for it. A failure is logged, never thrown.
 */
export class BackgroundTasks {
  private readonly running = new Set<Promise<void>>();
  /** How many tasks were started, ever (lets tests see that a route deferred its work). */
  started = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  run(what: string, task: () => Promise<void>): void {
    this.started++;
    // Nobody waits for it: it queues for the database as background work, whoever started it.
    const job = runAs('background', task)
      .catch((err: unknown) => this.log.error({ err }, `${what} failed`))
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  /** Resolves once every task started so far has ended. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}
