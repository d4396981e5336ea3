import { SURFACES } from '../surfaces/registry';
import { yieldToMain } from './schedule';
import type { ScriptItem, Surface, SurfaceContext, SurfaceKind, SurfaceModule } from '../surfaces/types';

interface Shown {
  /** Whether it shares the page's one interruptive slot, and whether it takes the page whole: as the server served it (its kind's descriptor). */
  interrupts: boolean;
  modal: boolean;
  surface: Surface | null;
}

/** A card: interruptive but not modal (push notifications), stacked in its corner. */
const isCard = (s: { interrupts: boolean; modal: boolean }) => s.interrupts && !s.modal;

/** Cards stacked in their corner at once; more wait for one to end. */
const MAX_PUSHES = 3;

/** How the page shares its interruptive slot: the website's script settings, as the content call gives them. */
export interface SlotSettings {
  /** A push notification may show beside an open modal surface (drawn above it, never under its backdrop). */
  pushesBesidePopup: boolean;
  /** Milliseconds between an interruptive item ending and the next one showing. */
  quietMs: number;
}

export interface SurfaceManagerOptions {
  context(item: ScriptItem): Omit<SurfaceContext, 'dismiss' | 'leave'>;
  /**
   * Whether an item the server returned is for this page now (a tour: starting here, resuming, or
   * over for this visitor, from their progress); absent: all are.
   */
  accept?(item: ScriptItem): boolean;
  /** Reports `view` / `close` about an item. */
  report(type: 'view' | 'close', item: ScriptItem): void;
  loaders?: Partial<Record<SurfaceKind, () => Promise<SurfaceModule>>>;
  /** What every surface needs besides its own chunk (the texts), loaded beside it before it mounts. */
  prepare?: () => Promise<unknown>;
  /** When the last interruptive item ended (ms): kept by the caller across the page's loads (the quiet period). */
  lastEnd?: { get(): number; set(at: number): void };
  /** The document, for its visibility: an item is shown only to a visible page (a hidden tab would not see it). */
  doc?: Document;
}

/**
 * What the page shows. Banners show as soon as the server returns them. Interruptive items (modal
 * surfaces and push notifications) share one slot: one at a time (push cards stacked together, a push
 * beside a modal only when the website allows it, and never a modal over a push, which would sit
 * under its backdrop), in the order
 * of the server's last answer; an item that cannot show now waits in the queue and shows when the
 * slot frees, the quiet period after the last one has passed and the page is visible. It is reported
 * `view`ed only once on screen, so the daily cap counts only what the visitor saw.
 *
 * An item leaves the page only when the visitor or its own time ends it (or `reset`): never because the
 * visitor navigated or a later answer no longer returns it. What ended is not shown again by this page.
 */
export class SurfaceManager {
  private readonly shown = new Map<string, Shown>();
  private readonly ended = new Set<string>();
  private readonly seenIds = new Set<string>();
  private queue: ScriptItem[] = [];
  private settings: SlotSettings = { pushesBesidePopup: false, quietMs: 0 };
  private memoryEnd = 0;
  private wake: ReturnType<typeof setTimeout> | null = null;
  private waitingForVisible = false;
  /** The server's last answer (a restart asked by the page shows from it). */
  private last: ScriptItem[] = [];

  constructor(private readonly options: SurfaceManagerOptions) {}

  /** Ids on screen or loading. */
  get ids(): string[] {
    return [...this.shown.keys()];
  }

  /** Interruptive items on screen now: what the page tells the content call is open. */
  get open(): string[] {
    return [...this.shown].filter(([, s]) => s.interrupts).map(([id]) => id);
  }

  /** Interruptive items this page has shown (on screen or ended since), whose views may still be on their way. */
  get seen(): string[] {
    return [...this.seenIds];
  }

  /** Interruptive items waiting for the slot. */
  get waiting(): string[] {
    return this.queue.map((i) => i.id);
  }

  /** The server's answer for this page: banners show, interruptive items join the queue (in its order). */
  show(items: ScriptItem[], settings?: SlotSettings): Promise<void> {
    if (settings) this.settings = settings;
    this.last = items;
    const loading: Promise<void>[] = [];
    const queue: ScriptItem[] = [];
    for (const item of items) {
      // A kind this version does not know (a newer server) is skipped, not an error.
      if (!this.loader(item) || this.ended.has(item.id)) continue;
      const on = this.shown.get(item.id);
      if (on) {
        on.surface?.update?.(item, false);
        continue;
      }
      if (this.options.accept && !this.options.accept(item)) continue;
      if (item.interrupts) queue.push(item);
      else loading.push(this.mount(item));
    }
    this.queue = queue;
    loading.push(this.pump());
    return Promise.all(loading).then(() => undefined);
  }

  /** The page's address changed without a reload: every surface on screen is told (before the content call answers). */
  pageChanged(href: string) {
    for (const { surface } of [...this.shown.values()]) surface?.pageChanged?.(href);
  }

