import { LIVE_STREAMS_FULL_MESSAGE, LIVE_TOO_MANY_STREAMS_MESSAGE } from 'contracts';
import type { Database } from '../db/client';
import { HttpError, tooManyRequests } from '../lib/errors';
import { liveEventById, type LiveEventRow } from '../stores/messenger';
import { sessionsStore } from '../stores/sessions';

/** The channel migration 0020's trigger notifies with each new live event's id. */
export const LIVE_CHANNEL = 'signpost_live';

/** What a refused stream is told to wait before trying again: streams free their slots in minutes, not seconds. */
export const STREAM_RETRY_AFTER_SECONDS = 30;

export interface LiveSubscriber {
  /** An event of its stream (already stored: its id is the SSE event id). */
  send(event: LiveEventRow): void;
  /** The stream must end: the hub lost the database's notices, a newer stream took its slot, or its session ended. Its client reconnects with its last event id. */
  end(): void;
}

/**
 * What a stream counts against. `oldestGoes`: over the cap, the key's oldest stream is ended to make
 * room (one person's keys: a visitor reopening a tab, a console opened again, must still work);
 * otherwise the new stream is refused with 429 (a client address: one visitor must not end others'
 * streams behind the same address). The pool's total is a hard cap per process, answered 503.
 */
export interface StreamLimits {
  pool: { name: 'visitor' | 'staff'; max: number };
  keys: { key: string; cap: number; oldestGoes: boolean }[];
}

/** A console stream's session, checked again whenever sessions, users, roles or websites change. */
export interface StaffSession {
  familyId: string;
  userId: string;
}

interface Held {
  subscriber: LiveSubscriber;
  websiteId: string;
  keys: string[];
  pool: string;
  session: StaffSession | null;
}

const streamKey = (websiteId: string, visitorId: string | null) => `${websiteId}|${visitorId ?? ''}`;

/**
 * The live streams held by this API process (a visitor's open window, a console tab), fed by the
 * database: every new row of live_events is notified on LIVE_CHANNEL by a trigger, whichever process
 * wrote it, and each process passes it to the streams it holds for that website and visitor (the
 * staff's stream has no visitor). A stream that missed something (its connection dropped) asks for it
 * again with the id of the last event it got.
 *
 * Each stream holds a connection for minutes, so the hub also counts them (per key and per pool, see
 * StreamLimits) and refuses or ends streams past the caps; and a console stream ends as soon as its
 * session does (sign-out, password change, user deleted, website gone), in whichever process it is held.
 */
export class LiveHub {
  private readonly streams = new Map<string, Set<LiveSubscriber>>();
  /** Every held stream, and per limit key its streams, oldest first (a Set keeps insertion order). */
  private readonly held = new Map<LiveSubscriber, Held>();
  private readonly byKey = new Map<string, Set<Held>>();
  private readonly pools = new Map<string, number>();
  private stopListening: (() => Promise<void>) | null = null;
  private stopAccessListening: (() => Promise<void>) | null = null;
  private sessionTimer: ReturnType<typeof setInterval> | null = null;
  /** Deliveries one after the other, so each stream gets its events in the order they were notified. */
  private queue: Promise<void> = Promise.resolve();
  private checking: Promise<void> | null = null;
  private checkAgain = false;

  constructor(
    private readonly database: Database,
    private readonly log: { warn(obj: object, msg: string): void },
    readonly options: {
      sessionCheckMs: number;
      streamLifetimeMs: number;
      /** The channel the database notifies when sessions, users, roles or websites change (the access hook's). */
      accessChannel: string;
    },
  ) {}

