import { textOnColor } from 'contracts/script';
import { createFocusTrap, type FocusTrap } from 'focus-trap';
import { afterNextPaint } from '../core/schedule';
import { createHost, el, emojiRow, FONT_STACK, sheet, TOP } from './dom';
import { warmFonts } from './fonts';
import type { ItemOf, Surface, SurfaceContext } from './types';

/** The popup widths (`POPUP_WIDTHS` in contracts; repeated here because the script must not import zod). */
const WIDTHS = { small: 335, medium: 410, large: 500 } as const;
/** The positions as [vertical, horizontal] flex alignments (horizontal follows the reading direction). */
const PLACES: Record<string, [string, string]> = {
  topL: ['flex-start', 'flex-start'],
  topC: ['flex-start', 'center'],
  topR: ['flex-start', 'flex-end'],
  centerL: ['center', 'flex-start'],
  center: ['center', 'center'],
  centerR: ['center', 'flex-end'],
  bottomL: ['flex-end', 'flex-start'],
  bottomC: ['flex-end', 'center'],
  bottomR: ['flex-end', 'flex-end'],
};
/** After this long on the thank-you page, the popup closes by itself. */
const THANKS_MS = 2500;

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
.backdrop{position:fixed;inset:0;z-index:${TOP};display:flex;padding:16px;background:rgba(15,15,15,.28);overflow:auto}
.backdrop.corner{background:transparent;pointer-events:none;overflow:visible}
.corner .dialog{pointer-events:auto}
.dialog{outline:none;position:relative;inline-size:100%;max-inline-size:var(--sp-width);max-block-size:calc(100vh - 32px);overflow:auto;padding:20px;border-radius:12px;background-color:var(--sp-bg,#fff);background-size:cover;background-position:center;box-shadow:0 12px 40px rgba(0,0,0,.25)}
.head{display:flex;align-items:flex-start;gap:8px;margin-block-end:12px}
.title{flex:1;margin:0;font-size:15px;font-weight:600;line-height:1.3}
.page{display:flex;flex-direction:column;gap:12px}
.text{margin:0;white-space:pre-wrap;overflow-wrap:anywhere}
.a-center{text-align:center}.a-end{text-align:end}.a-start{text-align:start}
.img{display:block;max-inline-size:100%;block-size:auto;border-radius:8px}
.btn{display:inline-block;align-self:flex-start;padding:9px 16px;border:0;border-radius:8px;background:var(--sp-btn,#0958d9);color:var(--sp-btn-text,#fff);font-weight:600;text-decoration:none}
.q{margin:0;padding:0;border:0;display:flex;flex-direction:column;gap:6px}
.q legend{padding:0;margin-block-end:6px;font-weight:600}
.q label{display:flex;align-items:center;gap:8px}
.field{inline-size:100%;padding:8px 10px;border:1px solid rgba(0,0,0,.25);border-radius:8px;background:#fff;resize:vertical}
.err{color:#b42318;font-size:13px;margin:0}
[aria-invalid="true"]{border-color:#b42318}
.reply{margin-block-start:14px}
.nav{display:flex;justify-content:flex-end;align-items:center;gap:8px;margin-block-start:16px}
.count{margin-inline-end:auto;font-size:12px;opacity:.7}
.ghost{padding:8px 14px;border:1px solid rgba(0,0,0,.2);border-radius:8px;background:#fff}
.primary{padding:8px 16px;border:0;border-radius:8px;background:#0958d9;color:#fff;font-weight:600}
.thanks{margin:8px 0;font-size:16px;text-align:center}
`));

type Popup = ItemOf<'popup'>['popup'];
type Block = Popup['content'][number]['content'][number];
type Question = Extract<Block, { kind: 'question' }>;

/**
 * A popup. In the centre it is a modal dialog (role dialog, aria-modal, labelled by its title) behind a
 * backdrop, with focus moved in, trapped, and returned on close. Anywhere else it is a corner card:
 * a non-modal dialog with no backdrop, the page behind it stays usable and focus stays where the
 * visitor left it (a corner card that blocked the page would be a modal in the wrong place). Esc
 * closes both. Pages with Previous / Next; questions checked for
 * `required` before leaving a page; Send posts the answers (`answer`) and the comment (`comment`).
 *
 * Auto-close: after `rules.displayTime` ms the popup closes by itself, unless the visitor has interacted
 * with it (a pointer press, a key, typing inside it); focus moved in by the script does not count.
 */
export function mount(item: ItemOf<'popup'>, ctx: SurfaceContext): Surface {
  const popup = item.popup;
  const { t } = ctx.locale;
  const titleId = `sp-title-${item.id}`;
  const answers = new Map<string, string>();
  let comment = '';
  let pageIndex = ctx.embed?.page ?? 0;
  let trap: FocusTrap | null = null;
  let silent = false;
  let interacted = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const { root, frame, attach, remove } = createHost('popup', css(), ctx.locale, ctx.embed?.place);
  const modal = popup.position === 'center';
  const backdrop = el('div', { class: modal ? 'backdrop' : 'backdrop corner' });
  const [vertical, horizontal] = PLACES[popup.position] ?? PLACES.topR;
  backdrop.style.setProperty('align-items', vertical);
  backdrop.style.setProperty('justify-content', horizontal);
  const dialog = el('div', { class: 'dialog in', role: 'dialog', 'aria-modal': modal ? 'true' : undefined, 'aria-labelledby': titleId, tabindex: '-1' });
  dialog.style.setProperty('--sp-width', `${WIDTHS[popup.format] ?? WIDTHS.medium}px`);
  dialog.style.setProperty('--sp-bg', popup.popupBackground);
  // Readable body text on whatever background the author chose (the title keeps its own colour).
  dialog.style.setProperty('color', textOnColor(popup.popupBackground));
  if (popup.popupBackgroundImage) dialog.style.setProperty('background-image', `url("${ctx.asset(popup.popupBackgroundImage).replace(/["\\\n]/g, '\\$&')}")`);

  // `dir="auto"` on every block of the author's text: an English sentence on an Arabic page keeps its
  // punctuation at its own end ("Which plan?", not "?Which plan").
  const title = el('h2', { class: 'title', id: titleId, dir: 'auto' }, popup.titleOfPopup.label);
  title.style.setProperty('font-size', `${popup.titleOfPopup.fontSize}px`);
  title.style.setProperty('font-family', `"${popup.titleOfPopup.fontFamily}",system-ui,sans-serif`);
  title.style.setProperty('font-weight', popup.titleOfPopup.fontWeight);
  title.style.setProperty('color', popup.titleOfPopup.color);
  const close = el('button', { type: 'button', class: 'x', 'aria-label': t.closePopup }, '×');
  close.addEventListener('click', () => finish(true));
  const body = el('div', {});
  dialog.append(el('div', { class: 'head' }, title, close), body);
  backdrop.append(dialog);
  frame.append(backdrop);

  const pages = popup.content;
  const questionsOf = (index: number) => pages[index].content.filter((b): b is Question => b.kind === 'question');
  const hasQuestions = pages.some((_, i) => questionsOf(i).length > 0);

  function renderBlock(block: Block): HTMLElement {
    switch (block.kind) {
      case 'text':
        return el('p', { class: `text a-${block.align}`, dir: 'auto' }, block.text);
      case 'image':
        return el('img', { class: 'img', src: ctx.asset(block.url), alt: block.alt, loading: 'lazy' });
      case 'button': {
        const button =
          block.action === 'link' && block.url
            ? el('a', { class: 'btn', href: ctx.asset(block.url), target: '_blank', rel: 'noopener noreferrer', dir: 'auto' }, block.label)
            : el('button', { type: 'button', class: 'btn', dir: 'auto' }, block.label);
        button.style.setProperty('--sp-btn', block.color);
        button.style.setProperty('--sp-btn-text', textOnColor(block.color));
        button.addEventListener('click', () => {
          // `target`: the address a link opens, else the button's label (contracts: click event).
          ctx.emit('click', { target: block.action === 'link' && block.url ? ctx.asset(block.url) : block.label });
          if (block.action === 'next') go(pageIndex + 1);
          else if (block.action === 'close') finish(false);
        });
        return button;
      }
      case 'question':
        return renderQuestion(block);
      case 'emojis':
        return emojiRow(block.emojis.length ? block.emojis : popup.emojis, t.reactions, (emoji) => ctx.emit('react', { emoji }));
    }
  }

  /**
   * The rendered questions of the current page by block id, with their error's element id. Block ids
   * are the author's strings: they never go into a selector or an id reference (a `"` or a space
   * would break one and with it the required check), the elements are kept instead.
   */
  const questionFields = new Map<string, { field: HTMLElement; errorId: string }>();

  function renderQuestion(q: Question): HTMLElement {
    // Unique in this popup's shadow root (the page's questions in order).
    const errorId = `sp-err-${questionFields.size}`;
    // The `*` is for the eye; a screen reader hears "required" from aria-required instead.
    const legend = el('legend', { dir: 'auto' }, q.question, q.required && el('span', { 'aria-hidden': 'true' }, ' *'));
    const field = el('fieldset', { class: 'q', 'data-block': q.id }, legend);
    questionFields.set(q.id, { field, errorId });
    if (q.type === 'text') {
      const input = el('textarea', { class: 'field', rows: '2', 'aria-label': q.question, 'aria-required': String(q.required) });
      input.value = answers.get(q.id) ?? '';
      input.addEventListener('input', () => {
        answers.set(q.id, input.value);
        clearError(q.id);
      });
      field.append(input);
    } else {
      const chosen = new Set((answers.get(q.id) ?? '').split('\n').filter(Boolean));
      const group = el('div', { role: q.type === 'choice' ? 'radiogroup' : 'group', 'aria-label': q.question, 'aria-required': String(q.required) });
      for (const option of q.options) {
        const input = el('input', { type: q.type === 'choice' ? 'radio' : 'checkbox', name: `sp-${item.id}-${q.id}`, value: option });
        input.checked = chosen.has(option);
        input.addEventListener('change', () => {
          const picked = [...group.querySelectorAll('input')].filter((i) => i.checked).map((i) => i.value);
          answers.set(q.id, picked.join('\n'));
          clearError(q.id);
        });
        group.append(el('label', { dir: 'auto' }, input, option));
      }
      field.append(group);
    }
    field.append(el('p', { class: 'err', id: errorId, hidden: '' }, t.required));
    return field;
  }

  /** Takes back a question's "please answer" once it has an answer (and not before it was asked for). */
  function clearError(id: string) {
    if (!(answers.get(id) ?? '').trim()) return;
    const { field } = questionFields.get(id) ?? {};
    const error = field?.querySelector<HTMLElement>('.err');
    if (!error || error.hidden) return;
    error.hidden = true;
    const control = field?.querySelector<HTMLElement>('textarea, [role="radiogroup"], [role="group"]');
    control?.setAttribute('aria-invalid', 'false');
    control?.removeAttribute('aria-describedby');
  }

  /** Marks unanswered required questions of the current page; focuses the first; true when all are answered. */
  function pageIsValid(): boolean {
    let first: HTMLElement | null = null;
    for (const q of questionsOf(pageIndex)) {
      const missing = q.required && !(answers.get(q.id) ?? '').trim();
      const { field, errorId } = questionFields.get(q.id) ?? {};
      const control = field?.querySelector<HTMLElement>('textarea, [role="radiogroup"], [role="group"]');
      const error = field?.querySelector<HTMLElement>('.err');
      if (error) error.hidden = !missing;
      if (control) {
        control.setAttribute('aria-invalid', String(missing));
        if (missing && errorId) control.setAttribute('aria-describedby', errorId);
        else control.removeAttribute('aria-describedby');
      }
      if (missing && !first) first = control?.matches('textarea') ? control : (control?.querySelector('input') ?? null);
    }
    (first as HTMLElement | null)?.focus();
    return !first;
  }

  function render() {
    body.replaceChildren();
    questionFields.clear();
    const page = el('div', { class: 'page' }, ...pages[pageIndex].content.map(renderBlock));
    body.append(page);
    const last = pageIndex === pages.length - 1;
    if (last && popup.replayType === 'text') {
      const box = el('textarea', { class: 'field reply', rows: '2', placeholder: t.comment, 'aria-label': t.comment });
      box.value = comment;
      box.addEventListener('input', () => (comment = box.value));
      body.append(box);
    } else if (last && popup.replayType === 'emoji') {
      const row = emojiRow(popup.emojis, t.reactions, (emoji) => ctx.emit('react', { emoji }));
      row.classList.add('reply');
      body.append(row);
    }
    const nav = el('div', { class: 'nav' });
    if (pages.length > 1) nav.append(el('span', { class: 'count' }, `${pageIndex + 1} / ${pages.length}`));
    if (pageIndex > 0) {
      const previous = el('button', { type: 'button', class: 'ghost' }, t.previous);
      previous.addEventListener('click', () => go(pageIndex - 1));
      nav.append(previous);
    }
    if (!last) {
      const next = el('button', { type: 'button', class: 'primary' }, t.next);
      next.addEventListener('click', () => go(pageIndex + 1));
      nav.append(next);
    } else if (hasQuestions || popup.replayType === 'text') {
      const send = el('button', { type: 'button', class: 'primary' }, t.send);
      send.addEventListener('click', submit);
      nav.append(send);
    }
    if (nav.childElementCount) body.append(nav);
  }

  function go(index: number) {
    if (index < 0 || index >= pages.length) return;
    if (index > pageIndex && !pageIsValid()) return;
    pageIndex = index;
    ctx.embed?.onPage(index);
    render();
    // The new page is read from its start; a corner card only when the visitor was already in it.
    if (modal || root.activeElement) dialog.focus();
  }

  function submit() {
    if (!pageIsValid()) return;
    const given = pages
      .flatMap((_, i) => questionsOf(i))
      .map((q) => ({ blockId: q.id, question: q.question.slice(0, 500), answer: (answers.get(q.id) ?? '').slice(0, 2000) }))
      .filter((a) => a.answer.trim());
    if (given.length) ctx.emit('answer', { answers: given.slice(0, 20) });
    if (comment.trim()) ctx.emit('comment', { body: comment.trim().slice(0, 2000) });
    const thanks = el('p', { class: 'thanks', tabindex: '-1', role: 'status' }, t.thankYou);
    body.replaceChildren(thanks);
    if (modal || root.activeElement) thanks.focus();
    stopTimer();
    timer = setTimeout(() => finish(false), THANKS_MS);
  }

  function stopTimer() {
    if (timer) clearTimeout(timer);
    timer = null;
  }

  /** Closes: `byVisitor` reports a `close`; focus goes back where it was. */
  function finish(byVisitor: boolean) {
    stopTimer();
    ctx.dismiss(byVisitor);
  }

  const onInteract = () => {
    if (interacted) return;
    interacted = true;
    stopTimer();
  };
  for (const type of ['pointerdown', 'keydown', 'input', 'wheel']) dialog.addEventListener(type, onInteract);

  // Built detached, then in the page at once: one style and layout pass for the whole dialog, after
  // its fonts are resolved in tasks of their own (see warmFonts).
  render();
  let destroyed = false;
  let cancelTrap = () => {};
  const show = () => {
    if (destroyed) return;
    attach();
    // Focus moves in and the trap starts once the dialog has been rendered: focus-trap reads every
    // control's computed style, which right after `attach()` would force the dialog's style and
    // layout in this same task (the longest part of the popup's task before).
    if (modal && !ctx.embed) cancelTrap = afterNextPaint(activateTrap);
  };
  // A corner card takes no focus and traps nothing; Esc inside it still closes it.
  if (!modal)
    dialog.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      finish(true);
    });
  const warming = warmFonts(fontsOf(pages[0].content));
  if (warming) void warming.then(show);
  else show();

  function activateTrap() {
    trap = createFocusTrap(dialog, {
      initialFocus: dialog,
      fallbackFocus: dialog,
      // Opened by a network answer, not by a key press that the delay would protect from.
      delayInitialFocus: false,
      escapeDeactivates: true,
      returnFocusOnDeactivate: true,
      // A push notification the website lets show beside the popup stays usable; the rest of the page does not.
      allowOutsideClick: (event) => event.composedPath().some((node) => (node as Element).localName === 'signpost-push'),
      // Only the current page is rendered, so nothing hidden needs the (costly) display check.
      tabbableOptions: { getShadowRoot: true, displayCheck: 'none' },
      onDeactivate: () => {
        // Esc (focus-trap) or any close: an Esc is the visitor's close.
        if (!silent) {
          silent = true;
          finish(true);
        }
      },
    });
    trap.activate();
  }

  /** The fonts and texts of the first page as the stylesheet above sets them (sizes, weights). */
  function fontsOf(blocks: Block[]) {
    const words = (kind: Block['kind']) =>
      blocks
        .map((b) =>
          b.kind !== kind ? '' : b.kind === 'text' ? b.text : b.kind === 'button' ? b.label : b.kind === 'question' ? [b.question, ...b.options].join(' ') : '',
        )
        .join(' ');
    const emojis = blocks.some((b) => b.kind === 'emojis') || popup.replayType === 'emoji' ? popup.emojis.join('') : '';
    const { label, fontSize, fontWeight, fontFamily } = popup.titleOfPopup;
    return [
      { font: `${fontWeight} ${fontSize}px "${fontFamily}",system-ui,sans-serif`, text: label },
      { font: `14px ${FONT_STACK}`, text: `${words('text')} ${words('question')} ${t.previous}`.trim() },
      { font: `600 14px ${FONT_STACK}`, text: `${words('button')} ${pages.length > 1 ? t.next : t.send}`.trim() },
      { font: `20px ${FONT_STACK}`, text: `×${emojis}` },
      { font: `12px ${FONT_STACK}`, text: pages.length > 1 ? `1 / ${pages.length}` : '' },
    ];
  }
  if (popup.rules?.displayTime) timer = setTimeout(() => !interacted && finish(false), popup.rules.displayTime);

  return {
    destroy() {
      silent = true;
      destroyed = true;
      stopTimer();
      cancelTrap();
      trap?.deactivate();
      remove();
    },
  };
}
