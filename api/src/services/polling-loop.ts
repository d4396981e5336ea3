import { runAs } from '../lib/traffic-class';

/**
 * The loop of a durable queue's worker (the e-mail and push senders): a pass every `pollMs`, passes
 * never overlapping in one process, stopped cleanly, and drained in tests. A pass answers whether it
 * did anything (then `drain` runs another at once).
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private lastPassWorked = false;

  constructor(
    private readonly pollMs: number,
    private readonly pass: () => Promise<boolean>,
    private readonly onError: (err: unknown) => void,
  ) {}

  start(): void {
    this.stopped = false;
    const loop = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.tick().finally(loop), this.pollMs);
      this.timer.unref();
    };
    loop();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }

  /** One pass, after the previous one in this process. */
  tick(): Promise<void> {
    const pass = (this.running ?? Promise.resolve())
      .then(async () => {
        // Background work for the database's queue, even when a request asked for the pass.
        this.lastPassWorked = await runAs('background', () => this.pass());
      })
      .catch((err: unknown) => {
        this.lastPassWorked = false;
        this.onError(err);
      });
    this.running = pass;
    return pass;
  }

  /** Passes until one finds nothing to do (tests, and the bench). */
  async drain(timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    do await this.tick();
    while (this.lastPassWorked && Date.now() < deadline);
  }
}
