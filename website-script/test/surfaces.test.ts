import { mount as mountBanner } from '../src/surfaces/banner';
import { mount as mountPopup } from '../src/surfaces/popup';
import { mount as mountPush } from '../src/surfaces/push';
import type { Surface, SurfaceContext } from '../src/surfaces/types';
import { pageLocale } from '../src/page-locale';
import { bannerItem, popupItem, pushItem } from './fixtures';

const mounted: Surface[] = [];
afterEach(() => {
  for (const s of mounted.splice(0)) s.destroy();
});

function context() {
  const emitted: { type: string; fields?: Record<string, unknown> }[] = [];
  const dismissed: boolean[] = [];
  let surface: Surface | null = null;
  const ctx: SurfaceContext = {
    locale: pageLocale(),
    emit: (type, fields) => emitted.push({ type, fields }),
    progress: { get: () => null, set: () => undefined },
    visit: 'visit-1',
    leave: () => surface?.destroy(),
    dismiss: (byVisitor) => {
      dismissed.push(byVisitor);
      surface?.destroy();
    },
    asset: (url) => new URL(url, 'https://api.example/').href,
  };
  return {
    ctx,
    emitted,
    dismissed,
    set: (s: Surface) => {
      surface = s;
      mounted.push(s);
    },
  };
}
const shadow = (kind: string) => document.querySelector(`signpost-${kind}`)!.shadowRoot!;
const click = (node: Element | null | undefined) => (node as HTMLElement).click();
/** The popup moves focus in and starts its trap once it has been rendered (after the next frame). */
const rendered = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
const esc = () => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', keyCode: 27, bubbles: true, composed: true }));

beforeEach(() => {
  document.body.innerHTML = '<main><button id="before">page button</button><p>page</p></main>';
  document.documentElement.lang = 'en';
  document.documentElement.dir = '';
});

