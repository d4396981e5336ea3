import { arrow, autoUpdate, computePosition, flip, offset, shift, type Placement } from '@floating-ui/dom';
import { pageRuleMatches, textOnColor } from 'contracts/script';
import { locate } from '../core/element-finder';
import { TOUR_COMPLETE_EVENT } from './types';
import { isTourProgress, type TourProgress } from '../core/tours';
import { CORNER_ORDER, inCorner } from './corner';
import { createHost, el, sheet, TOP } from './dom';
import { waitForElement, type ElementWait } from './element-waiter';
import type { ItemOf, ScriptItem, Surface, SurfaceContext } from './types';

type Tour = ItemOf<'tour'>['tour'];
type Step = Tour['steps'][number];

/** How long a step's element may take to appear (rendered after data, behind a lazy route) before it is reported missing. */
export const ELEMENT_TIMEOUT_MS = 6000;
/** Room between the element and its highlight, and between the highlight and the step. */
const PAD = 6;

const css = () =>
  sheet(`
.shade{position:fixed;inset:0;z-index:${TOP};background:rgba(15,15,25,.55);pointer-events:auto}
.ring{position:fixed;z-index:${TOP};border-radius:6px;box-shadow:0 0 0 3px #fff,0 0 0 5px var(--sp-btn);pointer-events:none}
.step{position:fixed;z-index:${TOP};top:0;left:0;inline-size:min(340px,calc(100vw - 16px));background:#fff;color:#1f1f1f;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.3);padding:16px}
.again{top:auto;left:auto;inset-block-end:16px;inset-inline-end:16px;inline-size:auto;padding:8px}
.step.centre{top:50%;left:50%;transform:translate(-50%,-50%)}
.head{display:flex;align-items:flex-start;gap:8px;justify-content:space-between}
.title{margin:0 0 6px;font-size:16px;font-weight:600}
.text{margin:0 0 8px;white-space:pre-wrap}
.count{font-size:12px;color:#595959}
.foot{display:flex;flex-wrap:wrap;align-items:center;gap:8px;margin-block-start:8px}
.grow{flex:1}
.btn{border:0;border-radius:6px;padding:6px 14px;background:var(--sp-btn);color:var(--sp-btn-text);font-weight:600}
.ghost{border:1px solid rgba(0,0,0,.25);border-radius:6px;padding:5px 12px;background:#fff}
.arrow{position:absolute;inline-size:10px;block-size:10px;background:#fff;transform:rotate(45deg)}
@media (prefers-reduced-motion:no-preference){
.step{transition:opacity .2s}
.bit{position:fixed;z-index:${TOP};inline-size:8px;block-size:12px;inset-block-start:-12px;animation:sp-fall 1.4s ease-in forwards}
@keyframes sp-fall{to{transform:translateY(105vh) rotate(540deg)}}}
@media (prefers-reduced-motion:reduce){.bit{display:none}}
`);

/** Whether the visitor asked for less motion (no animation, no smooth scrolling). */
const reducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

const stepText = (content: Step['content']) => (typeof content === 'string' ? content : content.map((b) => b.text ?? '').join('\n\n'));

/** Physical sides for `dir`: the step sits after its element in the reading direction when told `right`. */
function placementOf(step: Step, rtl: boolean): Placement {
  const p = step.placement === 'auto' ? 'bottom' : step.placement;
  if (!rtl) return p;
  return p === 'left' ? 'right' : p === 'right' ? 'left' : p;
}

/**
 * A product tour on the customer's page: one step at a time, beside its element (waited for, checked
 * visible, scrolled into view, highlighted through a cut-out of the overlay) or centred; the visitor's
 * place kept through the core's progress at every move, so a link followed, a client-side navigation
 * or a reload resumes it. A step advanced by a click on its element leaves that element clickable
 * (the overlay has a hole there) and reachable by Tab from the step. Focus moves into each step;
 * Esc leaves (snoozes when the tour allows it); the arrow keys move; a live region announces each step.
 */
