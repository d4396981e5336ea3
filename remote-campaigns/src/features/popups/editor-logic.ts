import {
  DISPLAY_TIME_DEFAULT_MS,
  DISPLAY_TIME_MAX_MS,
  DISPLAY_TIME_MIN_MS,
  DISPLAY_TIME_STEP_MS,
  POPUP_MAX_PAGES,
  POPUP_MIN_PAGES,
  defaultBlock,
  defaultPopup,
  newContentId,
  type PopupBlock,
  type PopupBlockKind,
  type PopupContentPage,
  type PopupDocumentInput,
} from 'contracts';
import type { PreviewPopup } from 'website-script/popup-preview';

/**
 * The popup editor's rules, kept apart from the screens so they are tested on their own:
 * at most 5 pages and at least 1; a page keeps at least 1 block; the display time is
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

/**
 * The document being edited as the website script receives it (contracts' `scriptPopupSchema`): every
 * field the form has not filled yet takes the default the server would give it, so a half-written
 * popup is drawn as it would show once saved. Invalid values are kept: the form says what is wrong.
 */
export function toPreviewPopup(values: PopupDocumentInput): PreviewPopup {
  const base = defaultPopup();
  const defined = <T extends object>(o: T | undefined) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined)) as Partial<T>;
  return {
    titleOfPopup: { ...base.titleOfPopup, ...defined(values.titleOfPopup) } as PreviewPopup['titleOfPopup'],
    content: (values.content ?? base.content).map((p) => ({
      id: p.id,
      content: (p.content ?? []).map((b) => ({ ...defaultBlock(b.kind, b.id), ...defined(b) }) as PopupBlock),
    })),
    format: values.format ?? base.format,
    position: values.position ?? base.position,
    replayType: values.replayType ?? base.replayType,
    popupBackground: values.popupBackground || base.popupBackground,
    popupBackgroundImage: values.popupBackgroundImage ?? '',
    emojis: values.emojis ?? base.emojis,
    rules: { ...base.rules, ...defined(values.rules) },
  };
}