describe('popup', () => {
  it('is a labelled modal dialog in an open shadow root, styled by an adopted stylesheet, content as text', () => {
    const { ctx, set } = context();
    set(mountPopup(popupItem(), ctx));
    const root = shadow('popup');
    expect(root.adoptedStyleSheets).toHaveLength(1);
    expect(root.querySelector('style')).toBeNull();
    const dialog = root.querySelector('[role="dialog"]')!;
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const title = root.getElementById(dialog.getAttribute('aria-labelledby')!)!;
    expect(title.textContent).toBe('Welcome aboard');
    expect((title as HTMLElement).style.getPropertyValue('font-size')).toBe('18px');
    expect((dialog as HTMLElement).style.getPropertyValue('--sp-width')).toBe('335px');
    expect((dialog as HTMLElement).style.getPropertyValue('color')).toBe('rgb(0, 0, 0)');
    expect((dialog as HTMLElement).style.getPropertyValue('background-image')).toContain('https://api.example/uploads/bg.png');
    // The text block's markup stays text.
    expect(root.querySelector('.text')!.textContent).toBe('<b>not html</b>');
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('[aria-label^="Close"]')).not.toBeNull();
  });

  it('moves focus in, closes on Esc (a close), and gives focus back', async () => {
    const before = document.getElementById('before')!;
    before.focus();
    const { ctx, set, dismissed } = context();
    set(mountPopup(popupItem(), ctx));
    // Not before the dialog is rendered: focus-trap's checks would force its style and layout at once.
    expect(document.activeElement).toBe(before);
    await rendered();
    expect(document.activeElement?.tagName.toLowerCase()).toBe('signpost-popup');
    expect(shadow('popup').activeElement?.getAttribute('role')).toBe('dialog');
    esc();
    expect(dismissed).toEqual([true]);
    expect(document.querySelector('signpost-popup')).toBeNull();
    await new Promise((r) => setTimeout(r, 0)); // focus-trap returns focus on the next tick
    expect(document.activeElement).toBe(before);
  });

  it('keeps Tab inside: from the last control back to the first', async () => {
    const { ctx, set } = context();
    set(mountPopup(popupItem(), ctx));
    await rendered();
    const root = shadow('popup');
    const buttons = [...root.querySelectorAll('button')];
    const last = buttons.at(-1)!;
    expect(last.textContent).toBe('Next');
    last.focus();
    last.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', keyCode: 9, bubbles: true, composed: true }));
    expect(root.activeElement).toBe(root.querySelector('[aria-label^="Close"]'));
  });

  it('checks required questions before Next, then posts the answers and the comment on Send', () => {
    const { ctx, set, emitted } = context();
    set(mountPopup(popupItem(), ctx));
    const root = shadow('popup');
    click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Next'));
    const group = root.querySelector('[role="radiogroup"]')!;
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(root.getElementById(group.getAttribute('aria-describedby')!)!.hidden).toBe(false);
    const pm = root.querySelector<HTMLInputElement>('input[value="PM"]')!;
    pm.checked = true;
    pm.dispatchEvent(new Event('change'));
    click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Next'));
    expect(root.textContent).toContain('Anything else?');
    expect(root.textContent).toContain('2 / 2');
    const comment = root.querySelector<HTMLTextAreaElement>('textarea[placeholder="Write a comment…"]')!;
    comment.value = 'Nice';
    comment.dispatchEvent(new Event('input'));
    click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Send'));
    expect(emitted).toEqual([
      { type: 'answer', fields: { answers: [{ blockId: 'b2', question: 'Your role?', answer: 'PM' }] } },
      { type: 'comment', fields: { body: 'Nice' } },
    ]);
    expect(root.textContent).toContain('Thank you');
  });

  it('a question block id holding `"`, `]` or a space keeps its required check and its error reference', () => {
    const { ctx, set, emitted } = context();
    const id = 'q "1"] x';
    set(
      mountPopup(
        popupItem({
          content: [{ id: 'p', content: [{ id, kind: 'question', question: 'Your role?', type: 'text', options: [], required: true }] }],
          replayType: 'none',
        } as never),
        ctx,
      ),
    );
    const root = shadow('popup');
    const send = () => click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Send'));
    send();
    const box = root.querySelector<HTMLTextAreaElement>('textarea')!;
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const error = root.getElementById(box.getAttribute('aria-describedby')!)!;
    expect(error.textContent).toBe('Please answer this question');
    expect(error.hidden).toBe(false);
    expect(emitted).toEqual([]);
    box.value = 'Dev';
    box.dispatchEvent(new Event('input'));
    send();
    expect(emitted).toEqual([{ type: 'answer', fields: { answers: [{ blockId: id, question: 'Your role?', answer: 'Dev' }] } }]);
  });

  it('a link button reports a click; Previous goes back', () => {
    const { ctx, set, emitted } = context();
    set(
      mountPopup(
        popupItem({
          content: [{ id: 'p', content: [{ id: 'b', kind: 'button', label: 'Docs', action: 'link', url: 'https://docs.example/', color: '#112233' }] }],
        }),
        ctx,
      ),
    );
    const link = shadow('popup').querySelector('a.btn')!;
    expect(link.getAttribute('href')).toBe('https://docs.example/');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    link.addEventListener('click', (e) => e.preventDefault());
    click(link);
    expect(emitted).toEqual([{ type: 'click', fields: { target: 'https://docs.example/' } }]);
  });

  it('shows emojis instead of a comment box when replayType is emoji, and reports the reaction', () => {
    const { ctx, set, emitted } = context();
    set(mountPopup(popupItem({ replayType: 'emoji', content: [{ id: 'p', content: [{ id: 't', kind: 'text', text: 'Hi', align: 'start' }] }] }), ctx));
    const root = shadow('popup');
    expect(root.querySelector('textarea')).toBeNull();
    const row = root.querySelector('[role="group"][aria-label="Reactions"]')!;
    click(row.querySelectorAll('button')[1]);
    expect(emitted).toEqual([{ type: 'react', fields: { emoji: '❤️' } }]);
    expect(row.querySelectorAll('button')[1].getAttribute('aria-pressed')).toBe('true');
  });

  it('closes by itself after displayTime unless the visitor interacted', () => {
    jest.useFakeTimers();
    const a = context();
    a.set(mountPopup(popupItem({ rules: { displayTime: 3000, showAgain: 'never' } }), a.ctx));
    jest.advanceTimersByTime(3000);
    expect(a.dismissed).toEqual([false]);
    const b = context();
    b.set(mountPopup(popupItem({ rules: { displayTime: 3000, showAgain: 'never' } }), b.ctx));
    shadow('popup').querySelector('[role="dialog"]')!.dispatchEvent(new Event('pointerdown'));
    jest.advanceTimersByTime(10_000);
    expect(b.dismissed).toEqual([]);
    jest.useRealTimers();
  });

  it('mirrors in Arabic with Arabic texts', () => {
    document.documentElement.lang = 'ar';
    const { ctx, set } = context();
    set(mountPopup(popupItem(), ctx));
    const frame = shadow('popup').querySelector('.root')!;
    expect(frame.getAttribute('dir')).toBe('rtl');
    expect(frame.getAttribute('lang')).toBe('ar');
    expect(shadow('popup').querySelector('[aria-label="إغلاق النافذة المنبثقة"]')).not.toBeNull();
    // The author's text finds its own direction: an English question keeps its "?" at its end.
    for (const node of shadow('popup').querySelectorAll('.title, .text, legend, .q label')) expect(node.getAttribute('dir')).toBe('auto');
  });

  it('in a corner: a non-modal card, no backdrop, the page stays usable and keeps its focus; Esc still closes it', async () => {
    const before = document.getElementById('before')!;
    before.focus();
    const { ctx, set, dismissed } = context();
    set(mountPopup(popupItem({ position: 'topR' }), ctx));
    await rendered();
    const root = shadow('popup');
    const dialog = root.querySelector<HTMLElement>('[role="dialog"]')!;
    expect(dialog.hasAttribute('aria-modal')).toBe(false);
    expect(root.querySelector('.backdrop')!.classList.contains('corner')).toBe(true);
    expect(document.activeElement).toBe(before);
    // Tab is not trapped: nothing pulls focus back into the card.
    before.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', keyCode: 9, bubbles: true }));
    expect(document.activeElement).toBe(before);
    dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    expect(dismissed).toEqual([true]);
  });

  it('takes back "please answer" as soon as the question is answered; the required star is not read aloud', () => {
    const { ctx, set } = context();
    set(mountPopup(popupItem(), ctx));
    const root = shadow('popup');
    click([...root.querySelectorAll('button')].find((b) => b.textContent === 'Next'));
    const group = root.querySelector('[role="radiogroup"]')!;
    const error = root.getElementById(group.getAttribute('aria-describedby')!)!;
    expect(error.hidden).toBe(false);
    const dev = root.querySelector<HTMLInputElement>('input[value="Dev"]')!;
    dev.checked = true;
    dev.dispatchEvent(new Event('change'));
    expect(error.hidden).toBe(true);
    expect(group.getAttribute('aria-invalid')).toBe('false');
    expect(group.hasAttribute('aria-describedby')).toBe(false);
    const star = root.querySelector('legend [aria-hidden="true"]')!;
    expect(star.textContent).toBe(' *');
    expect(group.getAttribute('aria-required')).toBe('true');
  });
});

