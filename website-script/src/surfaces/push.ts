import { CORNER_ORDER, inCorner, layout } from './corner';
import { createHost, el, openLink, sheet, TOP } from './dom';
import type { ItemOf, Surface, SurfaceContext } from './types';

/** Time between inserting the (empty) status region and filling it, so screen readers announce it. */
const LIVE_REGION_DELAY_MS = 50;

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
.card{position:fixed;inset-block-end:16px;inset-inline-end:16px;z-index:${TOP};display:flex;gap:12px;align-items:flex-start;inline-size:min(360px,calc(100vw - 32px));padding:14px;padding-inline-end:44px;border-radius:12px;background:#fff;box-shadow:0 10px 30px rgba(0,0,0,.22)}
.card:empty{opacity:0}
.icon{inline-size:40px;block-size:40px;border-radius:8px;object-fit:cover;flex:none}
.copy{min-inline-size:0}
.title{margin:0;font-weight:700}
.body{margin:2px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.open{display:inline-block;margin-block-start:8px;color:#0958d9;font-weight:600}
.card .x{position:absolute;inset-block-start:8px;inset-inline-end:8px}
`));

/**
 * A short two-note chime made with WebAudio (no sound file to download). Browsers refuse sound before
 * the visitor has interacted with the page: then it stays silent, without the console warning an
 * AudioContext created too early prints on the customer's page.
 */
export function chime() {
  try {
    const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
    if (activation && !activation.hasBeenActive) return;
    const Audio = globalThis.AudioContext ?? (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Audio) return;
    const audio = new Audio();
    const gain = audio.createGain();
    gain.connect(audio.destination);
    const now = audio.currentTime;
    gain.gain.setValueAtTime(0.0001, now);
    gain.gain.exponentialRampToValueAtTime(0.15, now + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, now + 0.35);
    [880, 1320].forEach((frequency, i) => {
      const tone = audio.createOscillator();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      tone.connect(gain);
      tone.start(now + i * 0.09);
      tone.stop(now + 0.36);
    });
    setTimeout(() => void audio.close().catch(() => undefined), 600);
  } catch {}
}

/**
 * A push notification. Where the visitor already granted notifications to the site, the browser's own
 * (`new Notification`); the script never asks for the permission. Otherwise an in-page card, a status
 * region that never takes focus, shown `duration` seconds; the countdown pauses while the pointer is
 * over it or focus is in it.
 */
export function mount(item: ItemOf<'push'>, ctx: SurfaceContext): Surface {
  const push = item.push;
  const { t } = ctx.locale;
  const url = push.action.url ? ctx.asset(push.action.url) : '';
  const newTab = push.action.target !== '_self';
  const ms = push.duration * 1000;

  if (typeof Notification === 'function' && Notification.permission === 'granted') {
    const native = new Notification(push.title, { body: push.body, icon: push.icon ? ctx.asset(push.icon) : undefined, silent: !push.audio, tag: item.id });
    let closedByUs = false;
    native.onclick = () => {
      ctx.emit('click', url ? { target: url } : {});
      if (url) openLink(url, newTab);
      closedByUs = true;
      native.close();
      ctx.dismiss(false);
    };
    native.onclose = () => {
      if (!closedByUs) ctx.dismiss(true);
    };
    const timer = setTimeout(() => {
      closedByUs = true;
      native.close();
      ctx.dismiss(false);
    }, ms);
    return {
      destroy() {
        clearTimeout(timer);
        closedByUs = true;
        native.close();
      },
    };
  }

  const { frame, attach, remove } = createHost('push', css(), ctx.locale);
  const card = el('div', { class: 'card in', role: 'status', 'aria-label': t.notification });
  // A live region is announced when its content changes after it is in the page: insert it empty, fill it just after.
  frame.append(card);
  attach();
  const parts: Node[] = [];
  if (push.icon) parts.push(el('img', { class: 'icon', src: ctx.asset(push.icon), alt: '' }));
  const copy = el('div', { class: 'copy' }, el('p', { class: 'title', dir: 'auto' }, push.title), el('p', { class: 'body', dir: 'auto' }, push.body));
  if (url) {
    const open = el('a', { class: 'open', href: url, ...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {}) }, t.open);
    open.addEventListener('click', () => {
      ctx.emit('click', { target: url });
      ctx.dismiss(false);
    });
    copy.append(open);
  }
  const close = el('button', { type: 'button', class: 'x', 'aria-label': t.closeNotification }, '×');
  close.addEventListener('click', () => ctx.dismiss(true));
  parts.push(copy, close);
  // Stacked with the corner's other surfaces: the oldest card nearest the edge, none over a launcher.
  const release = inCorner(card, CORNER_ORDER.push);
  const fill = setTimeout(() => {
    card.append(...parts);
    layout();
  }, LIVE_REGION_DELAY_MS);
  if (push.audio) chime();

  // Countdown that pauses while hovered or focused.
  let left = ms;
  let started = Date.now();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let hovered = false;
  let focused = false;
  const run = () => {
    started = Date.now();
    timer = setTimeout(() => ctx.dismiss(false), left);
  };
  const pause = () => {
    if (!timer) return;
    clearTimeout(timer);
    timer = null;
    left = Math.max(0, left - (Date.now() - started));
  };
  const sync = () => (hovered || focused ? pause() : !timer && run());
  card.addEventListener('pointerenter', () => ((hovered = true), sync()));
  card.addEventListener('pointerleave', () => ((hovered = false), sync()));
  card.addEventListener('focusin', () => ((focused = true), sync()));
  card.addEventListener('focusout', () => ((focused = false), sync()));
  run();

  return {
    destroy() {
      clearTimeout(fill);
      if (timer) clearTimeout(timer);
      remove();
      release();
    },
  };
}
