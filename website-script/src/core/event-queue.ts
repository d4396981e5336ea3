import { newId } from './ids';
import type { KeyValueStore } from './storage';

/**
 * The events a page reports (POST {api}/api/public/{websiteKey}/events, contracts/src/events.ts).
 * Every event carries an `id` made here, so a batch sent twice (a retry, a beacon and the next page)
 * is counted once: the server ignores ids it has already recorded.
 */
export interface QueuedEvent {
  id: string;
  type: string;
  visitorId: string;
  occurredAt: string;
  [field: string]: unknown;
}
export type NewEvent = { type: string; visitorId: string; [field: string]: unknown };

/**
 * The visitor tokens a batch carries (the content call answers them): the API takes a batch only
 * with the token of the visitor it speaks for.
 */
export interface VisitorTokenSource {
  /** A token of this visitor still valid, or null. */
  get(visitorId: string): string | null;
  /** Asks for a new one; false when none can be had (a visitor this page no longer is). */
  renew(visitorId: string): Promise<boolean>;
  /** The API refused this token (expired, or the server's key changed): not to be used again. */
  forget(visitorId: string): void;
}

export interface EventQueueOptions {
  /** Full URL of the events call. */
  url: string;
  store: KeyValueStore;
  storageKey: string;
  tokens: VisitorTokenSource;
  fetch?: typeof fetch;
  sendBeacon?: (url: string, data: BodyInit) => boolean;
  /** Events per batch (the API takes up to 100; small batches keep a keepalive body small). */
  batchSize?: number;
  /** How long an event waits for others before its batch leaves. */
  delayMs?: number;
  /** The script's version, sent with each batch (the installation check shows it). */
  version?: string;
}

/**
 * Browsers allow 64 KB of keepalive / beacon bodies in flight per page; one batch at a time, each under
 * this, stays below it.
 */
export const MAX_BATCH_BYTES = 60_000;
/** Unsent events kept in storage (oldest dropped beyond it, so a page offline for days cannot fill the quota). */
export const MAX_STORED_EVENTS = 500;
const MAX_BACKOFF_MS = 60_000;
/** Events younger than this are sent without their time (see nextBatch). */
const FRESH_MS = 60_000;
const TEXT_PLAIN = 'text/plain;charset=UTF-8';

const bytes = (s: string) => new TextEncoder().encode(s).length;

/** The `errors` of an answer (field: reason), or null when it has none or is not JSON. */
async function errorsOf(res: Response): Promise<Record<string, string> | null> {
  try {
    const body = (await res.json()) as { errors?: unknown } | null;
    return body && typeof body.errors === 'object' && body.errors ? (body.errors as Record<string, string>) : null;
  } catch {
    return null;
  }
}

/** An event the API refused, and why (its message), as `signpost('debug')` lists them. */
export interface RefusedEvent {
  type: string;
  contentId?: unknown;
  reason: string;
}
/** Refusals remembered for `debug` (the latest). */
const MAX_REFUSALS_KEPT = 20;
/** Console warnings about refusals per page; past it they are only listed by `debug`. */
const MAX_REFUSAL_WARNINGS = 5;

/**
 * Batches events, sends them as text/plain JSON (no CORS preflight) with `keepalive`, retries failures
 * (network, 5xx, 408, 429 after its Retry-After) with exponential backoff, and keeps every unsent event
 * in storage until the API has accepted it, so the next page sends what this one could not. The API
 * answers event by event (`errors` keyed `events.<index>.<field>`, on a 202 or a 400): an event it
 * refused is dropped (sending it again cannot succeed), the others of its batch are kept and sent again,
 * and each refusal is warned about and listed by `signpost('debug')`. A 4xx naming no event (the batch
 * itself is wrong) drops the batch, the same way.
 *
 * A batch holds one visitor's events with that visitor's token (a page that called `reset` may still
 * hold the previous visitor's). Without a valid token the queue asks for one first; a 401 (expired)
 * forgets the token and retries with a new one; the events of a visitor whose token cannot be had
 * any more are dropped.
 */
export class EventQueue {
  private pending: QueuedEvent[];
  /** Ids handed to `sendBeacon` on page hide: not sent again by this page (the next page resends them from storage). */
  private readonly beaconed = new Set<string>();
  /** Ids this page saw accepted or dropped: removed from storage even if another tab wrote them back. */
  private readonly done = new Set<string>();
  private inFlight: Set<string> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private failures = 0;
  private notBefore = 0;
  private warnings = 0;
  /** The latest events the API refused, with its reason. */
  readonly refused: RefusedEvent[] = [];
  private readonly batchSize: number;
  private readonly delayMs: number;