describe('banner', () => {
  it('is a labelled region at the top of the body that never takes focus', () => {
    const before = document.getElementById('before')!;
    before.focus();
    const { ctx, set } = context();
    set(mountBanner(bannerItem(), ctx));
    expect(document.body.firstElementChild?.tagName.toLowerCase()).toBe('signpost-banner');
    const region = shadow('banner').querySelector('[role="region"]')!;
    expect(region.getAttribute('aria-label')).toBe('Spring sale');
    expect(region.textContent).toContain('Everything 20% off');
    expect(region.textContent).toContain('Ana');
    // Dark text on a light background chosen by the customer.
    expect((region as HTMLElement).style.getPropertyValue('--sp-fg')).toBe('#000000');
    expect(document.activeElement).toBe(before);
  });

  it('floating at the bottom: fixed, appended last', () => {
    const { ctx, set } = context();
    set(
      mountBanner(
        bannerItem({ settings: { priority: 'normal', backgroundColor: '#0958d9', targetDevice: 'web', bannerStyle: 'floating', bannerPosition: 'bottom' } }),
        ctx,
      ),
    );
    expect(document.body.lastElementChild?.tagName.toLowerCase()).toBe('signpost-banner');
    expect(shadow('banner').querySelector('.bar')!.className).toMatch(/floating.*bottom/);
  });

  const floating = (over: Parameters<typeof bannerItem>[0] = {}) =>
    bannerItem({
      settings: { priority: 'normal', backgroundColor: '#0958d9', targetDevice: 'web', bannerStyle: 'floating', bannerPosition: 'top' },
      content: 'Long text. '.repeat(400),
      ...over,
    });
  const pressEsc = (init: KeyboardEventInit = {}) => {
    const event = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true, ...init });
    document.body.dispatchEvent(event);
    return event;
  };

  it('floating: its text and actions scroll inside a capped part, the close button stays outside it', () => {
    const { ctx, set } = context();
    set(mountBanner(floating(), ctx));
    const root = shadow('banner');
    const main = root.querySelector('.main')!;
    expect(main.textContent).toContain('Long text.');
    expect(main.querySelector('a')!.textContent).toBe('Shop now');
    const close = root.querySelector('[aria-label^="Close"]')!;
    expect(main.contains(close)).toBe(false);
    expect(close.parentElement).toBe(root.querySelector('.bar'));
  });

  it('floating: Esc closes it as the close button does (a close by the visitor), once', () => {
    const { ctx, set, dismissed } = context();
    set(mountBanner(floating(), ctx));
    pressEsc();
    expect(dismissed).toEqual([true]);
    expect(document.querySelector('signpost-banner')).toBeNull();
    // Its key listener went with it.
    pressEsc();
    expect(dismissed).toEqual([true]);
  });

  it('Esc leaves it alone when the page handled the key, when it is inline, or when it has no close button', () => {
    const handled = context();
    handled.set(mountBanner(floating(), handled.ctx));
    document.addEventListener('keydown', (e) => e.preventDefault(), { capture: true, once: true });
    pressEsc();
    expect(handled.dismissed).toEqual([]);
    for (const s of mounted.splice(0)) s.destroy();

    const inline = context();
    inline.set(mountBanner(bannerItem(), inline.ctx));
    const noClose = context();
    noClose.set(mountBanner(floating({ dismissButton: false }), noClose.ctx));
    pressEsc();
    expect(inline.dismissed).toEqual([]);
    expect(noClose.dismissed).toEqual([]);
    expect(document.querySelectorAll('signpost-banner')).toHaveLength(2);
  });

  it('the link reports a click and closes when asked; dismiss reports a close', () => {
    const first = context();
    first.set(mountBanner(bannerItem(), first.ctx));
    const link = shadow('banner').querySelector('a')!;
    expect(link.getAttribute('target')).toBe('_blank');
    link.addEventListener('click', (e) => e.preventDefault());
    click(link);
    expect(first.emitted).toEqual([{ type: 'click', fields: { target: 'https://shop.example/' } }]);
    expect(first.dismissed).toEqual([false]);

    const second = context();
    second.set(mountBanner(bannerItem({ actions: { type: 'reactions', reactionsList: ['🎉'], closeBannerOnClick: false } }), second.ctx));
    click(shadow('banner').querySelector('[aria-label="Reactions"] button'));
    expect(second.emitted).toEqual([{ type: 'react', fields: { emoji: '🎉' } }]);
    click(shadow('banner').querySelector('[aria-label^="Close"]'));
    expect(second.dismissed).toEqual([true]);
    expect(document.querySelector('signpost-banner')).toBeNull();
  });
});

