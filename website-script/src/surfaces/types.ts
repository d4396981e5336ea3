import type { ScriptItem } from 'contracts';
import type { Locale } from '../texts';
import type { ProgressState } from '../core/progress';
import type { TasksProvider } from '../messenger/view';

// Types only: `import type` is erased, so the script never bundles zod (eslint enforces it).
export type { ScriptItem };
export type SurfaceKind = ScriptItem['kind'];
export type ItemOf<K extends SurfaceKind> = Extract<ScriptItem, { kind: K }>;

/** What a surface may do to the page's event queue and to its own life. */
export interface SurfaceContext {
  locale: Locale;
  /** Reports an event about this item (`view` is reported by the core once the surface is shown). */
  emit(type: SurfaceEventType, fields?: Record<string, unknown>): void;
  /**
   * The surface is gone because of the visitor or its own timer. `byVisitor`: the visitor closed it
   * (a `close` event is reported); otherwise it expired or an action closed it.
   */
  dismiss(byVisitor: boolean): void;
  /**
   * The surface steps aside without ending (a tour whose next step is on another page): removed now,
   * nothing reported, the slot freed at once; a later answer may show it again.
   */
  leave(): void;
  /** An address of the content (`/uploads/…` files live on the API, not on the customer's site). */
  asset(url: string): string;
  /**
   * This item's progress for this visitor (tours, checklists): `set` is in localStorage before it
   * returns (a navigation may follow at once) and reaches the server soon after; `get` is the later
   * of this browser's and the server's (the person's on another device, once identified).
   */
  progress: { get(): ProgressState | null; set(state: ProgressState): void };
  /** This visit's id (a browser session): what a snooze lasts. */
  visit: string;
  /** A checklist's task ids the server saw this visitor do (tracked events, tours, attributes, another device), as of the last content call. */
  serverDone?(): readonly string[];
  /**
   * The messenger's Tasks space, when the website's messenger shows it (its launcher on, a Tasks
   * space configured): a checklist lives there instead of behind a launcher of its own. `set` hands
   * the space its provider again (drawn anew) or takes it away (null).
   */
  tasksSpace?(): { set(provider: TasksProvider | null): void } | null;
  /**
   * A popup drawn inside another page's element (the console's preview, `website-script/popup-preview`)
   * rather than over the page: `place` puts its host there, it takes no focus and traps none, it starts
   * on page `page` and tells `onPage` when the visitor's Next / Previous moves it.
   */
  embed?: { place(host: HTMLElement): void; page: number; onPage(page: number): void };
}

/**
 * Events a surface reports itself (the contracts' event types; `view` and `close` are the core's,
 * except a tour's `view`, which it reports once per run, not each time a page shows it).
 */
export type SurfaceEventType = 'view' | 'click' | 'react' | 'comment' | 'answer' | 'step' | 'complete' | 'snooze' | 'dismiss' | 'element_missing' | 'task';

/**
 * A shown surface, driven by the core (it never polls): `destroy` removes it silently (a reset, a
 * leave); `pageChanged` says the page's address changed without a reload (client-side navigation);
 * `update` hands it the item again from a later answer (or a restart asked by the page).
 */
export interface Surface {
  destroy(): void;
  pageChanged?(href: string): void;
  update?(item: ScriptItem, restart: boolean): void;
}

export interface SurfaceModule<K extends SurfaceKind = SurfaceKind> {
  mount(item: ItemOf<K>, ctx: SurfaceContext): Surface;
}

/** The window event a tour sends when the visitor completes it (`detail.id`: the tour's id), so a checklist ticks its task at once. */
export const TOUR_COMPLETE_EVENT = 'signpost:tour-complete';
