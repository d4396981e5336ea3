import type { BubbleConfig, BubbleSpaceType, NewsItem, VisitorConversation, ConversationMessage } from 'contracts';
import { CORNER_ORDER, inCorner } from '../surfaces/corner';
import { el, sheet, TOP } from '../surfaces/dom';
import type { Locale } from '../texts';

// Types only (erased): the messenger never bundles zod.
export type { BubbleConfig, NewsItem, VisitorConversation, ConversationMessage };

/** What the window shows a visitor: their name once identified, their conversations, the website's news. */
export interface MessengerData {
  name: string | null;
  conversations: VisitorConversation[];
  news: NewsItem[];
}

/**
 * The Tasks space's content comes from elsewhere (the checklists): while no provider says it has
 * tasks, the space is hidden. `render` fills the space; `count` is its badge.
 */
export interface TasksProvider {
  count(): number;
  render(container: HTMLElement, locale: Locale): void;
}

export interface MessengerViewOptions {
  config: BubbleConfig;
  locale: Locale;
  data: MessengerData;
  /** Where the host goes: the page's body on a site; the console's preview box (then positioned inside it). */
  container?: HTMLElement;
  preview?: boolean;
  dark?: boolean;
  /** The space badges the visitor has not seen yet: news ids already seen, kept by the caller. */
  seenNews?: string[];
  tasks?: TasksProvider | null;
  onSend?(body: string, email: string, conversationId: string | null): Promise<VisitorConversation | null>;
  onRead?(conversationId: string): void;
  onOpenChange?(open: boolean, space: BubbleSpaceType): void;
  onNewsSeen?(ids: string[]): void;
}

let styles: CSSStyleSheet | null = null;
const css = () =>
  (styles ??= sheet(`
.l{position:fixed;z-index:${TOP};inline-size:56px;block-size:56px;border:0;border-radius:50%;box-shadow:0 6px 18px rgba(0,0,0,.25);display:flex;align-items:center;justify-content:center;padding:0}
.l img{inline-size:32px;block-size:32px;object-fit:contain;border-radius:6px}
.l svg{inline-size:28px;block-size:28px}
.pv .l,.pv .w{position:absolute}
.b{position:absolute;inset-block-start:-4px;inset-inline-end:-4px;min-inline-size:20px;block-size:20px;padding:0 5px;border-radius:10px;background:#cf1322;color:#fff;font-size:12px;font-weight:700;line-height:20px;text-align:center}
.tb .b{position:static;display:inline-block;margin-inline-start:4px}
.w{position:fixed;z-index:${TOP};display:flex;flex-direction:column;inline-size:min(380px,calc(100vw - 24px));block-size:min(560px,calc(100vh - 120px));border-radius:16px;background:#fff;color:#1f1f1f;box-shadow:0 12px 40px rgba(0,0,0,.3);overflow:hidden}
.dark .w{background:#1f1f1f;color:#f0f0f0}
.h{display:flex;align-items:center;gap:8px;padding:14px 16px}
.h h2{flex:1;margin:0;font-size:17px}
.c{flex:1;overflow:auto;padding:0 16px 16px}
.n{display:flex;border-block-start:1px solid rgba(127,127,127,.25)}
.tb{flex:1;padding:10px 4px;border:0;background:none;font-size:13px}
.tb[aria-selected="true"]{font-weight:700;box-shadow:inset 0 3px 0 var(--a)}
.card{display:block;inline-size:100%;margin-block-start:10px;padding:12px;border:1px solid rgba(127,127,127,.3);border-radius:10px;background:none;text-align:start}
.card p{margin:4px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.pr{font-weight:700;margin:0}
.m{max-inline-size:85%;margin-block-start:8px;padding:8px 12px;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere;background:rgba(127,127,127,.15)}
.m.v{margin-inline-start:auto;background:var(--a);color:var(--t)}
.log{display:flex;flex-direction:column}
form{display:flex;flex-direction:column;gap:8px;margin-block-start:12px}
textarea,input{inline-size:100%;padding:8px;border:1px solid rgba(127,127,127,.5);border-radius:8px;background:transparent}
.go{align-self:flex-end;padding:8px 16px;border:0;border-radius:8px;background:var(--a);color:var(--t);font-weight:600}
.e{color:#cf1322;margin:0}
.muted{opacity:.75}
a{color:inherit}
@media (prefers-reduced-motion:no-preference){.w{animation:sp-in .18s ease-out}}
`));

const ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor"><path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z"/></svg>';

/** Black or white text on the launcher's colour, whichever reads better. */
function textOnRgb([r, g, b]: readonly number[]): string {
  const lin = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const l = 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#1f1f1f';
}

export interface MessengerView {
  readonly isOpen: boolean;
  /** Opens the window (on `space`), moving focus into it unless `focus` is false (the console's preview). */
  open(space?: BubbleSpaceType, focus?: boolean): void;
  close(): void;
  toggle(): void;
  update(patch: Partial<Pick<MessengerViewOptions, 'config' | 'locale' | 'data' | 'dark' | 'tasks'>>): void;
  /** A message arrived (the live stream): shown at once in its conversation. */
  receive(message: ConversationMessage & { conversationId: string }): void;
  destroy(): void;
}

/**
 * The messenger's launcher and window, drawn in a shadow root: the website
 * script's chunk mounts it on the page, and the console's /settings/messenger draws its preview with
 * this same code. The window is a non-modal dialog: opening moves focus into it, Esc and the close
 * button close it and focus returns to the launcher; its tabs are the configured spaces (Tasks only
 * while a provider has tasks). Per-space badges: unread answers (Messages), news not yet seen (News),
 * tasks left (Tasks); the space shown clears its own.
 */
export function createMessengerView(options: MessengerViewOptions): MessengerView {
  let o = { ...options };
  const seenNews = new Set(o.seenNews ?? []);
  let isOpen = false;
  let space: BubbleSpaceType = o.config.open_config.open_to;
  let current: string | null = null;
  let composing = false;
  let error = '';
  /** Where focus was before the window opened (a page's own button calling `signpost('open')`). */
  let opener: HTMLElement | null = null;

  const host = document.createElement('signpost-messenger');
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [css()];
  const frame = el('div', { class: 'root' });
  root.append(frame);
  (o.container ?? document.body).append(host);

  const T = () => o.locale.t;
  const spaces = () => o.config.open_config.spaces.filter((s) => s.type !== 'tasks' || (o.tasks?.count() ?? 0) > 0);
  const badgeOf = (type: BubbleSpaceType): number => {
    const s = o.config.open_config.spaces.find((x) => x.type === type);
    if (!s || !s.badge) return 0;
    if (type === 'messages') return o.data.conversations.reduce((n, c) => n + c.unread, 0);
    if (type === 'news') return o.data.news.filter((n) => !seenNews.has(n._id)).length;
    if (type === 'tasks') return o.tasks?.count() ?? 0;
    return 0;
  };
  const badge = (n: number) => (n > 0 ? el('span', { class: 'b', 'aria-hidden': 'true' }, String(n > 99 ? '99+' : n)) : null);
  const titleOf = (type: BubbleSpaceType) => o.config.open_config.spaces.find((s) => s.type === type)?.label || T()[type];
  const tabOf = (type: BubbleSpaceType) => o.config.open_config.spaces.find((s) => s.type === type)?.navigation_label || T()[type];

  /** Shown space's badge clears: news counts as seen, answers as read. */
  function clearShown() {
    if (!isOpen) return;
    if (space === 'news') {
      const fresh = o.data.news.filter((n) => !seenNews.has(n._id)).map((n) => n._id);
      if (fresh.length) {
        fresh.forEach((id) => seenNews.add(id));
        o.onNewsSeen?.([...seenNews]);
      }
    }
    if (space === 'messages') {
      const open = current ? o.data.conversations.filter((c) => c._id === current) : o.data.conversations;
      for (const c of open)
        if (c.unread > 0) {
          c.unread = 0;
          o.onRead?.(c._id);
        }
    }
  }

  /** Releases the corner places of the launcher and window drawn last. */
  let placed: (() => void)[] = [];

  function render(focus?: 'window' | 'launcher') {
    const ls = o.config.launcher_settings;
    const side = ls.alignment === 'left' ? 'left' : 'right';
    const accent = `rgb(${ls.color.join(',')})`;
    const onAccent = textOnRgb(ls.color);
    frame.className = `root${o.preview ? ' pv' : ''}${o.dark ? ' dark' : ''}`;
    frame.setAttribute('dir', o.locale.dir);
    frame.setAttribute('lang', o.locale.lang);
    frame.style.setProperty('--a', accent);
    frame.style.setProperty('--t', onAccent);
    clearShown();
    // Without the launcher (a page opening the window itself), nothing shows until it opens.
    if (!ls.show_launcher && !isOpen && !o.preview) {
      frame.replaceChildren();
      placed.forEach((release) => release());
      placed = [];
      if (focus === 'launcher') opener?.focus();
      return;
    }
    const total = spaces().reduce((n, s) => n + badgeOf(s.type), 0);

    // Named by its own (visually hidden) text, so the count the badge shows is part of the name.
    const launcher = el(
      'button',
      { type: 'button', class: 'l', 'aria-expanded': String(isOpen) },
      el('span', { class: 'vh' }, total ? `${T().openMessenger} (${total})` : T().openMessenger),
    );
    launcher.style.cssText = `${side}:${ls.horizontal_padding}px;bottom:${ls.vertical_padding}px;background:${accent};color:${onAccent}`;
    if (ls.launcher_logo_url) launcher.append(el('img', { src: ls.launcher_logo_url, alt: '' }));
    else launcher.insertAdjacentHTML('beforeend', ICON);
    const b = badge(total);
    if (b) launcher.append(b);
    launcher.addEventListener('click', () => view.toggle());
    const nodes: Node[] = [launcher];

    if (isOpen) {
      const w = el('div', { class: 'w', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'sp-t', tabindex: '-1' });
      w.style.cssText = `${side}:${ls.horizontal_padding}px;bottom:${ls.vertical_padding + 68}px`;
      const close = el('button', { type: 'button', class: 'x', 'aria-label': T().closeMessenger }, '\u00d7');
      close.addEventListener('click', () => view.close());
      w.append(el('div', { class: 'h' }, el('h2', { id: 'sp-t' }, titleOf(space)), close));
      const body = el('div', { class: 'c' });
      fill(body);
      w.append(body);
      const list = spaces();
      if (list.length > 1) {
        const nav = el('div', { class: 'n', role: 'tablist', 'aria-label': T().spaces });
        for (const s of list) {
          const tab = el(
            'button',
            { type: 'button', role: 'tab', class: 'tb', 'aria-selected': String(s.type === space) },
            tabOf(s.type),
            badge(badgeOf(s.type)),
          );
          tab.addEventListener('click', () => {
            space = s.type;
            current = null;
            render();
            o.onOpenChange?.(true, space);
          });
          nav.append(tab);
        }
        w.append(nav);
      }
      w.addEventListener('keydown', (e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          view.close();
        }
      });
      nodes.push(w);
    }
    // A live answer re-draws the window: the visitor's unsent text and focus stay where they were.
    const draft = frame.querySelector('textarea');
    const typing = draft !== null && root.activeElement === draft;
    frame.replaceChildren(...nodes);
    // On a customer's page (not the console's preview) the launcher and the window share their corner
    // with the checklist and the push cards: they keep the site's offsets, the others go above them.
    placed.forEach((release) => release());
    placed = o.preview ? [] : nodes.map((n, i) => inCorner(n as HTMLElement, i === 0 ? CORNER_ORDER.messengerLauncher : CORNER_ORDER.messengerWindow));
    const again = frame.querySelector('textarea');
    if (draft && again) {
      again.value = draft.value;
      if (typing && !focus) again.focus();
    }
    if (focus === 'window') (frame.querySelector<HTMLElement>('.c button,.c textarea,.w [role=tab]') ?? frame.querySelector<HTMLElement>('.w'))?.focus();
    if (focus === 'launcher') (ls.show_launcher || o.preview ? frame.querySelector<HTMLElement>('.l') : opener)?.focus();
  }

  function fill(body: HTMLElement) {
    const t = T();
    if (space === 'home') {
      body.append(el('p', { class: 'pr' }, o.data.name ? t.greetName.replace('{name}', o.data.name) : t.greet), el('p', { class: 'muted' }, t.homeIntro));
      const write = el('button', { type: 'button', class: 'card' }, el('span', { class: 'pr' }, t.sendMessage));
      write.addEventListener('click', () => go('messages', null, true));
      body.append(write);
      for (const n of o.data.news.slice(0, 2)) body.append(newsCard(n));
    } else if (space === 'news') {
      if (!o.data.news.length) body.append(el('p', { class: 'muted' }, t.noNews));
      for (const n of o.data.news) body.append(newsCard(n));
    } else if (space === 'tasks') {
      o.tasks?.render(body, o.locale);
    } else if (composing || current) {
      conversation(body);
    } else {
      const start = el('button', { type: 'button', class: 'card' }, el('span', { class: 'pr' }, t.newConversation));
      start.addEventListener('click', () => go('messages', null, true));
      body.append(start);
      if (!o.data.conversations.length) body.append(el('p', { class: 'muted' }, t.noConversations));
      for (const c of o.data.conversations) {
        const last = c.messages[c.messages.length - 1];
        const card = el(
          'button',
          { type: 'button', class: 'card' },
          el('span', { class: 'pr' }, last?.author === 'staff' ? t.team : t.you),
          badge(c.unread),
          el('p', {}, last?.body ?? ''),
        );
        card.addEventListener('click', () => go('messages', c._id, false));
        body.append(card);
      }
    }
  }

  function newsCard(n: NewsItem) {
    const card = el('div', { class: 'card' }, el('p', { class: 'pr' }, n.title), el('p', {}, n.body));
    if (n.url && /^https?:/i.test(n.url)) card.append(el('p', {}, el('a', { href: n.url, target: '_blank', rel: 'noopener noreferrer' }, t().open)));
    return card;
  }
  const t = () => T();

  function conversation(body: HTMLElement) {
    const c = o.data.conversations.find((x) => x._id === current);
    const back = el('button', { type: 'button', class: 'x', 'aria-label': T().back }, o.locale.dir === 'rtl' ? '\u2192' : '\u2190');
    back.addEventListener('click', () => go('messages', null, false));
    const log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite', 'aria-label': T().messages });
    for (const m of c?.messages ?? [])
      log.append(
        el('div', { class: `m${m.author === 'visitor' ? ' v' : ''}` }, el('span', { class: 'vh' }, `${m.author === 'staff' ? T().team : T().you}: `), m.body),
      );
    const text = el('textarea', { rows: '3', 'aria-label': T().yourMessage, placeholder: T().yourMessage, maxlength: '2000' });
    const form = el('form', {}, text);
    const email =
      !o.data.name && !c ? el('input', { type: 'email', 'aria-label': T().emailOptional, placeholder: T().emailOptional, autocomplete: 'email' }) : null;
    if (email) form.append(email);
    if (error) form.append(el('p', { class: 'e', role: 'alert' }, error));
    form.append(el('button', { type: 'submit', class: 'go' }, T().send));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const value = text.value.trim();
      if (!value || !o.onSend) return;
      void o
        .onSend(value, email?.value.trim() ?? '', current)
        .then((saved) => {
          error = '';
          if (saved) {
            o.data.conversations = [saved, ...o.data.conversations.filter((x) => x._id !== saved._id)];
            current = saved._id;
            composing = false;
          }
          render();
          frame.querySelector<HTMLElement>('textarea')?.focus();
        })
        .catch((err: unknown) => {
          error = err instanceof Error && err.message ? err.message : T().sendFailed;
          render();
        });
    });
    body.append(back, log, form);
    queueMicrotask(() => (log.lastElementChild as HTMLElement | null)?.scrollIntoView?.({ block: 'end' }));
  }

  function go(type: BubbleSpaceType, conversationId: string | null, compose: boolean) {
    space = type;
    current = conversationId;
    composing = compose;
    render();
    (frame.querySelector<HTMLElement>('.c textarea') ?? frame.querySelector<HTMLElement>('.c button'))?.focus();
  }

  const view: MessengerView = {
    get isOpen() {
      return isOpen;
    },
    open(to, focus = true) {
      if (to) space = to;
      if (!spaces().some((s) => s.type === space)) space = spaces()[0]?.type ?? 'home';
      if (!isOpen) opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      isOpen = true;
      render(focus ? 'window' : undefined);
      o.onOpenChange?.(true, space);
    },
    close() {
      if (!isOpen) return;
      isOpen = false;
      current = null;
      composing = false;
      render('launcher');
      o.onOpenChange?.(false, space);
    },
    toggle() {
      if (isOpen) view.close();
      else view.open();
    },
    update(patch) {
      o = { ...o, ...patch };
      if (!spaces().some((s) => s.type === space)) space = spaces()[0]?.type ?? 'home';
      render();
    },
    receive(m) {
      const c = o.data.conversations.find((x) => x._id === m.conversationId);
      if (!c || c.messages.some((x) => x._id === m._id)) return;
      c.messages.push(m);
      if (m.author === 'staff') c.unread += 1;
      render();
    },
    destroy() {
      placed.forEach((release) => release());
      host.remove();
    },
  };
  render();
  return view;
}
