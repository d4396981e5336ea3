import {
  DISPLAY_TIME_DEFAULT_MS,
  DISPLAY_TIME_MAX_MS,
  DISPLAY_TIME_MIN_MS,
  DISPLAY_TIME_STEP_MS,
  POPUP_MAX_PAGES,
  POPUP_MIN_PAGES,
  POPUP_WIDTHS,
  defaultBlock,
  newContentId,
  type PopupBlockKind,
  type PopupContentPage,
  type PopupFormat,
} from 'contracts';

/**
 * The popup editor's rules, kept apart from the screens so they are tested on their own (spec
 * section 5): at most 5 pages and at least 1; a page keeps at least 1 block; the display time is
 * held in milliseconds and shown in seconds, 1 to 60 by steps of 1.
 */

export const DISPLAY_SECONDS = {
  min: DISPLAY_TIME_MIN_MS / 1000,
  max: DISPLAY_TIME_MAX_MS / 1000,
  step: DISPLAY_TIME_STEP_MS / 1000,
  default: DISPLAY_TIME_DEFAULT_MS / 1000,
} as const;

/** What the screen shows for a stored display time (the server holds milliseconds). */
export function msToSeconds(ms: number | undefined | null): number {
  return typeof ms === 'number' && Number.isFinite(ms) ? ms / 1000 : DISPLAY_SECONDS.default;
}

/**
 * What is stored for seconds typed or slid: whole seconds only, so a value the schema would refuse
 * for its step (1.5 s) is not invented here; out-of-range values are kept, and the schema says why
 * they are refused (the user sees the message instead of a silent clamp).
 */
export function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** Spec section 4: format small, medium or large sets width 335, 410 or 500 px. */
export function previewWidth(format: PopupFormat | undefined): number {
  return POPUP_WIDTHS[format ?? 'medium'];
}

export const canAddPage = (pages: readonly unknown[]) => pages.length < POPUP_MAX_PAGES;
export const canRemovePage = (pages: readonly unknown[]) => pages.length > POPUP_MIN_PAGES;
export const canRemoveBlock = (blocks: readonly unknown[]) => blocks.length > 1;

/** A new page, with one empty text block (a page always has at least one). */
export function newPage(): PopupContentPage {
  return { id: newContentId('p'), content: [defaultBlock('text', newContentId('b'))] };
}

export function newBlock(kind: PopupBlockKind) {
  return defaultBlock(kind, newContentId('b'));
}

/** The page to show once page `removed` is gone, when `current` was showing. */
export function pageAfterRemoval(current: number, removed: number, countAfter: number): number {
  if (current > removed) return current - 1;
  return Math.min(current, countAfter - 1);
}

/** Where a popup sits in the visitor's window: the vertical and horizontal halves of its position name. */
export function placement(position: string | undefined): { vertical: 'top' | 'center' | 'bottom'; horizontal: 'left' | 'center' | 'right' } {
  const p = position ?? 'topR';
  const vertical = p.startsWith('top') ? 'top' : p.startsWith('bottom') ? 'bottom' : 'center';
  const horizontal = p.endsWith('L') ? 'left' : p.endsWith('R') ? 'right' : 'center';
  return { vertical, horizontal };
}
