import type { TourTarget } from 'contracts';
import { BUILDER_PATHS, BUILDER_SESSION_KEY, pageRuleMatches, parsePageRule } from 'contracts/script';
import { builderPath, type BuilderEnv, type BuilderSession } from '../core/builder-session';
import { locate, shownAs } from '../core/element-finder';
import { createHost, el, sheet, TOP } from '../surfaces/dom';
import { pageLocale } from '../page-locale';
import { pick, pickable, type Pick } from './picker';
import { BUILDER_TEXTS } from './texts';

/**
 * The on-page tour builder (its own chunk, loaded only in a tab holding a builder session): the author
 * points at elements (highlight, proposed selector, how many elements it matches), writes each step's
 * title and text beside its element, moves to other pages of the site (the steps wait in
 * sessionStorage), previews the steps of the page, and saves them to the tour through the builder's
 * session. Everything is in one shadow root, operable with the keyboard, in en/fr/ar.
 */
interface Step {
  id?: string;
  title: string;
  content: string;
  target: TourTarget | null;
  url: string;
  advanceOn: 'next' | 'click' | 'page';
}
type SavedStep = Omit<Step, 'content'> & { content: string | { text?: string }[] };
const plain = (s: SavedStep): Step => ({ ...s, content: typeof s.content === 'string' ? s.content : s.content.map((b) => b.text ?? '').join('\n\n') });

const DRAFT_KEY = 'signpost:builder:steps';

/**
 * A step's page as the visitor's app knows it: the path, and the hash when it is a route (`#/completed`,
 * `#!/x`) rather than an anchor in the page; the query is left out (it often names the visitor).
 */
export function pageOf(location: { pathname: string; hash: string }): string {
  return /^#!?\//.test(location.hash) ? `${location.pathname}${location.hash}` : location.pathname;
}
const TEXT_PLAIN = 'text/plain;charset=UTF-8';

const css = () =>
  sheet(`
.panel{position:fixed;z-index:${TOP};inset-block-end:16px;inset-inline-end:16px;inline-size:min(340px,calc(100vw - 32px));max-block-size:70vh;overflow:auto;background:#fff;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.3);padding:12px}
.panel h2{margin:0 0 8px;font-size:15px}
.row{display:flex;flex-wrap:wrap;gap:6px;margin-block:8px}
.btn{border:1px solid #0958d9;border-radius:6px;padding:5px 10px;background:#fff;color:#0958d9}
.btn.primary{background:#0958d9;color:#fff}
.btn[aria-pressed="true"]{background:#e6f0ff}
ol{margin:0;padding-inline-start:20px}
li{margin-block:4px}
.muted{color:#595959;font-size:12px}
.box{position:fixed;z-index:${TOP};pointer-events:none;border:2px solid #0958d9;background:rgba(9,88,217,.12);border-radius:4px}
.tag{position:fixed;z-index:${TOP};pointer-events:none;background:#0958d9;color:#fff;font:12px/1.4 monospace;padding:2px 6px;border-radius:4px;max-inline-size:90vw;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.editor{position:fixed;z-index:${TOP};inline-size:min(320px,calc(100vw - 16px));max-block-size:calc(100vh - 16px);overflow:auto;background:#fff;border-radius:10px;box-shadow:0 10px 30px rgba(0,0,0,.35);padding:12px}
label{display:block;margin-block:6px 2px;font-weight:600}
input[type=text],textarea,select{inline-size:100%;border:1px solid #bbb;border-radius:6px;padding:5px}
textarea{min-block-size:60px}
.check{display:flex;gap:6px;align-items:center;font-weight:400}
`);

export interface BuilderOptions extends BuilderEnv {
  session: BuilderSession;
}

