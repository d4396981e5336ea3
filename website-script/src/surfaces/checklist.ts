import confetti from 'canvas-confetti';
import { pageRuleMatches } from 'contracts/script';
import { CORNER_ORDER, inCorner } from './corner';
import { createHost, el, openLink, sheet, TOP } from './dom';
import { TOUR_COMPLETE_EVENT, type ItemOf, type Surface, type SurfaceContext } from './types';

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
[hidden]{display:none!important}
.wrap{position:fixed;inset-block-end:20px;inset-inline-end:20px;z-index:${TOP};display:flex;flex-direction:column;align-items:flex-end;gap:10px}
.launcher{display:inline-flex;align-items:center;gap:8px;border:0;border-radius:24px;padding:10px 16px;background:#0958d9;color:#fff;font-weight:600;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.badge{min-inline-size:22px;block-size:22px;border-radius:11px;background:#fff;color:#0958d9;display:inline-flex;align-items:center;justify-content:center;font-size:12px}
.panel{inline-size:min(360px,calc(100vw - 40px));max-block-size:min(70vh,560px);overflow:auto;background:#fff;border-radius:12px;box-shadow:0 8px 32px rgba(0,0,0,.25);padding:16px;position:relative}
.panel h2{margin:0 0 4px;font-size:17px;padding-inline-end:64px}
.sub{margin:0 0 4px;color:#595959}.desc{margin:0 0 8px;white-space:pre-wrap}
.bar{block-size:6px;border-radius:3px;background:#f0f0f0;margin:6px 0 12px}.fill{block-size:100%;border-radius:3px;background:#0958d9}
ul{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:6px}
li{border:1px solid #e5e5e5;border-radius:8px}
.head{display:flex;align-items:center;gap:8px;inline-size:100%;border:0;background:none;padding:8px;text-align:start}
.mark{inline-size:18px;block-size:18px;border-radius:50%;border:2px solid #bfbfbf;flex:none;display:inline-flex;align-items:center;justify-content:center;font-size:12px}
.isdone .mark{background:#389e0d;border-color:#389e0d;color:#fff}.isdone .name{text-decoration:line-through;color:#595959}
.name{flex:1}.min{font-size:12px;color:#595959}
.body{padding:0 8px 8px 34px;padding-inline:34px 8px}
.body p{margin:0 0 8px;white-space:pre-wrap}
.act{border:0;border-radius:6px;padding:6px 12px;background:#0958d9;color:#fff;margin-inline-end:6px}
.tick{border:1px solid #0958d9;border-radius:6px;padding:5px 12px;background:#fff;color:#0958d9}
.tools{position:absolute;inset-block-start:8px;inset-inline-end:8px;display:flex}
.cele{text-align:center;padding:12px 0}.cele h2{padding:0}
`));

type State = { done?: Record<string, string>; celebrated?: boolean; dismissed?: boolean; opened?: boolean };
const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

/**
 * A checklist on the page: a launcher with the count of tasks left (`badge`), or opened on the
 * visitor's first view (`full`). Each task opens or closes (a disclosure button), shows its state,
 * its action and its minutes; it is done when ticked, or by its rule: a page visited, an element
 * clicked, a tracked event, or what the server saw (a tour completed, an attribute, another device).
 * A done task stays done. When all are, the celebration shows once, with confetti unless the visitor
 * asked for less motion. Dismissing hides it for good. The visitor's state is their progress.
 * When the website's messenger shows its Tasks space, the tasks live there instead of behind a
 * launcher of their own (same progress, same rules); only the celebration still shows on its own.
 */
export function mount(item: ItemOf<'checklist'>, ctx: SurfaceContext): Surface {
  const c = item.checklist;
  const { t } = ctx.locale;
  const state: State = { ...(ctx.progress.get() as State | null) };
  const done: Record<string, string> = { ...state.done };
  if (state.dismissed) return { destroy() {} };
  const locale = c.direction ? { ...ctx.locale, dir: c.direction } : ctx.locale;
  const { frame, attach, remove } = createHost('checklist', css(), locale);
  const wrap = el('div', { class: 'wrap' });
  const panelId = `sp-checklist-${item.id}`;
  const panel = el('section', { class: 'panel in', id: panelId, role: 'region', 'aria-label': c.title || t.checklist });
  const launcher = el('button', { type: 'button', class: 'launcher', 'aria-controls': panelId });
  const live = el('p', { class: 'vh', 'aria-live': 'polite' });
  wrap.append(panel, launcher, live);
  frame.append(wrap);
  const space = ctx.tasksSpace?.() ?? null;
  launcher.hidden = Boolean(space);
  let open = !space && state.opened !== true && c.notification_type === 'full';
  let expanded: string | null = null;
  /** In the messenger: the tasks' own shadow root inside its Tasks space (our styles, not the messenger's). */
  let inSpace: ShadowRoot | null = null;
  const provider = {
    count: () => left(),
    render(container: HTMLElement) {
      const holder = el('div');
      inSpace = holder.attachShadow({ mode: 'open' });
      inSpace.adoptedStyleSheets = [css()];
      const box = el('div', { class: 'root', dir: locale.dir, lang: locale.lang });
      box.append(...tasksView());
      inSpace.append(box);
      container.append(holder);
      // The messenger puts the space in the page once drawn: focus returns to the task then.
      const selector = refocus;
      refocus = null;
      const root = inSpace;
      if (selector) queueMicrotask(() => root.querySelector<HTMLElement>(selector)?.focus());
    },
  };
  let refocus: string | null = null;
  /** Focus back on a task's button once it is drawn again (in the panel now, in the messenger when it draws). */
  const focusTask = (bodyId: string) => {
    const selector = `[aria-controls="${bodyId}"]`;
    if (space) refocus = selector;
    else panel.querySelector<HTMLElement>(selector)?.focus();
  };

  const save = () => ctx.progress.set({ ...state, done });
  const left = () => c.tasks.filter((x) => !done[x.id]).length;

  function complete(id: string) {
    const task = c.tasks.find((x) => x.id === id);
    if (done[id] || !task) return;
    done[id] = new Date().toISOString();
    // Reported only what only the page sees (the server refuses the rest: it saw those itself).
    if (task.completion.type === 'manual' || task.completion.type === 'click') ctx.emit('task', { target: id });
    live.textContent = `${task.title}: ${t.taskDone}`;
    if (left() === 0) ctx.emit('complete');
    save();
    render();
  }

  function setOpen(value: boolean, focus = false) {
    open = value;
    if (!state.opened) {
      state.opened = true;
      save();
    }
    render();
    if (focus) (open ? panel.querySelector<HTMLElement>('button') : launcher)?.focus();
  }

  function celebrate() {
    state.celebrated = true;
    save();
    const calm = typeof matchMedia !== 'function' || matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (c.celebration.show_effect && !calm) {
      void confetti({ particleCount: 120, spread: 70, origin: { y: 0.8 }, zIndex: TOP, disableForReducedMotion: true });
    }
  }

  function render() {
    const n = left();
    if (space) {
      // The messenger draws the space again (its badge, the tab hidden once nothing is left).
      space.set(provider);
      wrap.hidden = !(n === 0 && c.celebration.is_enabled && !state.celebrated);
      if (wrap.hidden) return;
    }
    launcher.replaceChildren(c.title || t.checklist, el('span', { class: 'badge', 'aria-label': fill(t.tasksLeft, { n }) }, String(n)));
    launcher.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
    const tools = el('div', { class: 'tools' });
    const dismiss = el('button', { type: 'button', class: 'x', 'aria-label': t.dismiss }, '×');
    dismiss.addEventListener('click', () => {
      state.dismissed = true;
      save();
      ctx.emit('dismiss');
      ctx.dismiss(true);
    });
    const close = el('button', { type: 'button', class: 'x', 'aria-label': t.minimiseChecklist }, '–');
    close.addEventListener('click', () => setOpen(false, true));
    tools.append(close, dismiss);

    if (n === 0 && c.celebration.is_enabled && !state.celebrated) {
      celebrate();
      open = true;
      panel.hidden = false;
      launcher.setAttribute('aria-expanded', 'true');
      const ok = el('button', { type: 'button', class: 'act' }, c.celebration.button_text || t.close);
      ok.addEventListener('click', () => setOpen(false, true));
      panel.replaceChildren(
        tools,
        el(
          'div',
          { class: 'cele', role: 'status' },
          el('h2', {}, c.celebration.title || t.celebrate),
          c.celebration.description ? el('p', {}, c.celebration.description) : null,
          ok,
        ),
      );
      return;
    }
    panel.replaceChildren(tools, ...tasksView());
  }

  /** The checklist's texts, progress and tasks (in the panel, or in the messenger's Tasks space). */
  function tasksView(): Node[] {
    const n = left();
    const total = c.tasks.length;
    const bar = el('div', {
      class: 'bar',
      role: 'progressbar',
      'aria-valuemin': '0',
      'aria-valuemax': String(total),
      'aria-valuenow': String(total - n),
      'aria-label': fill(t.progress, { done: total - n, total }),
    });
    bar.append(Object.assign(el('div', { class: 'fill' }), { style: `inline-size:${total ? ((total - n) * 100) / total : 0}%` }));
    const list = el('ul');
    for (const task of c.tasks) {
      const isDone = Boolean(done[task.id]);
      const bodyId = `${panelId}-${task.id}`;
      const head = el(
        'button',
        { type: 'button', class: 'head', 'aria-expanded': String(expanded === task.id), 'aria-controls': bodyId },
        el('span', { class: 'mark', 'aria-hidden': 'true' }, isDone ? '✓' : ''),
        el('span', { class: 'name' }, task.title, el('span', { class: 'vh' }, isDone ? ` (${t.taskDone})` : '')),
        el('span', { class: 'min' }, fill(t.minutes, { n: task.timing })),
      );
      head.addEventListener('click', () => {
        expanded = expanded === task.id ? null : task.id;
        if (space) focusTask(bodyId);
        render();
        if (!space) focusTask(bodyId);
      });
      const body = el('div', { class: 'body', id: bodyId });
      body.hidden = expanded !== task.id;
      if (task.content) body.append(el('p', {}, task.content));
      const a = task.action;
      if (a.type !== 'none') {
        const go = el('button', { type: 'button', class: 'act' }, t.start);
        go.addEventListener('click', () => {
          ctx.emit('click', { target: a.type === 'url' ? a.url : a.tourId });
          if (a.type === 'url') openLink(ctx.asset(a.url), a.newTab);
          else (window as unknown as { signpost?: (...args: unknown[]) => void }).signpost?.('startTour', a.tourId);
        });
        body.append(go);
      }
      if (!isDone && task.completion.type === 'manual') {
        const tick = el('button', { type: 'button', class: 'tick' }, t.markDone);
        tick.addEventListener('click', () => {
          if (space) focusTask(bodyId);
          complete(task.id);
          if (!space) focusTask(bodyId);
        });
        body.append(tick);
      }
      list.append(el('li', { class: isDone ? 'isdone' : '' }, head, body));
    }
    const parts: (Node | null)[] = [
      el('h2', {}, c.title),
      c.subTitle ? el('p', { class: 'sub' }, c.subTitle) : null,
      c.description ? el('p', { class: 'desc' }, c.description) : null,
      item.sender && c.show_sender ? el('p', { class: 'sub' }, item.sender) : null,
      el('p', {}, fill(t.progress, { done: total - n, total })),
      bar,
      list,
    ];
    return parts.filter((p): p is Node => p !== null);
  }

  /** What the page itself shows done: the page visited now, and what the server saw. */
  function check() {
    for (const id of ctx.serverDone?.() ?? []) complete(id);
    for (const task of c.tasks) if (task.completion.type === 'page' && pageRuleMatches(task.completion.url, location.href)) complete(task.id);
  }
  const onClick = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (!target || target.closest('signpost-checklist')) return;
    for (const task of c.tasks) if (task.completion.type === 'click' && target.closest(task.completion.selector)) complete(task.id);
  };
  const onTrack = (event: Event) => {
    const name = (event as CustomEvent<{ name?: string }>).detail?.name;
    for (const task of c.tasks) if (task.completion.type === 'event' && task.completion.name === name) complete(task.id);
  };
  // A tour completed on this page ticks its task now (not at the next content call), the celebration with it.
  const onTour = (event: Event) => {
    const id = (event as CustomEvent<{ id?: string }>).detail?.id;
    for (const task of c.tasks) if (task.completion.type === 'tour' && task.completion.tourId === id) complete(task.id);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false, true);
    }
  };
  launcher.addEventListener('click', () => setOpen(!open, true));
  wrap.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick, true);
  window.addEventListener('signpost:track', onTrack);
  window.addEventListener(TOUR_COMPLETE_EVENT, onTour);
  window.addEventListener('signpost:content', check);
  render();
  attach();
  // Its launcher, open panel and celebration share the corner with the messenger and the push cards.
  const release = inCorner(wrap, CORNER_ORDER.checklist);
  check();
  if (open && !state.opened) {
    state.opened = true;
    save();
  }
  return {
    destroy() {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('signpost:track', onTrack);
      window.removeEventListener(TOUR_COMPLETE_EVENT, onTour);
      window.removeEventListener('signpost:content', check);
      space?.set(null);
      release();
      remove();
    },
  };
}
