import type { KeyValueStore } from './storage';

/** A surface's own state for one item (the step reached, the tasks done…): a JSON object. */
export type ProgressState = Record<string, unknown>;

/** One item's progress as the page keeps it: `dirty` until the server has it. */
interface Kept {
  state: ProgressState;
  /** ISO time of the write; between two versions the later wins (server and page alike). */
  at: string;
  dirty?: true;
}

/** A progress entry as the API sends and takes it. */
export interface ProgressEntry {
  contentId: string;
  state: ProgressState;
  updatedAt: string;
}

export interface ProgressOptions {
  store: KeyValueStore;
  websiteKey: string;
  /** The visitor whose progress is read and written now (changes on `reset`). */
  visitorId(): string;
  /** Sends entries the server does not have yet and answers the server's after merging (null: not sent). */
  send(visitorId: string, entries: ProgressEntry[], beacon: boolean): Promise<ProgressEntry[] | null>;
  /** Milliseconds between a write and its sending (writes in quick succession go together). */
  delayMs?: number;
}

/**
 * The visitor's progress in tours and checklists, for surfaces: `get`/`set` per content id. A `set` is
 * written to localStorage synchronously, before it returns, so a navigation in the same tick (a step
 * advanced by clicking a link) resumes from it on the next page; it is sent to the server soon after,
 * with the next content call, or by beacon when the page goes away. The content call's answer brings
 * the server's progress (the person's once identified, so another device's), and for each item the
 * later of the two `updatedAt` wins.
 */
export class ProgressKeeper {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private sending: Promise<void> | null = null;

  constructor(private readonly options: ProgressOptions) {}

  get(contentId: string): ProgressState | null {
    return this.read()[contentId]?.state ?? null;
  }

  /** When the item's state was last written (ms), 0 when never. */
  updatedAt(contentId: string): number {
    const at = this.read()[contentId]?.at;
    return at ? Date.parse(at) : 0;
  }

  set(contentId: string, state: ProgressState): void {
    const all = this.read();
    // Strictly later than the previous write, even within one millisecond, so the order is kept.
    const previous = all[contentId] ? Date.parse(all[contentId].at) : 0;
    all[contentId] = { state, at: new Date(Math.max(Date.now(), previous + 1)).toISOString(), dirty: true };
    this.write(all);
    this.schedule();
  }

  /** The server's progress (a content call's answer): each item keeps the later of the server's and the page's. */
  merge(entries: readonly ProgressEntry[]): void {
    if (!Array.isArray(entries) || entries.length === 0) return;
    const all = this.read();
    for (const e of entries) {
      if (!e || typeof e.contentId !== 'string' || !e.state || typeof e.updatedAt !== 'string') continue;
      const mine = all[e.contentId];
      if (!mine || Date.parse(mine.at) < Date.parse(e.updatedAt)) all[e.contentId] = { state: e.state, at: e.updatedAt };
      // Ours is later but the server may not have it (written on another page of this visit): send it.
      else if (Date.parse(mine.at) > Date.parse(e.updatedAt)) mine.dirty = true;
    }
    this.write(all);
  }

  /** Whether writes are waiting for the server. */
  get pending(): boolean {
    return Object.values(this.read()).some((k) => k.dirty);
  }

  /** Sends what the server does not have yet (a content call just gave a fresh token). */
  flush(beacon = false): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.sending && !beacon) return this.sending;
    const visitorId = this.options.visitorId();
    const all = this.read();
    const entries = Object.entries(all)
      .filter(([, k]) => k.dirty)
      .map(([contentId, k]) => ({ contentId, state: k.state, updatedAt: k.at }));
    if (entries.length === 0) return Promise.resolve();
    const sent = this.options
      .send(visitorId, entries, beacon)
      .then((answer) => {
        if (!answer || visitorId !== this.options.visitorId()) return;
        const now = this.read();
        // What was sent is no longer dirty, unless it was written again while on its way.
        for (const e of entries) if (now[e.contentId]?.at === e.updatedAt) delete now[e.contentId].dirty;
        this.write(now);
        this.merge(answer);
      })
      .catch(() => undefined)
      .finally(() => {
        if (this.sending === sent) this.sending = null;
      });
    if (!beacon) this.sending = sent;
    return sent;
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.delayMs ?? 1000);
  }

  private key() {
    return `signpost:progress:${this.options.websiteKey}:${this.options.visitorId()}`;
  }

  private read(): Record<string, Kept> {
    try {
      const parsed: unknown = JSON.parse(this.options.store.get(this.key()) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, Kept>) : {};
    } catch {
      return {};
    }
  }

  private write(all: Record<string, Kept>) {
    this.options.store.set(this.key(), JSON.stringify(all));
  }
}
