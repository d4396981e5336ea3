import { pageLocale } from '../page-locale';
import { createHost, el, sheet, TOP } from './dom';

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
.card{position:fixed;inset-block-start:16px;inset-inline-end:16px;z-index:${TOP};inline-size:min(340px,calc(100vw - 32px));padding:14px;border-radius:12px;background:#fff;box-shadow:0 10px 30px rgba(0,0,0,.22)}
.title{margin:0;font-weight:700}
.body{margin:4px 0 10px}
.row{display:flex;gap:8px;justify-content:flex-end}
.row button{padding:6px 12px;border-radius:8px;border:1px solid #d0d0d0;background:#fff;font:inherit;cursor:pointer}
.row .allow{background:#0958d9;border-color:#0958d9;color:#fff}
`));

/**
 * The soft prompt: the site asks in the page before the browser's own question, so a visitor who
 * says "Not now" can still be asked later (a browser's "Block" is for good). Resolves true on "Allow".
 */
export function softPrompt(): Promise<boolean> {
  const locale = pageLocale();
  const { t } = locale;
  return new Promise((resolve) => {
    const { frame, attach, remove } = createHost('push-prompt', css(), locale);
    const finish = (allow: boolean) => {
      remove();
      resolve(allow);
    };
    const allow = el('button', { type: 'button', class: 'allow' }, t.pushAllow);
    const later = el('button', { type: 'button', class: 'later' }, t.pushNotNow);
    allow.addEventListener('click', () => finish(true));
    later.addEventListener('click', () => finish(false));
    frame.append(
      el(
        'div',
        { class: 'card', role: 'dialog', 'aria-label': t.pushAskTitle },
        el('p', { class: 'title' }, t.pushAskTitle),
        el('p', { class: 'body' }, t.pushAskBody),
        el('div', { class: 'row' }, later, allow),
      ),
    );
    attach();
    allow.focus();
  });
}
