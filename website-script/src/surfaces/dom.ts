import type { Locale } from '../texts';

/** The highest z-index: surfaces sit above the customer's own overlays. */
export const TOP = 2147483647;

/** The system font stack of every surface (no `@font-face`, which does not work inside a shadow root). */
export const FONT_STACK = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans","Noto Sans Arabic",sans-serif';

/**
 * Styles every surface shares. `:host { all: initial !important }` keeps the page's styles off the host
 * element, in every state: a page's `:focus { box-shadow }` matches the host while focus is inside the
 * surface, and outer rules beat normal `:host` rules, but for `!important` ones the shadow root's win,
 * even over the page's own `!important`. Inherited styles stop there too; the
 * system font stack needs no `@font-face` (which does not work inside a shadow root); logical
 * properties mirror under `dir="rtl"`; animation only when the visitor has not asked for less motion.
 */
export const BASE_CSS = `
:host{all:initial!important}
.root{font-family:${FONT_STACK};font-size:14px;line-height:1.45;color:#1f1f1f;-webkit-font-smoothing:antialiased}
*,*::before,*::after{box-sizing:border-box}
button,input,textarea{font:inherit;color:inherit}
button{cursor:pointer}
:focus{outline:none}
:focus-visible{outline:2px solid #0958d9;outline-offset:2px;box-shadow:0 0 0 4px #fff}
.x{display:inline-flex;align-items:center;justify-content:center;inline-size:32px;block-size:32px;border:0;border-radius:50%;background:transparent;font-size:20px;line-height:1;flex:none}
.x:hover{background:rgba(0,0,0,.08)}
.emojis{display:flex;flex-wrap:wrap;gap:6px;margin:0;padding:0;border:0}
.emoji{min-inline-size:40px;block-size:40px;border:1px solid rgba(0,0,0,.15);border-radius:20px;background:rgba(255,255,255,.9);font-size:20px;line-height:1}
.emoji[aria-pressed="true"]{border-color:#0958d9;background:#e6f0ff}
.vh{position:absolute;inline-size:1px;block-size:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:no-preference){.in{animation:sp-in .18s ease-out}}
@keyframes sp-in{from{opacity:0;transform:translateY(6px)}to{opacity:1;transform:none}}
`;

/** Builds an element; text is set as `textContent`, never parsed as HTML (content is data). */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | undefined> = {},
  ...children: (Node | string | null | false)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) if (value !== undefined) node.setAttribute(name, value);
  for (const child of children) if (child) node.append(typeof child === 'string' ? document.createTextNode(child) : child);
  return node;
}

/** A constructable stylesheet: allowed by a strict `style-src` CSP, unlike an injected `<style>`. */
export function sheet(css: string): CSSStyleSheet {
  const s = new CSSStyleSheet();
  s.replaceSync(BASE_CSS + css);
  return s;
}

export interface Host {
  host: HTMLElement;
  root: ShadowRoot;
  /** The element inside the shadow root carrying `dir` and `lang`. */
  frame: HTMLElement;
  /** Puts the host in the page: once the surface is built, so the page's style and layout run once for it. */
  attach(): void;
  remove(): void;
}

/**
 * One host element per surface with an open shadow root, styled by `styles`, in the page's language
 * and direction; not in the page until `attach()` (by `place`, at the end of the body by default).
 */
export function createHost(kind: string, styles: CSSStyleSheet, locale: Locale, place: (host: HTMLElement) => void = (h) => document.body.append(h)): Host {
  const host = document.createElement(`signpost-${kind}`);
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [styles];
  const frame = el('div', { class: 'root', dir: locale.dir, lang: locale.lang });
  root.append(frame);
  return { host, root, frame, attach: () => place(host), remove: () => host.remove() };
}

/** A row of emoji buttons; `onPick` gets the emoji, the picked one shows as pressed. */
export function emojiRow(emojis: readonly string[], label: string, onPick: (emoji: string) => void): HTMLElement {
  const row = el('div', { class: 'emojis', role: 'group', 'aria-label': label });
  for (const emoji of emojis) {
    const button = el('button', { type: 'button', class: 'emoji', 'aria-pressed': 'false' }, emoji);
    button.addEventListener('click', () => {
      for (const b of row.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b === button));
      onPick(emoji);
    });
    row.append(button);
  }
  return row;
}

/** Opens a content link: a new tab without access to this page, or this tab. */
export function openLink(url: string, newTab: boolean) {
  if (newTab) window.open(url, '_blank', 'noopener,noreferrer');
  else window.location.assign(url);
}
