import { renderPopupPreview, type PopupPreview } from '../src/popup-preview';
import { mount as mountPopup } from '../src/surfaces/popup';
import type { Surface } from '../src/surfaces/types';
import { TEXTS } from '../src/texts';
import { popupItem } from './fixtures';

const open: (PopupPreview | Surface)[] = [];
afterEach(() => {
  for (const s of open.splice(0)) s.destroy();
  jest.useRealTimers();
  jest.restoreAllMocks();
});
beforeEach(() => {
  document.body.innerHTML = '<main><button id="before">page button</button><div id="stage" style="position:relative"></div></main>';
  document.documentElement.lang = 'en';
  document.documentElement.dir = '';
});

const stage = () => document.getElementById('stage')!;
const previewRoot = () => stage().querySelector('signpost-popup')!.shadowRoot!;
const buttonNamed = (root: ShadowRoot, name: string) => [...root.querySelectorAll('button')].find((b) => b.textContent === name);
const rendered = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
/** The same item the console hands the preview (its id is the preview's own). */
const item = () => ({ ...popupItem(), id: 'preview' });

function preview(options: Partial<Parameters<typeof renderPopupPreview>[2]> = {}) {
  const p = renderPopupPreview(stage(), item().popup, { lang: 'en', ...options });
  open.push(p);
  return p;
}

describe('popup preview (the console draws the visitor popup with it)', () => {
  it('draws the markup of the live popup, with its stylesheet, placed in the container instead of the page', () => {
    const live = mountPopup(item(), {
      locale: { lang: 'en', dir: 'ltr', t: TEXTS.en },
      emit: () => undefined,
      dismiss: () => undefined,
      leave: () => undefined,
      asset: (url) => url,
      progress: { get: () => null, set: () => undefined },
      visit: 'v',
    });
    open.push(live);
    const liveRoot = document.body.querySelector(':scope > signpost-popup')!.shadowRoot!;
    preview();
    const root = previewRoot();
    expect(root.innerHTML).toBe(liveRoot.innerHTML);
    // The visitor's stylesheet first, then only the lines that keep it inside the container.
    expect(root.adoptedStyleSheets[0]).toBe(liveRoot.adoptedStyleSheets[0]);
    expect(root.adoptedStyleSheets).toHaveLength(2);
    // Drawn again at every keystroke: without its fade-in, or the author would see it flicker.
    expect((root.adoptedStyleSheets[1] as unknown as { cssText: string }).cssText).toContain('.in{animation:none}');
    expect(stage().children).toHaveLength(1);
  });

  it('moves along on Next, Previous and Send, reporting nothing, writing nothing, fetching nothing', () => {
    jest.useFakeTimers();
    const fetchSpy = jest.fn();
    Object.defineProperty(window, 'fetch', { value: fetchSpy, configurable: true });
    const beacon = jest.fn();
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    const xhr = jest.spyOn(XMLHttpRequest.prototype, 'open');
    const local = jest.spyOn(Storage.prototype, 'setItem');
    const pages: number[] = [];
    preview({ onPageChange: (page) => pages.push(page) });
    let root = previewRoot();
    // The required answer is asked for, as on a page.
    buttonNamed(root, 'Next')!.click();
    expect(root.querySelector('[role="radiogroup"]')!.getAttribute('aria-invalid')).toBe('true');
    const pm = root.querySelector<HTMLInputElement>('input[value="PM"]')!;
    pm.checked = true;
    pm.dispatchEvent(new Event('change'));
    buttonNamed(root, 'Next')!.click();
    expect(pages).toEqual([1]);
    expect(root.textContent).toContain('Anything else?');
    buttonNamed(root, 'Previous')!.click();
    expect(root.textContent).toContain('Your role?');
    buttonNamed(root, 'Next')!.click();
    expect(pages).toEqual([1, 0, 1]);
    // The comment box and Send of the last page.
    const comment = root.querySelector<HTMLTextAreaElement>('textarea[aria-label="Write a comment…"]')!;
    comment.value = 'Nice';
    comment.dispatchEvent(new Event('input'));
    buttonNamed(root, 'Send')!.click();
    expect(root.textContent).toContain('Thank you');
    // After the thank-you, the preview starts again from its first page (a page would have closed it).
    jest.advanceTimersByTime(3000);
    root = previewRoot();
    expect(pages).toEqual([1, 0, 1, 0]);
    expect(root.textContent).toContain('Your role?');
    expect(stage().querySelectorAll('signpost-popup')).toHaveLength(1);
    expect([fetchSpy, beacon, xhr, local].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0, 0]);
  });

  it('never closes by itself, and the × shows it again from the start', () => {
    jest.useFakeTimers();
    preview({ page: 1 });
    expect(previewRoot().textContent).toContain('Anything else?');
    jest.advanceTimersByTime(60_000);
    expect(previewRoot().textContent).toContain('Anything else?');
    previewRoot().querySelector<HTMLButtonElement>('button.x')!.click();
    expect(stage().querySelectorAll('signpost-popup')).toHaveLength(1);
    expect(previewRoot().textContent).toContain('Your role?');
  });

  it('a centred (modal) popup takes no focus and traps none: the author keeps typing', async () => {
    const before = document.getElementById('before')!;
    before.focus();
    preview();
    expect(previewRoot().querySelector('[role="dialog"]')!.getAttribute('aria-modal')).toBe('true');
    await rendered();
    await rendered();
    expect(document.activeElement).toBe(before);
  });

  it('draws again on update (document, page, language), replacing the previous drawing; destroy removes it', () => {
    const p = preview();
    p.update({ ...item().popup, titleOfPopup: { ...item().popup.titleOfPopup, label: 'Bienvenue' } }, { lang: 'ar', page: 1 });
    expect(stage().querySelectorAll('signpost-popup')).toHaveLength(1);
    const root = previewRoot();
    expect(root.querySelector('h2')!.textContent).toBe('Bienvenue');
    expect(root.querySelector('.root')!.getAttribute('dir')).toBe('rtl');
    expect(root.querySelector('.root')!.getAttribute('lang')).toBe('ar');
    expect(buttonNamed(root, TEXTS.ar.send)).toBeDefined();
    p.destroy();
    expect(stage().children).toHaveLength(0);
  });
});
