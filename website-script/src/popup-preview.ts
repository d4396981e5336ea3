import { mount } from './surfaces/popup';
import type { ItemOf, Surface, SurfaceContext } from './surfaces/types';
import { TEXTS, type Language, type Locale } from './texts';

/**
 * The console's popup preview, drawn by the visitor's own popup surface (surfaces/popup.ts: the same
 * markup, styles and texts), not a copy of it. Not part of the script served to customers' pages
 * (signpost.js never imports this module, so none of it is in their chunks): the console imports it
 * as `website-script/popup-preview` and bundles it with its own code.
 *
 * What changes from a visitor's page: the popup is placed in `container` (which must be positioned,
 * it stands for the visitor's window) instead of over the page, so a centred popup's backdrop covers
 * the container only; it takes no focus and traps none (the author keeps typing in the editor); it
 * never closes by itself. Nothing goes to the network or to storage: Next / Previous / Send only move
 * the preview along (Send shows the thank-you, then the first page again); a reaction, a comment or
 * an answer is reported nowhere.
 */
export type PreviewPopup = ItemOf<'popup'>['popup'];
export type { Language };

export interface PopupPreviewOptions {
  /** The visitor's language: the popup's own words (Send, Next, the comment box…) and direction (Arabic mirrors). */
  lang: Language;
  /** The page shown first (clamped to the popup's pages). */
  page?: number;
  /** The visitor moved the popup to another page (Next, Previous, a "next page" button). */
  onPageChange?(page: number): void;
  /** Where an image's address points (the console's own uploads are served where it runs: unchanged by default). */
  asset?(url: string): string;
}

export interface PopupPreview {
  /** Draws the popup again for a changed document or options (the previous drawing stays until the new one is placed). */
  update(popup: PreviewPopup, options: PopupPreviewOptions): void;
  destroy(): void;
}

/**
 * Fixed to the visitor's viewport on a page; inside the container in the preview, under the console's
 * own layers. No fade-in: the preview is drawn again at every keystroke, and would flicker.
 */
let styles: CSSStyleSheet | null = null;
const previewCss = () => {
  if (!styles) {
    styles = new CSSStyleSheet();
    styles.replaceSync('.backdrop{position:absolute;z-index:0}.dialog{max-block-size:100%}.in{animation:none}');
  }
  return styles;
};

export const localeOf = (lang: Language): Locale => ({ lang, dir: lang === 'ar' ? 'rtl' : 'ltr', t: TEXTS[lang] });

/** Draws `popup` in `container` as a visitor whose language is `options.lang` would see it. */
export function renderPopupPreview(container: HTMLElement, popup: PreviewPopup, options: PopupPreviewOptions): PopupPreview {
  let shown: Surface | null = null;
  /** Built, waiting for its fonts before it is placed (a later drawing replaces it). */
  let pending: Surface | null = null;
  let destroyed = false;
  let last = { popup, options };

  /** The new drawing replaces the old one in one step: no empty frame between them. */
  function swap(surface: Surface) {
    const previous = shown;
    shown = surface;
    if (pending === surface) pending = null;
    if (previous && previous !== surface) previous.destroy();
  }

  function draw(page: number) {
    const { popup: current, options: opts } = last;
    pending?.destroy();
    pending = null;
    let surface: Surface | null = null;
    let placed = false;
    const ctx: SurfaceContext = {
      locale: localeOf(opts.lang),
      emit: () => undefined,
      // Closed by the visitor (×, a "close" button) or after the thank-you: shown again from its start.
      dismiss: () => {
        if (destroyed || !surface || shown !== surface) return;
        opts.onPageChange?.(0);
        draw(0);
      },
      leave: () => undefined,
      asset: opts.asset ?? ((url) => url),
      progress: { get: () => null, set: () => undefined },
      visit: 'preview',
      embed: {
        page: Math.max(0, Math.min(page, current.content.length - 1)),
        onPage: (index) => opts.onPageChange?.(index),
        place(host) {
          const root = host.shadowRoot;
          if (root) root.adoptedStyleSheets = [...root.adoptedStyleSheets, previewCss()];
          container.append(host);
          placed = true;
          if (surface) swap(surface);
        },
      },
    };
    // The preview never closes by itself: no display time.
    const item = { id: 'preview', kind: 'popup', interrupts: true, modal: true, popup: { ...current, rules: undefined } } as unknown as ItemOf<'popup'>;
    surface = mount(item, ctx);
    if (placed) swap(surface);
    else pending = surface;
  }

  draw(options.page ?? 0);
  return {
    update(next, nextOptions) {
      if (destroyed) return;
      last = { popup: next, options: nextOptions };
      draw(nextOptions.page ?? 0);
    },
    destroy() {
      destroyed = true;
      pending?.destroy();
      shown?.destroy();
      pending = shown = null;
    },
  };
}
