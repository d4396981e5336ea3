import { SURFACES } from '../surfaces/registry';
import { yieldToMain } from './schedule';
import type { ScriptItem, Surface, SurfaceContext, SurfaceKind, SurfaceModule } from '../surfaces/types';

interface Shown {
  kind: SurfaceKind;
  surface: Surface | null;
}

export interface SurfaceManagerOptions {
  context(item: ScriptItem, dismiss: (byVisitor: boolean) => void): Omit<SurfaceContext, 'dismiss'>;
  /** Reports `view` / `close` about an item. */
  report(type: 'view' | 'close', item: ScriptItem): void;
  loaders?: Partial<Record<SurfaceKind, () => Promise<SurfaceModule>>>;
}

/**
 * Keeps the page showing what the server's last answer says: mounts new items (one popup at a time),
 * removes those no longer returned, and leaves alone those still returned (an open popup stays open
 * across a page change). Items the visitor dismissed are not shown again by this page.
 */
export class SurfaceManager {
  private readonly shown = new Map<string, Shown>();
  private readonly dismissed = new Set<string>();

  constructor(private readonly options: SurfaceManagerOptions) {}

  /** Ids currently shown or loading. */
  get ids(): string[] {
    return [...this.shown.keys()];
  }

  show(items: ScriptItem[]): Promise<void> {
    const returned = new Set(items.map((i) => i.id));
    for (const id of [...this.shown.keys()]) if (!returned.has(id)) this.remove(id);
    let popupOpen = [...this.shown.values()].some((s) => s.kind === 'popup');
    const loading: Promise<void>[] = [];
    for (const item of items) {
      const loader = this.options.loaders?.[item.kind] ?? SURFACES[item.kind];
      // A kind this version does not know (a newer server) is skipped, not an error.
      if (!loader || this.shown.has(item.id) || this.dismissed.has(item.id)) continue;
      if (item.kind === 'popup') {
        if (popupOpen) continue;
        popupOpen = true;
      }
      const entry: Shown = { kind: item.kind, surface: null };
      this.shown.set(item.id, entry);
      loading.push(
        loader()
          // The chunk was evaluated in its own task; the surface is built in the next one (issue 12: no long task).
          .then((mod) => yieldToMain().then(() => mod))
          .then((mod) => {
            if (this.shown.get(item.id) !== entry) return;
            const dismiss = (byVisitor: boolean) => {
              if (this.shown.get(item.id) !== entry) return;
              this.dismissed.add(item.id);
              this.remove(item.id);
              if (byVisitor) this.options.report('close', item);
            };
            entry.surface = mod.mount(item, { ...this.options.context(item, dismiss), dismiss });
            this.options.report('view', item);
          })
          .catch((error: unknown) => {
            if (this.shown.get(item.id) === entry) this.shown.delete(item.id);
            console.warn('[signpost] could not show', item.kind, error);
          }),
      );
    }
    return Promise.all(loading).then(() => undefined);
  }

  /** Removes everything (a new visitor after `reset`). */
  clear() {
    for (const id of [...this.shown.keys()]) this.remove(id);
    this.dismissed.clear();
  }

  private remove(id: string) {
    const entry = this.shown.get(id);
    this.shown.delete(id);
    entry?.surface?.destroy();
  }
}
