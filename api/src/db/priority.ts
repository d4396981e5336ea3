import { serviceUnavailable } from '../lib/errors';
import { trafficClass, type TrafficClass } from '../lib/traffic-class';

export { trafficClass, type TrafficClass };

/** How long the public may queue for the database before it is refused (503) instead. */
export interface PublicBounds {
  /**
   * Public requests served at once; the others wait their turn (plugins/traffic.ts). The process
   * has one thread: a hundred requests served at once would each get a hundredth of it, the
   * console's too, whatever the database's queue does.
   */
  concurrency: number;
  /** Public requests (or their database calls) waiting at once: past it, new public requests are refused. */
  queueMax: number;
  /** The longest a public request may wait for its turn, or for the database (ms): past it, it is refused. */
  waitMaxMs: number;
}

export const DEFAULT_PUBLIC_BOUNDS: PublicBounds = { concurrency: 16, queueMax: 64, waitMaxMs: 1000 };

/** How long calls run one after the other before the process reads requests and timers again (ms). */
const SLICE_MS = 5;

/** When background work and the public both wait, background gets one turn in this many. */
const BACKGROUND_SHARE = 4;

/**
 * The 503 of a public request refused for the database's load. Retry-After is spread over a few
 * seconds so that the pages refused together do not all come back in the same second.
 */
export function databaseBusy(bounds: PublicBounds) {
  const base = Math.max(1, Math.ceil(bounds.waitMaxMs / 1000));
  return serviceUnavailable('generic.busy', base + Math.floor(Math.random() * 3));
}

interface Entry {
  work: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
  since: number;
}

/**
 * The queue in front of a database that runs one call at a time (PGlite: one connection, one
 * engine). Each entry is one call, or one whole transaction, which holds the connection until it
 * ends. The next entry is the oldest of the console's; else, of the public and background work, the
 * public's, background taking every BACKGROUND_SHARE-th turn while both wait. A public entry that
 * waited past `waitMaxMs` is refused when its turn comes, without running.
 */
export class PriorityQueue {
  private busy = false;
  private readonly queues: Record<TrafficClass, Entry[]> = { staff: [], public: [], background: [] };
  private publicTurnsWhileBackgroundWaits = 0;
  private sliceStart = 0;

  constructor(public bounds: PublicBounds = DEFAULT_PUBLIC_BOUNDS) {}

  /** Runs `work` when its class's turn comes (the caller's class: see trafficClass()). */
  run<T>(work: () => Promise<T>, cls: TrafficClass = trafficClass()): Promise<T> {
    if (!this.busy) {
      this.busy = true;
      this.sliceStart = performance.now();
      return this.execute(work);
    }
    return new Promise<T>((resolve, reject) => {
      this.queues[cls].push({ work, resolve: resolve as (value: unknown) => void, reject, since: performance.now() });
    });
  }

  /**
   * Whether a new public request should be refused now, before it touches the database: too many
   * public calls waiting, or the oldest of them waiting too long already.
   */
  publicOverloaded(): boolean {
    const queue = this.queues.public;
    if (queue.length === 0) return false;
    return queue.length >= this.bounds.queueMax || performance.now() - queue[0].since > this.bounds.waitMaxMs;
  }

  /** How many calls of each class wait. */
  waiting(): Record<TrafficClass, number> {
    return { staff: this.queues.staff.length, public: this.queues.public.length, background: this.queues.background.length };
  }

  private async execute<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } finally {
      if (this.queues.staff.length + this.queues.public.length + this.queues.background.length === 0) this.busy = false;
      else if (performance.now() - this.sliceStart < SLICE_MS) this.next();
      else {
        // The engine answers within promise callbacks: going from one call to the next in them would
        // run the whole backlog before the process reads another request or fires a timer, so a
        // console call arriving meanwhile would not even be seen. After a slice of calls, the next
        // one waits for the event loop's turn (and is chosen then, among whatever arrived).
        setImmediate(() => {
          this.sliceStart = performance.now();
          this.next();
        });
      }
    }
  }

  private next(): void {
    for (;;) {
      const entry = this.take();
      if (!entry) {
        this.busy = false;
        return;
      }
      if (entry.cls === 'public' && performance.now() - entry.entry.since > this.bounds.waitMaxMs) {
        entry.entry.reject(databaseBusy(this.bounds));
        continue;
      }
      const { work, resolve, reject } = entry.entry;
      this.execute(work).then(resolve, reject);
      return;
    }
  }

  private take(): { cls: TrafficClass; entry: Entry } | null {
    const { staff, public: visitors, background } = this.queues;
    if (staff.length) return { cls: 'staff', entry: staff.shift()! };
    if (background.length && (!visitors.length || this.publicTurnsWhileBackgroundWaits >= BACKGROUND_SHARE - 1)) {
      this.publicTurnsWhileBackgroundWaits = 0;
      return { cls: 'background', entry: background.shift()! };
    }
    if (visitors.length) {
      if (background.length) this.publicTurnsWhileBackgroundWaits++;
      return { cls: 'public', entry: visitors.shift()! };
    }
    return null;
  }
}

/** What the API reads of a database's traffic control (both drivers). */
export interface TrafficControl {
  readonly bounds: PublicBounds;
  setBounds(bounds: PublicBounds): void;
  /** Whether a new public request should be refused now (503), before it touches the database. */
  publicOverloaded(): boolean;
  /** Calls of each class waiting for the database (PGlite: its queue; PostgreSQL: for a connection of their pool). */
  waiting(): Record<TrafficClass, number>;
}
