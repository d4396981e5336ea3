import type { Database } from '../db/client';
import { liveEventById, type LiveEventRow } from '../stores/messenger';

/** The channel migration 0020's trigger notifies with each new live event's id. */
export const LIVE_CHANNEL = 'signpost_live';

export interface LiveSubscriber {
  /** An event of its stream (already stored: its id is the SSE event id). */
  send(event: LiveEventRow): void;
  /** The hub lost the database's notices: the stream ends, and its client reconnects with its last event id. */
  end(): void;
}

const streamKey = (websiteId: string, visitorId: string | null) => `${websiteId}|${visitorId ?? ''}`;

/**
 * The live streams held by this API process (a visitor's open window, a console tab), fed by the
 * database: every new row of live_events is notified on LIVE_CHANNEL by a trigger, whichever process
 * wrote it, and each process passes it to the streams it holds for that website and visitor (the
 * staff's stream has no visitor). A stream that missed something (its connection dropped) asks for it
 * again with the id of the last event it got.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveSubscriber>>();
  private stopListening: (() => Promise<void>) | null = null;
  /** Deliveries one after the other, so each stream gets its events in the order they were notified. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
  ) {}

  async start() {
    this.stopListening = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => {
        this.queue = this.queue.then(() => this.deliver(Number(payload)));
      },
      () => this.endAll(),
    );
  }

  async stop() {
    this.endAll();
    const stop = this.stopListening;
    this.stopListening = null;
    if (stop) await stop().catch(() => {});
  }

  /** Holds a stream; the returned function lets it go. */
  subscribe(websiteId: string, visitorId: string | null, subscriber: LiveSubscriber): () => void {
    const key = streamKey(websiteId, visitorId);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(subscriber);
    return () => {
      set.delete(subscriber);
      if (set.size === 0 && this.streams.get(key) === set) this.streams.delete(key);
    };
  }

  /** How many streams this process holds (tests, health). */
  get size(): number {
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  private async deliver(id: number) {
    if (!Number.isSafeInteger(id) || this.streams.size === 0) return;
    try {
      const event = await liveEventById(this.database.db, id);
      if (!event) return;
      for (const subscriber of this.streams.get(streamKey(event.websiteId, event.visitorId)) ?? []) subscriber.send(event);
    } catch (err) {
      this.log.warn({ err, id }, 'live event: reading it failed');
    }
  }

  /** Ends every stream this process holds (on shutdown, before the server waits for its connections). */
  endAll() {
    for (const set of this.streams.values()) for (const subscriber of set) subscriber.end();
    this.streams.clear();
  }
}