  async start() {
    this.stopListening = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => {
        this.queue = this.queue.then(() => this.deliver(Number(payload)));
      },
      () => this.endAll(),
    );
    // A change of sessions, users, roles or websites (migration 0011's triggers) may end a console
    // stream's right to listen; so may a notice lost while the connection was down.
    this.stopAccessListening = await this.database.listen(
      this.options.accessChannel,
      () => void this.checkSessions(),
      () => void this.checkSessions(),
    );
    this.sessionTimer = setInterval(() => void this.checkSessions(), this.options.sessionCheckMs);
    this.sessionTimer.unref();
  }

  async stop() {
    this.endAll();
    if (this.sessionTimer) clearInterval(this.sessionTimer);
    this.sessionTimer = null;
    for (const stop of [this.stopListening, this.stopAccessListening]) if (stop) await stop().catch(() => {});
    this.stopListening = null;
    this.stopAccessListening = null;
    await this.checking?.catch(() => {});
  }

  /**
   * Holds a stream; the returned function lets it go. Past a cap of `limits`, either older streams
   * of the same key are ended first, or this one is refused: an HttpError (429 or 503) is thrown and
   * nothing is held.
   */
  subscribe(
    websiteId: string,
    visitorId: string | null,
    subscriber: LiveSubscriber,
    options: { limits?: StreamLimits; session?: StaffSession } = {},
  ): () => void {
    const victims = options.limits ? this.admit(options.limits) : [];
    for (const victim of victims) this.endOne(victim);
    const entry: Held = {
      subscriber,
      websiteId,
      keys: options.limits?.keys.map((k) => k.key) ?? [],
      pool: options.limits?.pool.name ?? '',
      session: options.session ?? null,
    };
    this.hold(entry);
    const key = streamKey(websiteId, visitorId);
    let set = this.streams.get(key);
    if (!set) this.streams.set(key, (set = new Set()));
    set.add(subscriber);
    return () => {
      this.release(entry);
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

  /** How many streams count against a limit key, or are held in a pool (tests). */
  heldFor(key: string): number {
    return this.byKey.get(key)?.size ?? this.pools.get(key) ?? 0;
  }

  /**
   * The streams to end for a new one to fit, or an HttpError when it cannot: every `oldestGoes` key
   * over its cap gives up its oldest streams; a refusing key or the pool still full refuses.
   */
  private admit(limits: StreamLimits): Held[] {
    const victims = new Set<Held>();
    for (const { key, cap, oldestGoes } of limits.keys) {
      if (!oldestGoes) continue;
      let excess = this.countWithout(key, victims) - cap + 1;
      for (const h of this.byKey.get(key) ?? []) {
        if (excess <= 0) break;
        if (victims.has(h)) continue;
        victims.add(h);
        excess--;
      }
    }
    for (const { key, cap, oldestGoes } of limits.keys) {
      if (!oldestGoes && this.countWithout(key, victims) >= cap) throw tooManyRequests(LIVE_TOO_MANY_STREAMS_MESSAGE, STREAM_RETRY_AFTER_SECONDS);
    }
    const pooled = (this.pools.get(limits.pool.name) ?? 0) - [...victims].filter((v) => v.pool === limits.pool.name).length;
    if (pooled >= limits.pool.max) {
      throw new HttpError(503, LIVE_STREAMS_FULL_MESSAGE, undefined, { 'retry-after': String(STREAM_RETRY_AFTER_SECONDS) });
    }
    return [...victims];
  }

  private countWithout(key: string, victims: Set<Held>): number {
    let n = 0;
    for (const h of this.byKey.get(key) ?? []) if (!victims.has(h)) n++;
    return n;
  }

  private hold(entry: Held) {
    this.held.set(entry.subscriber, entry);
    for (const key of entry.keys) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(entry);
    }
    if (entry.pool) this.pools.set(entry.pool, (this.pools.get(entry.pool) ?? 0) + 1);
  }

  /** Frees a stream's slots (idempotent: a stream ends once however many reasons it has). */
  private release(entry: Held) {
    if (this.held.get(entry.subscriber) !== entry) return;
    this.held.delete(entry.subscriber);
    for (const key of entry.keys) {
      const set = this.byKey.get(key);
      set?.delete(entry);
      if (set?.size === 0) this.byKey.delete(key);
    }
    if (entry.pool) this.pools.set(entry.pool, (this.pools.get(entry.pool) ?? 1) - 1);
  }

  private endOne(entry: Held) {
    this.release(entry);
    entry.subscriber.end();
  }

  /**
   * Ends every console stream whose session no longer holds, or whose website is no longer its
   * user's. Calls that come while a check runs are folded into one more check after it.
   */
  checkSessions(): Promise<void> {
    if (this.checking) {
      this.checkAgain = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.checkAgain = false;
        const staff = [...this.held.values()].filter((h) => h.session);
        if (staff.length === 0) continue;
        try {
          const good = await sessionsStore(this.database.db).sessionsStillGood(
            staff.map((h) => ({ familyId: h.session!.familyId, websiteId: h.websiteId })),
            new Date(),
          );
          for (const h of staff) if (!good.has(`${h.session!.familyId}|${h.session!.userId}|${h.websiteId}`)) this.endOne(h);
        } catch (err) {
          this.log.warn({ err }, 'live streams: checking their sessions failed');
        }
      } while (this.checkAgain);
    })().finally(() => (this.checking = null));
    return this.checking;
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
    this.held.clear();
    this.byKey.clear();
    this.pools.clear();
  }
}