  constructor(private readonly options: EventQueueOptions) {
    this.batchSize = options.batchSize ?? 20;
    this.delayMs = options.delayMs ?? 1000;
    this.pending = this.read();
    if (this.pending.length) this.schedule(0);
  }

  /** Events not yet accepted by the API (in order). */
  get size(): number {
    return this.pending.length;
  }

  push(event: NewEvent): QueuedEvent {
    const queued: QueuedEvent = { id: newId(), occurredAt: new Date().toISOString(), ...event };
    this.pending.push(queued);
    this.persist();
    this.schedule(this.sendable().length >= this.batchSize ? 0 : this.delayMs);
    return queued;
  }

  /** Sends one batch now (if none is in flight and no back-off is running); resolves when it is answered. */
  async flush(): Promise<void> {
    if (this.inFlight) return;
    if (Date.now() < this.notBefore) return this.schedule(this.notBefore - Date.now());
    const visitorId = this.sendable()[0]?.visitorId;
    if (visitorId === undefined) return;
    const { tokens } = this.options;
    let token = tokens.get(visitorId);
    if (!token) {
      // Held while the token is asked for, so a second flush does not ask again.
      this.inFlight = new Set();
      let possible = false;
      try {
        possible = await tokens.renew(visitorId);
      } catch {}
      this.inFlight = null;
      token = tokens.get(visitorId);
      if (!token) {
        if (possible) return this.schedule(this.backoff(null));
        // Events of a visitor this page no longer is, whose token is gone: they can never be sent.
        this.settle(new Set(this.pending.filter((e) => e.visitorId === visitorId).map((e) => e.id)));
        if (this.sendable().length) this.schedule(0);
        return;
      }
    }
    const batch = this.nextBatch(visitorId, token);
    if (!batch.events.length) return;
    const ids = new Set(batch.events.map((e) => e.id));
    this.inFlight = ids;
    let retryAfterMs: number | null = null;
    try {
      const res = await (this.options.fetch ?? fetch)(this.options.url, {
        method: 'POST',
        // A body past the keepalive quota would be refused outright: send it as an ordinary request.
        keepalive: batch.bytes <= MAX_BATCH_BYTES,
        credentials: 'omit',
        headers: { 'content-type': TEXT_PLAIN },
        body: batch.body,
      });
      if (res.ok) {
        this.refuse(batch.events, await errorsOf(res), res.status);
        this.settle(ids);
      } else if (res.status === 401) {
        // The token expired (or is no longer the server's): a new one, then the same batch again.
        tokens.forget(visitorId);
        retryAfterMs = this.backoff(null);
      } else if (res.status === 429 || res.status === 408 || res.status >= 500) retryAfterMs = this.backoff(res.headers.get('retry-after'));
      else {
        const errors = await errorsOf(res);
        const named = this.refuse(batch.events, errors, res.status);
        // Only the events the answer names are dropped; a refusal naming none drops the batch.
        if (named.size === 0) this.refuse(batch.events, { '': errors?.[''] ?? `HTTP ${res.status}` }, res.status, true);
        this.settle(named.size ? named : ids);
      }
    } catch {
      retryAfterMs = this.backoff(null);
    } finally {
      this.inFlight = null;
    }
    if (retryAfterMs != null) this.schedule(retryAfterMs);
    else if (this.sendable().length) this.schedule(0);
  }

  /**
   * The page is going away (pagehide, or hidden: mobile browsers may kill it without pagehide): hand
   * what is unsent to `sendBeacon`, which survives the page. The events stay in storage, so if the
   * beacon is lost the next page sends them again (the server ignores ids it has seen).
   */
  flushWithBeacon(): void {
    const beacon = this.options.sendBeacon;
    if (!beacon) return;
    for (;;) {
      const visitorId = this.sendable()[0]?.visitorId;
      // Without a token now, nothing more can leave with this page: the next page sends it from storage.
      const token = visitorId === undefined ? null : this.options.tokens.get(visitorId);
      if (visitorId === undefined || !token) return;
      const batch = this.nextBatch(visitorId, token);
      if (!batch.events.length || batch.bytes > MAX_BATCH_BYTES) return;
      let accepted = false;
      try {
        accepted = beacon(this.options.url, new Blob([batch.body], { type: TEXT_PLAIN }));
      } catch {}
      if (!accepted) return;
      for (const e of batch.events) this.beaconed.add(e.id);
    }
  }