  /**
   * The page asks for an item again (`signpost('startTour', id)`): restarted if on screen, else shown
   * from the last answer (false: the last answer did not return it).
   */
  restart(id: string): boolean {
    const on = this.shown.get(id);
    const item = this.last.find((i) => i.id === id);
    if (on && item) {
      on.surface?.update?.(item, true);
      return true;
    }
    if (!item) return false;
    this.ended.delete(id);
    void this.show(this.last);
    return true;
  }

  /** The item of the server's last answer with this id, if it returned one. */
  item(id: string): ScriptItem | undefined {
    return this.last.find((i) => i.id === id);
  }

  /** Removes everything (a new visitor after `reset`). */
  clear() {
    for (const id of [...this.shown.keys()]) this.remove(id);
    this.ended.clear();
    this.seenIds.clear();
    this.queue = [];
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
  }

  /** Shows the waiting items the slot has room for now; comes back when the quiet period ends or the page becomes visible. */
  private pump(): Promise<void> {
    if (!this.queue.length) return Promise.resolve();
    const doc = this.options.doc ?? document;
    if (doc.visibilityState === 'hidden') {
      if (!this.waitingForVisible) {
        this.waitingForVisible = true;
        const onVisible = () => {
          if (doc.visibilityState === 'hidden') return;
          doc.removeEventListener('visibilitychange', onVisible);
          this.waitingForVisible = false;
          void this.pump();
        };
        doc.addEventListener('visibilitychange', onVisible);
      }
      return Promise.resolve();
    }
    const quietLeft = (this.options.lastEnd?.get() ?? this.memoryEnd) + this.settings.quietMs - Date.now();
    if (quietLeft > 0) {
      if (this.wake) clearTimeout(this.wake);
      this.wake = setTimeout(() => {
        this.wake = null;
        void this.pump();
      }, quietLeft);
      return Promise.resolve();
    }
    const loading: Promise<void>[] = [];
    for (const item of [...this.queue]) {
      if (!this.fits(item)) continue;
      this.queue.splice(this.queue.indexOf(item), 1);
      loading.push(this.mount(item));
    }
    return Promise.all(loading).then(() => undefined);
  }

  private fits(item: ScriptItem): boolean {
    const shown = [...this.shown.values()];
    const modalOn = shown.some((s) => s.interrupts && s.modal);
    const pushes = shown.filter(isCard).length;
    // A modal over a push would put the push under its backdrop: the modal waits for it.
    if (item.modal) return !modalOn && !pushes;
    // Push cards stack in their corner (a few at most), beside a modal only when the website allows it.
    return pushes < MAX_PUSHES && (!modalOn || this.settings.pushesBesidePopup);
  }

  /** The kind's chunk; a kind this script has no surface for yet fails like a chunk that did not load. */
  private loader(item: ScriptItem): () => Promise<SurfaceModule> {
    return this.options.loaders?.[item.kind] ?? SURFACES[item.kind] ?? (() => Promise.reject(new Error(`no surface for ${item.kind}`)));
  }

  private mount(item: ScriptItem): Promise<void> {
    const entry: Shown = { interrupts: item.interrupts, modal: item.modal, surface: null };
    this.shown.set(item.id, entry);
    return Promise.all([this.loader(item)(), this.options.prepare?.()])
      .then(([mod]) => yieldToMain().then(() => mod)) // The chunk was evaluated in its own task; the surface is built in the next one (evaluating and mounting in one task would be a long task on a slow phone).
      .then((mod) => {
        if (this.shown.get(item.id) !== entry) return;
        const dismiss = (byVisitor: boolean) => {
          if (this.shown.get(item.id) !== entry) return;
          this.ended.add(item.id);
          this.remove(item.id);
          if (byVisitor) this.options.report('close', item);
          if (item.interrupts) {
            this.memoryEnd = Date.now();
            this.options.lastEnd?.set(this.memoryEnd);
          }
          void this.pump();
        };
        // Steps aside without ending: nothing reported, no quiet period, may come back on a later answer.
        const leave = () => {
          if (this.shown.get(item.id) !== entry) return;
          this.remove(item.id);
          void this.pump();
        };
        entry.surface = mod.mount(item, { ...this.options.context(item), dismiss, leave });
        if (item.interrupts) this.seenIds.add(item.id);
        // A tour is mounted again on each page it continues on: it reports its own view, once per run.
        if (item.kind !== 'tour') this.options.report('view', item);
      })
      .catch((error: unknown) => {
        if (this.shown.get(item.id) === entry) this.shown.delete(item.id);
        console.warn('[signpost] could not show', item.kind, error);
        void this.pump();
      });
  }

  private remove(id: string) {
    const entry = this.shown.get(id);
    this.shown.delete(id);
    entry?.surface?.destroy();
  }
}
