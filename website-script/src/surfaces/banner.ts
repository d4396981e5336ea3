import { textOnColor } from 'contracts/script';
import { createHost, el, emojiRow, openLink, sheet, TOP } from './dom';
import type { ItemOf, Surface, SurfaceContext } from './types';

/**
 * A floating banner covers at most this share of the viewport's height: beyond it its text scrolls
 * inside, and its close button (outside the scrolling part) stays on screen.
 */
export const FLOATING_MAX_VH = 40;

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
:host{display:block!important}
.bar{display:flex;align-items:center;padding:10px 16px;padding-inline-end:48px;position:relative;background:var(--sp-bg,#0958d9);color:var(--sp-fg,#fff)}
.main{display:flex;align-items:center;flex-wrap:wrap;gap:8px 16px;flex:1 1 auto;min-inline-size:0}
.floating{position:fixed;inset-inline:0;z-index:${TOP};box-shadow:0 4px 16px rgba(0,0,0,.2);box-sizing:border-box}
.floating .main{max-block-size:calc(${FLOATING_MAX_VH}vh - 20px);max-block-size:calc(${FLOATING_MAX_VH}dvh - 20px);overflow-y:auto;overscroll-behavior:contain}
.top{inset-block-start:0}.bottom{inset-block-end:0}
.copy{flex:1 1 240px;min-inline-size:0}
.title{margin:0;font-weight:700}
.content{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.sender{margin:0;font-size:12px;opacity:.85}
.link{color:inherit;font-weight:600;text-decoration:underline;text-underline-offset:2px}
.bar .x{position:absolute;inset-inline-end:8px;inset-block-start:50%;margin-block-start:-16px;color:inherit}
.bar .x:hover{background:rgba(255,255,255,.18)}
`));

/**
 * A banner: inline (a block at the top or bottom of the body, pushing the page) or floating (fixed).
 * A labelled region that never takes focus. Actions: a link (new tab or same, optionally closing the
 * banner) or emoji reactions (optionally closing it); the dismiss button reports a `close`.
 * A floating banner never covers the page: at most FLOATING_MAX_VH of the viewport's height, its
 * text and actions scrolling inside, the close button beside them always visible, and Esc closes it
 * (as the close button does) unless something else on the page took that key.
 */
export function mount(item: ItemOf<'banner'>, ctx: SurfaceContext): Surface {
  const banner = item.banner;
  const { t } = ctx.locale;
  const { bannerStyle, bannerPosition, backgroundColor } = banner.settings;
  const inline = bannerStyle !== 'floating';
  const { frame, attach, remove } = createHost('banner', css(), ctx.locale, (host) => {
    if (inline && bannerPosition === 'top') document.body.prepend(host);
    else document.body.append(host);
  });
  const bar = el('div', {
    class: `bar in ${inline ? '' : 'floating'} ${bannerPosition === 'bottom' ? 'bottom' : 'top'}`,
    role: 'region',
    'aria-label': banner.titleOfBanner || t.banner,
  });
  bar.style.setProperty('--sp-bg', backgroundColor);
  bar.style.setProperty('--sp-fg', textOnColor(backgroundColor));
  const copy = el(
    'div',
    { class: 'copy' },
    el('p', { class: 'title', dir: 'auto' }, banner.titleOfBanner),
    el('p', { class: 'content', dir: 'auto' }, banner.content),
    banner.showSender && item.sender ? el('p', { class: 'sender' }, item.sender) : null,
  );
  const main = el('div', { class: 'main' }, copy);
  bar.append(main);

  const action = banner.actions;
  if (action.type === 'url') {
    const link = el(
      'a',
      { class: 'link', href: ctx.asset(action.url), ...(action.isUrlOpenedInNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
      action.urlText,
    );
    link.addEventListener('click', (event) => {
      ctx.emit('click', { target: link.href });
      if (action.closeBannerOnClick) {
        // Leave the page's own navigation to the link; close once it is on its way.
        if (!action.isUrlOpenedInNewTab) {
          event.preventDefault();
          ctx.dismiss(false);
          openLink(link.href, false);
        } else ctx.dismiss(false);
      }
    });
    main.append(link);
  } else if (action.type === 'reactions') {
    main.append(
      emojiRow(action.reactionsList, t.reactions, (emoji) => {
        ctx.emit('react', { emoji });
        if (action.closeBannerOnClick) ctx.dismiss(false);
      }),
    );
  }
  let onKey: ((event: KeyboardEvent) => void) | null = null;
  if (banner.dismissButton) {
    const close = el('button', { type: 'button', class: 'x', 'aria-label': t.closeBanner }, '×');
    close.addEventListener('click', () => ctx.dismiss(true));
    bar.append(close);
    if (!inline) {
      onKey = (event) => {
        // A modal popup open (focus in it) has Esc for itself, as has a page that handled the key.
        if (event.key !== 'Escape' || event.defaultPrevented || document.activeElement?.localName === 'signpost-popup') return;
        ctx.dismiss(true);
      };
      document.addEventListener('keydown', onKey);
    }
  }
  frame.append(bar);
  attach();
  return {
    destroy: () => {
      if (onKey) document.removeEventListener('keydown', onKey);
      remove();
    },
  };
}