export function mount(item: ItemOf<'tour'>, ctx: SurfaceContext): Surface {
  let tour: Tour = item.tour;
  const { t, dir } = ctx.locale;
  const rtl = dir === 'rtl';
  const { frame, attach, remove } = createHost('tour', css(), ctx.locale);
  const live = el('div', { class: 'vh', role: 'status', 'aria-live': 'polite' });
  frame.append(live);
  frame.style.setProperty('--sp-btn', tour.button_color);
  frame.style.setProperty('--sp-btn-text', textOnColor(tour.button_color));
  attach();

  let index = 0;
  let gone = false;
  /** The Restart button is on screen (the tour over). */
  let offering = false;
  let ending: ReturnType<typeof setTimeout> | undefined;
  let wait: ElementWait | null = null;
  /** Undoes what the current step put on the page (its nodes, listeners, the position updates). */
  let teardown: () => void = () => undefined;
  const returnFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  const button = (kind: string, text: string, onClick: () => void) => {
    const b = el('button', { type: 'button', class: kind }, text);
    b.addEventListener('click', () => onClick());
    return b;
  };
  const closeButton = (onClick: () => void) => {
    const b = button('x', '×', onClick);
    b.setAttribute('aria-label', t.closeTour);
    return b;
  };

  const save = (state: TourProgress) => ctx.progress.set({ ...state });

  function begin(restart: boolean) {
    const state = ctx.progress.get();
    if (!restart && isTourProgress(state) && (state.status === 'active' || state.status === 'snoozed')) {
      index = Math.min(state.step, tour.steps.length - 1);
      if (state.status === 'snoozed') save({ step: index, status: 'active' });
    } else {
      index = 0;
      save({ step: 0, status: 'active' });
      ctx.emit('view');
    }
    show(index);
  }

  function clear() {
    wait?.cancel();
    wait = null;
    teardown();
    teardown = () => undefined;
  }

  /** Whether the step belongs to this page (no page: any). */
  const onThisPage = (step: Step, href = location.href) => !step.url || pageRuleMatches(step.url, href);
  /** The page that advances a step advanced by reaching a page: its own, else the next step's. */
  const advancePage = (i: number) => tour.steps[i].advanceUrl || tour.steps[i + 1]?.url || '';

  function show(i: number) {
    clear();
    if (gone) return;
    if (i >= tour.steps.length) return finish('complete');
    index = i;
    save({ step: i, status: 'active' });
    const step = tour.steps[i];
    if (!onThisPage(step)) {
      // A step advanced by reaching a page, and the visitor is there (a link followed, a reload): done.
      if (step.advanceOn === 'page' && advancePage(i) && pageRuleMatches(advancePage(i), location.href)) return next();
      // Its page is another one: step aside until the visitor gets there (the core shows it again).
      return ctx.leave();
    }
    if (!step.target) return render(step, null);
    const target = step.target;
    // The box the visitor sees (a hidden custom checkbox's label), and the control it stands for.
    let control: Element | null = null;
    const current = (wait = waitForElement(() => {
      const found = locate(target);
      control = found?.element ?? null;
      return found?.shown ?? null;
    }, ELEMENT_TIMEOUT_MS));
    void current.found.then((element) => {
      if (gone || wait !== current) return;
      wait = null;
      if (element) return render(step, element, control);
      ctx.emit('element_missing', { target: step.id, detail: { page: location.href.slice(0, 2048), selector: target.selector } });
      if (step.whenMissing === 'centre') render(step, null);
      else if (i + 1 < tour.steps.length) show(i + 1);
      else finish('complete');
    });
  }

  function render(step: Step, element: Element | null, control: Element | null = element) {
    // A click or a key on the box shown, or on the control it stands for (a label's click reaches its control too).
    const isOn = (node: EventTarget | null) => node instanceof Node && !!(element?.contains(node) || control?.contains(node));
    const total = tour.steps.length;
    const titleId = `sp-tour-${item.id}-${index}`;
    const card = el('div', { class: 'step', role: 'dialog', 'aria-labelledby': titleId, tabindex: '-1' });
    const close = tour.settings.dismissible ? closeButton(() => finish('dismiss')) : null;
    const heading = el('h2', { class: 'title', id: titleId, dir: 'auto' }, step.title || tour.title);
    card.append(el('div', { class: 'head' }, heading, close));
    const text = stepText(step.content);
    if (text) card.append(el('p', { class: 'text', dir: 'auto' }, text));
    const foot = el('div', { class: 'foot' });
    const count = t.stepOf.replace('{n}', String(index + 1)).replace('{total}', String(total));
    if (tour.settings.showProgress) foot.append(el('span', { class: 'count' }, count));
    foot.append(el('span', { class: 'grow' }));
    if (tour.snoozeable) foot.append(button('ghost', tour.snooze_button_text || t.later, () => finish('snooze')));
    if (index > 0 && onThisPage(tour.steps[index - 1])) foot.append(button('ghost', t.previous, () => show(index - 1)));
    const last = index === total - 1;
    let primary: HTMLButtonElement | null = null;
    if (step.advanceOn === 'next' || !element) {
      foot.append((primary = button('btn', last ? t.done : t.next, next)));
    }
    card.append(foot);

    const parts: HTMLElement[] = [];
    const cleanups: (() => void)[] = [];
    const shade = tour.settings.overlay ? el('div', { class: 'shade' }) : null;
    const ring = element ? el('div', { class: 'ring' }) : null;
    if (shade) parts.push(shade);
    if (ring) parts.push(ring);
    parts.push(card);
    frame.append(...parts);

    if (element) {
      const arrowEl = el('div', { class: 'arrow' });
      card.append(arrowEl);
      // Scrolled into view first (centred, so the step has room), without animation for reduced motion.
      if (typeof element.scrollIntoView === 'function')
        element.scrollIntoView({ block: 'center', inline: 'nearest', behavior: reducedMotion() ? 'auto' : 'smooth' });
      const update = () => {
        const box = element.getBoundingClientRect();
        const [top, left, right, bottom] = [box.top - PAD, box.left - PAD, box.right + PAD, box.bottom + PAD].map((n) => `${n}px`);
        // The page dimmed and unclickable everywhere but the element: the shade has a hole there (its
        // clip-path, which hit-testing follows too), the inner outline drawn the other way round.
        if (shade)
          shade.style.clipPath = `polygon(evenodd,0 0,100% 0,100% 100%,0 100%,0 0,${left} ${top},${left} ${bottom},${right} ${bottom},${right} ${top},${left} ${top})`;
        if (ring) Object.assign(ring.style, { top, left, width: `${box.width + 2 * PAD}px`, height: `${box.height + 2 * PAD}px` });
        void computePosition(element, card, {
          strategy: 'fixed',
          placement: placementOf(step, rtl),
          middleware: [offset(PAD + 8), flip(), shift({ padding: 8 }), arrow({ element: arrowEl })],
        }).then(({ x, y, placement, middlewareData }) => {
          // Physical coordinates from floating-ui (the sheet places the step by top/left, in either direction).
          Object.assign(card.style, { left: `${x}px`, top: `${y}px` });
          const side = { top: 'bottom', bottom: 'top', left: 'right', right: 'left' }[placement.split('-')[0]] ?? 'top';
          const a = middlewareData.arrow;
          Object.assign(arrowEl.style, {
            left: a?.x != null ? `${a.x}px` : '',
            top: a?.y != null ? `${a.y}px` : '',
            right: '',
            bottom: '',
            [side]: '-5px',
          });
        });
      };
      cleanups.push(autoUpdate(element, card, update));
      if (step.advanceOn === 'click') {
        // Capture, before the page's own handlers and before a link navigates: the place is written first.
        let advanced = false;
        const onClick = (event: Event) => {
          if (advanced || !isOn(event.target)) return;
          advanced = true;
          next();
        };
        document.addEventListener('click', onClick, true);
        cleanups.push(() => document.removeEventListener('click', onClick, true));
        // Esc and the arrows also work while focus is on the element the step asks to click.
        const onKey = (event: KeyboardEvent) => {
          if (isOn(event.target)) keys(event);
        };
        document.addEventListener('keydown', onKey, true);
        cleanups.push(() => document.removeEventListener('keydown', onKey, true));
      }
    } else {
      card.classList.add('centre');
    }

    card.addEventListener('keydown', (event) => {
      // Tab from the step's last control reaches the element the step asks to click (never trapped away from it).
      const focusables = Array.from(card.querySelectorAll('button'));
      const focusable = control instanceof HTMLElement ? control : element;
      if (event.key === 'Tab' && !event.shiftKey && step.advanceOn === 'click' && focusable instanceof HTMLElement) {
        const active = (frame.getRootNode() as ShadowRoot).activeElement;
        if (active === card || active === focusables[focusables.length - 1]) {
          event.preventDefault();
          focusable.focus();
          return;
        }
      }
      keys(event);
    });

    live.textContent = `${tour.settings.showProgress ? `${count}: ` : ''}${step.title || tour.title}`;
    (primary ?? card).focus({ preventScroll: true });
    ctx.emit('step', { target: step.id });
    teardown = () => {
      for (const c of cleanups) c();
      for (const p of parts) p.remove();
    };
  }

  function keys(event: KeyboardEvent) {
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const back = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === 'Escape') {
      event.preventDefault();
      finish(tour.snoozeable ? 'snooze' : 'dismiss');
    } else if (event.key === forward && tour.steps[index].advanceOn === 'next') {
      event.preventDefault();
      next();
    } else if (event.key === back && index > 0 && onThisPage(tour.steps[index - 1])) {
      event.preventDefault();
      show(index - 1);
    }
  }

  function next() {
    if (index + 1 >= tour.steps.length) return finish('complete');
    // Written before anything else: a click on a link navigates right after this handler.
    save({ step: index + 1, status: 'active' });
    show(index + 1);
  }

  /** The visitor finished, left or put off the tour: their place is kept, the event reported, the end played. */
  function finish(how: 'complete' | 'snooze' | 'dismiss') {
    if (gone) return;
    save({ step: how === 'snooze' ? index : 0, status: how === 'complete' ? 'done' : how === 'snooze' ? 'snoozed' : 'dismissed', visit: ctx.visit });
    ctx.emit(how);
    // A checklist on the page ticks its task for this tour now (the server agrees from the same event).
    if (how === 'complete') window.dispatchEvent(new CustomEvent(TOUR_COMPLETE_EVENT, { detail: { id: item.id } }));
    clear();
    live.textContent = how === 'complete' ? t.finished : '';
    const end = how === 'complete' ? tour.end_tour_animation : 'noanimation';
    const reduce = reducedMotion();
    if (returnFocus?.isConnected) returnFocus.focus({ preventScroll: true });
    if (end === 'confetti' && !reduce) {
      const colors = [tour.button_color, '#ffb400', '#00b386', '#e5484d'];
      for (let n = 0; n < 24; n++) {
        const bit = el('div', { class: 'bit' });
        Object.assign(bit.style, { left: `${(n * 37) % 100}vw`, background: colors[n % colors.length], animationDelay: `${(n % 6) * 60}ms` });
        frame.append(bit);
      }
    }
    gone = true;
    if (tour.restartable && how !== 'dismiss') return offerRestart();
    // The live region says "finished" before the host goes; the animation plays out.
    ending = setTimeout(() => ctx.dismiss(false), end === 'noanimation' || reduce ? 400 : 1500);
  }

  /**
   * A restartable tour, completed or put off, leaves its Restart button (the tour's text, else the
   * page language's) in a corner; it holds the slot only until the visitor restarts it, closes it or
   * moves to another page.
   */
  function offerRestart() {
    const box = el(
      'div',
      { class: 'step foot again' },
      button('btn', tour.restart_button_text || t.restart, restart),
      closeButton(() => ctx.dismiss(false)),
    );
    frame.append(box);
    const release = inCorner(box, CORNER_ORDER.restart);
    teardown = () => {
      release();
      box.remove();
    };
    offering = true;
  }

  /** From its first step again, whatever the visitor did with it (the Restart button, `signpost('startTour', id)`). */
  function restart() {
    clearTimeout(ending);
    gone = offering = false;
    begin(true);
  }

  begin(false);

  return {
    destroy() {
      gone = true;
      clearTimeout(ending);
      clear();
      remove();
    },
    pageChanged(href) {
      if (offering) return ctx.dismiss(false);
      if (gone) return;
      const step = tour.steps[index];
      if (step.advanceOn === 'page' && advancePage(index) && pageRuleMatches(advancePage(index), href)) return next();
      if (!onThisPage(step, href)) {
        clear();
        ctx.leave();
      }
    },
    update(next: ScriptItem, fromStart: boolean) {
      if (next.kind !== 'tour') return;
      tour = next.tour;
      // `signpost('startTour', id)` restarts it even when it is over (its end playing, or its Restart button shown).
      if (fromStart) restart();
    },
  };
}