  /**
   * Records the events of `batch` that `errors` names (`events.<index>.<field>`: reason), or all of
   * them with `all`; warns in the console (a few times a page); answers their ids.
   */
  private refuse(batch: QueuedEvent[], errors: Record<string, string> | null, status: number, all = false): Set<string> {
    const reasons = new Map<QueuedEvent, string[]>();
    for (const [field, reason] of Object.entries(errors ?? {})) {
      const match = /^events\.(\d+)\.?(.*)$/.exec(field);
      const events = all ? batch : match && batch[Number(match[1])] ? [batch[Number(match[1])]] : [];
      for (const e of events) reasons.set(e, [...(reasons.get(e) ?? []), match?.[2] ? `${match[2]}: ${reason}` : reason]);
    }
    for (const [e, why] of reasons) {
      this.refused.push({ type: e.type, contentId: e.contentId, reason: why.join('; ') });
      if (this.refused.length > MAX_REFUSALS_KEPT) this.refused.shift();
    }
    if (reasons.size && this.warnings++ < MAX_REFUSAL_WARNINGS) {
      const list = [...reasons].map(([e, why]) => `${e.type}${e.contentId ? ` on ${String(e.contentId)}` : ''} (${why.join('; ')})`);
      console.warn(`[signpost] ${status}: the API refused ${reasons.size} event(s), not sent again: ${list.join(', ')}. signpost('debug') lists them.`);
    }
    return new Set([...reasons.keys()].map((e) => e.id));
  }

  private sendable(): QueuedEvent[] {
    return this.pending.filter((e) => !this.beaconed.has(e.id) && !this.inFlight?.has(e.id));
  }

  /** Up to `batchSize` events of the visitor whose JSON, with the token, stays under the keepalive quota (at least one, whatever its size). */
  private nextBatch(visitorId: string, token: string): { events: QueuedEvent[]; body: string; bytes: number } {
    const events: QueuedEvent[] = [];
    const wire: Partial<QueuedEvent>[] = [];
    const v = this.options.version;
    let size = bytes(JSON.stringify({ token, v, events: [] }));
    const now = Date.now();
    for (const e of this.sendable()) {
      if (e.visitorId !== visitorId) continue;
      if (events.length >= this.batchSize) break;
      // A fresh event goes without `occurredAt`: the server stamps it with its own clock, so a visitor
      // whose clock runs minutes ahead (refused as "in the future") loses nothing sent promptly.
      const { occurredAt, ...rest } = e;
      const sent = now - Date.parse(occurredAt) < FRESH_MS ? rest : e;
      const own = bytes(JSON.stringify(sent)) + 1;
      if (events.length && size + own > MAX_BATCH_BYTES) break;
      events.push(e);
      wire.push(sent);
      size += own;
    }
    return { events, body: JSON.stringify({ token, v, events: wire }), bytes: size };
  }

  private settle(ids: Set<string>) {
    this.failures = 0;
    for (const id of ids) this.done.add(id);
    this.pending = this.pending.filter((e) => !ids.has(e.id));
    this.persist();
  }

  /** Milliseconds to wait: the server's Retry-After when it gave one, else 1 s doubling up to a minute. */
  private backoff(retryAfter: string | null): number {
    this.failures += 1;
    let wait = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (this.failures - 1));
    if (retryAfter) {
      const seconds = Number(retryAfter);
      const told = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(retryAfter) - Date.now();
      if (Number.isFinite(told) && told > 0) wait = told;
    }
    this.notBefore = Date.now() + wait;
    return wait;
  }

  private schedule(ms: number) {
    const at = Date.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private read(): QueuedEvent[] {
    try {
      const parsed: unknown = JSON.parse(this.options.store.get(this.options.storageKey) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter((e): e is QueuedEvent => !!e && typeof e === 'object' && typeof e.id === 'string') : [];
    } catch {
      return [];
    }
  }

  /** Merges with what other tabs stored (never overwrites their events), minus what this page has settled. */
  private persist() {
    const byId = new Map(this.read().map((e) => [e.id, e]));
    for (const e of this.pending) byId.set(e.id, e);
    for (const id of this.done) byId.delete(id);
    const all = [...byId.values()].slice(-MAX_STORED_EVENTS);
    if (all.length) this.options.store.set(this.options.storageKey, JSON.stringify(all));
    else this.options.store.remove(this.options.storageKey);
  }
}