export function mountBuilder(options: BuilderOptions) {
  const { win, session } = options;
  const doc = win.document;
  const locale = pageLocale(doc, win.navigator);
  const t = BUILDER_TEXTS[locale.lang];
  const { frame, attach, remove: removeHost } = createHost('builder', css(), locale);
  const live = el('div', { class: 'vh', role: 'status', 'aria-live': 'polite' });
  const box = el('div', { class: 'box', hidden: '' });
  const tag = el('div', { class: 'tag', hidden: '' });
  const panel = el('section', { class: 'panel', role: 'region', 'aria-label': t.title });
  frame.append(box, tag, panel, live);
  attach();

  let steps: Step[] = [];
  let title = '';
  let dirty = false;
  let picking = false;
  let hovered: Element | null = null;
  let editor: HTMLElement | null = null;
  const say = (text: string) => {
    live.textContent = '';
    live.textContent = text;
  };

  const call = async (path: string, body: object) => {
    const res = await options.fetch(builderPath(options.apiUrl, options.websiteKey, path), {
      method: 'POST',
      headers: { 'content-type': TEXT_PLAIN },
      body: JSON.stringify({ session: session.session, tourId: session.tourId, ...body }),
      credentials: 'omit',
    });
    if (!res.ok) throw new Error(String(res.status));
    return (await res.json()) as { data: { title: string; steps: SavedStep[] } };
  };

  /** The unsaved steps survive a navigation to another page of the site. */
  const keep = () => {
    try {
      win.sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ tourId: session.tourId, steps, dirty }));
    } catch {
      // No storage: the steps live as long as the page.
    }
  };

  function render() {
    const list = el('ol');
    steps.forEach((s, i) => {
      const here = !s.url || pageRuleMatches(s.url, win.location.href);
      const found = s.target ? locate(s.target, doc) : null;
      const item = el(
        'li',
        {},
        el('span', {}, s.title || s.content.slice(0, 40) || `#${i + 1}`),
        ' ',
        el('span', { class: 'muted' }, !here ? t.notHere : s.target ? `${s.target.selector}${found ? '' : ' (0)'}` : ''),
        ' ',
      );
      const edit = el('button', { type: 'button', class: 'btn' }, t.edit);
      edit.addEventListener('click', () => openEditor(i, found?.shown ?? null));
      const remove = el('button', { type: 'button', class: 'btn', 'aria-label': `${t.remove} ${i + 1}` }, t.remove);
      remove.addEventListener('click', () => {
        steps.splice(i, 1);
        changed();
      });
      item.append(edit, ' ', remove);
      list.append(item);
    });
    const pickButton = el('button', { type: 'button', class: 'btn', 'aria-pressed': String(picking), 'data-action': 'pick' }, t.pick);
    pickButton.addEventListener('click', () => (picking ? stopPicking() : startPicking()));
    const centred = el('button', { type: 'button', class: 'btn', 'data-action': 'centred' }, t.centred);
    centred.addEventListener('click', () => openEditor(null, null));
    const preview = el('button', { type: 'button', class: 'btn', 'data-action': 'preview' }, t.preview);
    preview.addEventListener('click', () => startPreview());
    const save = el('button', { type: 'button', class: 'btn primary', 'data-action': 'save' }, t.save);
    save.addEventListener('click', () => void saveAll());
    const close = el('button', { type: 'button', class: 'btn', 'data-action': 'close' }, t.close);
    close.addEventListener('click', () => {
      stopPicking();
      // Closing ends the builder in this tab: the next page is a visitor's page again.
      win.sessionStorage.removeItem(DRAFT_KEY);
      win.sessionStorage.removeItem(BUILDER_SESSION_KEY);
      removeHost();
    });
    panel.replaceChildren(
      el('h2', {}, title ? `${t.title}: ${title}` : t.title),
      steps.length ? list : el('p', { class: 'muted' }, t.noSteps),
      el('div', { class: 'row' }, pickButton, centred, preview, save, close),
    );
    if (picking) panel.append(el('p', { class: 'muted' }, t.picking));
    if (dirty) panel.append(el('p', { class: 'muted' }, t.unsaved));
  }

  function changed() {
    dirty = true;
    keep();
    render();
  }

  // --- Picking -------------------------------------------------------------------------------------

  function highlight(e: Element | null) {
    hovered = e;
    if (!e) {
      box.hidden = true;
      tag.hidden = true;
      return;
    }
    // The box the visitor will see the step on (a hidden custom checkbox's label), as the player draws it.
    const r = (shownAs(e) ?? e).getBoundingClientRect();
    Object.assign(box.style, { top: `${r.top}px`, left: `${r.left}px`, width: `${r.width}px`, height: `${r.height}px` });
    box.hidden = false;
    const p = pick(e);
    tag.textContent = `${p.target.selector} · ${t.matches(p.matches)}`;
    Object.assign(tag.style, { top: `${Math.max(0, r.top - 24)}px`, left: `${Math.max(0, r.left)}px` });
    tag.hidden = false;
    say(tag.textContent);
  }

  const onMove = (event: MouseEvent) => {
    const e = pickable(event.target);
    if (e && e !== hovered) highlight(e);
  };
  const onClick = (event: MouseEvent) => {
    const e = pickable(event.target);
    if (!e) return;
    // The author's click picks; the page must not act on it (a link would leave, a form submit).
    event.preventDefault();
    event.stopPropagation();
    choose(e);
  };
  const onKey = (event: KeyboardEvent) => {
    if (!picking) return;
    const current = hovered ?? doc.querySelector('main') ?? doc.body.firstElementChild;
    let next: Element | null = null;
    if (event.key === 'Escape') stopPicking();
    else if (event.key === 'Enter' && hovered) choose(hovered);
    else if (event.key === 'ArrowUp') next = current?.parentElement ?? null;
    else if (event.key === 'ArrowDown') next = current?.firstElementChild ?? null;
    else if (event.key === 'ArrowRight') next = current?.nextElementSibling ?? null;
    else if (event.key === 'ArrowLeft') next = current?.previousElementSibling ?? null;
    else return;
    event.preventDefault();
    event.stopPropagation();
    const target = pickable(next);
    if (target) {
      target.scrollIntoView?.({ block: 'nearest' });
      highlight(target);
    } else if (!hovered && current) highlight(current);
  };

  function startPicking() {
    picking = true;
    doc.addEventListener('mousemove', onMove, true);
    doc.addEventListener('click', onClick, true);
    doc.addEventListener('keydown', onKey, true);
    render();
    say(t.picking);
    panel.querySelector<HTMLButtonElement>('[data-action="pick"]')?.focus();
  }
  function stopPicking() {
    picking = false;
    doc.removeEventListener('mousemove', onMove, true);
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('keydown', onKey, true);
    highlight(null);
    render();
  }
  function choose(e: Element) {
    const picked = pick(e);
    stopPicking();
    highlight(e);
    openEditor(null, e, picked);
  }

  // --- A step's editor, beside its element ---------------------------------------------------------

  function openEditor(index: number | null, element: Element | null, picked?: Pick) {
    editor?.remove();
    const existing = index === null ? null : steps[index];
    const titleInput = el('input', { type: 'text', id: 'sp-title', value: existing?.title ?? '' });
    const textInput = el('textarea', { id: 'sp-text' });
    textInput.value = existing?.content ?? '';
    const advance = el(
      'select',
      { id: 'sp-advance' },
      el('option', { value: 'next' }, t.onNext),
      element || existing?.target ? el('option', { value: 'click' }, t.onClick) : null,
    );
    advance.value = existing?.advanceOn === 'click' ? 'click' : 'next';
    const thisPage = el('input', { type: 'checkbox', id: 'sp-page' });
    thisPage.checked = existing ? !!existing.url : true;
    // The page as the app knows it (its hash route too); the author may widen it to a pattern.
    const pageInput = el('input', { type: 'text', id: 'sp-url', value: existing?.url || pageOf(win.location), 'aria-describedby': 'sp-url-hint' });
    const pageHint = el('p', { class: 'muted', id: 'sp-url-hint' }, t.pageHint);
    const pageRow = el('div', {}, el('label', { for: 'sp-url' }, t.page), pageInput, pageHint);
    pageRow.hidden = !thisPage.checked;
    thisPage.addEventListener('change', () => (pageRow.hidden = !thisPage.checked));
    const ok = el('button', { type: 'button', class: 'btn primary', 'data-action': 'keep' }, t.done);
    const cancel = el('button', { type: 'button', class: 'btn' }, t.cancel);
    editor = el(
      'div',
      { class: 'editor', role: 'dialog', 'aria-label': t.edit },
      picked ? el('p', { class: 'muted' }, `${picked.target.selector} · ${t.matches(picked.matches)}`) : null,
      el('label', { for: 'sp-title' }, t.stepTitle),
      titleInput,
      el('label', { for: 'sp-text' }, t.stepText),
      textInput,
      el('label', { for: 'sp-advance' }, t.advance),
      advance,
      el('label', { class: 'check' }, thisPage, t.thisPage),
      pageRow,
      el('div', { class: 'row' }, ok, cancel),
    );
    place(editor, element);
    frame.append(editor);
    titleInput.focus();
    const closeEditor = () => {
      editor?.remove();
      editor = null;
      highlight(null);
      panel.querySelector<HTMLButtonElement>('[data-action="pick"]')?.focus();
    };
    cancel.addEventListener('click', closeEditor);
    editor.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') closeEditor();
    });
    ok.addEventListener('click', () => {
      const url = pageInput.value.trim();
      // The rule the content call will match the visitor's page with: one it can never match is refused here.
      if (thisPage.checked && (!url || !parsePageRule(url))) {
        pageHint.textContent = t.pageInvalid;
        pageInput.setAttribute('aria-invalid', 'true');
        pageInput.focus();
        return;
      }
      const step: Step = {
        ...(existing ?? {}),
        title: titleInput.value.trim(),
        content: textInput.value.trim(),
        target: picked ? picked.target : (existing?.target ?? null),
        url: thisPage.checked ? url : '',
        advanceOn: advance.value === 'click' ? 'click' : 'next',
      };
      if (index === null) steps.push(step);
      else steps[index] = step;
      closeEditor();
      changed();
    });
  }

  function place(node: HTMLElement, element: Element | null) {
    if (!element) {
      Object.assign(node.style, { top: '50%', left: '50%', transform: 'translate(-50%,-50%)' });
      return;
    }
    const r = element.getBoundingClientRect();
    const below = r.bottom + 8;
    // Below the element when it fits, else above it; always inside the window (the element may be off screen).
    const wanted = below + 280 < win.innerHeight ? below : r.top - 288;
    const top = Math.max(8, Math.min(wanted, win.innerHeight - 288));
    Object.assign(node.style, { top: `${top}px`, left: `${Math.min(Math.max(8, r.left), Math.max(8, win.innerWidth - 336))}px` });
  }

  // --- Preview: the steps of this page, one after the other ------------------------------------------

  function startPreview() {
    stopPicking();
    const here = steps.filter((s) => !s.url || pageRuleMatches(s.url, win.location.href));
    let i = 0;
    const show = () => {
      editor?.remove();
      const s = here[i];
      if (!s) {
        editor = null;
        highlight(null);
        render();
        return;
      }
      const found = s.target ? (locate(s.target, doc)?.shown ?? null) : null;
      highlight(found);
      const next = el('button', { type: 'button', class: 'btn primary' }, i + 1 < here.length ? t.next : t.endPreview);
      const end = el('button', { type: 'button', class: 'btn' }, t.endPreview);
      editor = el(
        'div',
        { class: 'editor', role: 'dialog', 'aria-label': t.preview },
        el('h2', {}, s.title),
        el('p', { style: 'white-space:pre-wrap' }, s.content),
        el('div', { class: 'row' }, next, i + 1 < here.length ? end : null),
      );
      place(editor, found);
      frame.append(editor);
      next.focus();
      next.addEventListener('click', () => {
        i++;
        show();
      });
      end.addEventListener('click', () => {
        i = here.length;
        show();
      });
      editor.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') {
          i = here.length;
          show();
        }
      });
    };
    show();
  }

  // --- Save ----------------------------------------------------------------------------------------

  async function saveAll() {
    try {
      const answer = await call(BUILDER_PATHS.steps, { steps });
      steps = answer.data.steps.map(plain);
      dirty = false;
      keep();
      render();
      say(t.saved);
      panel.append(el('p', { class: 'muted', role: 'status' }, t.saved));
    } catch {
      say(t.saveFailed);
      panel.append(el('p', { class: 'muted', role: 'alert' }, t.saveFailed));
    }
  }

  // --- Start: the unsaved steps of this tab, else the tour's own ---------------------------------------

  render();
  void call(BUILDER_PATHS.tour, {})
    .then((answer) => {
      title = answer.data.title;
      let draft: { tourId: string; steps: Step[]; dirty: boolean } | null;
      try {
        draft = JSON.parse(win.sessionStorage.getItem(DRAFT_KEY) ?? 'null');
      } catch {
        draft = null;
      }
      if (draft && draft.tourId === session.tourId) {
        steps = draft.steps;
        dirty = draft.dirty;
      } else {
        steps = answer.data.steps.map(plain);
      }
      render();
    })
    .catch(() => say(t.saveFailed));
}