describe('push notification', () => {
  afterEach(() => {
    delete (globalThis as { Notification?: unknown }).Notification;
  });

  it('in the page: a status region that never takes focus, gone after its duration unless hovered', () => {
    jest.useFakeTimers();
    document.documentElement.lang = 'fr';
    const before = document.getElementById('before')!;
    before.focus();
    const { ctx, set, dismissed } = context();
    set(mountPush(pushItem(), ctx));
    const card = shadow('push').querySelector('[role="status"]')!;
    expect(card.getAttribute('aria-label')).toBe('Notification');
    // The live region is in the page before its content, so screen readers announce it.
    expect(card.textContent).toBe('');
    jest.advanceTimersByTime(50);
    expect(card.textContent).toContain('New reply');
    expect(shadow('push').querySelector('img')!.getAttribute('src')).toBe('https://api.example/uploads/icon.png');
    const open = shadow('push').querySelector('a')!;
    expect(open.textContent).toBe('Ouvrir');
    expect(open.getAttribute('target')).toBeNull(); // action target _self
    expect(document.activeElement).toBe(before);
    card.dispatchEvent(new Event('pointerenter'));
    jest.advanceTimersByTime(20_000);
    expect(dismissed).toEqual([]);
    card.dispatchEvent(new Event('pointerleave'));
    jest.advanceTimersByTime(4950 - 1);
    expect(dismissed).toEqual([]);
    jest.advanceTimersByTime(1);
    expect(dismissed).toEqual([false]);
    jest.useRealTimers();
  });

  it("uses the browser's notification when the visitor already granted it, never asking", () => {
    const shown: { title: string; options: NotificationOptions }[] = [];
    const requestPermission = jest.fn();
    class FakeNotification {
      static permission = 'granted';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      onclose: (() => void) | null = null;
      close = jest.fn();
      constructor(title: string, options: NotificationOptions) {
        shown.push({ title, options });
      }
    }
    (globalThis as { Notification?: unknown }).Notification = FakeNotification;
    const { ctx, set } = context();
    set(mountPush(pushItem(), ctx));
    expect(shown).toEqual([{ title: 'New reply', options: expect.objectContaining({ body: 'Ana answered your question', silent: true }) }]);
    expect(document.querySelector('signpost-push')).toBeNull();
    expect(requestPermission).not.toHaveBeenCalled();
  });
});
