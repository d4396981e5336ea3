import confetti from 'canvas-confetti';
import { mount } from '../src/surfaces/checklist';
import type { ItemOf, Surface, SurfaceContext } from '../src/surfaces/types';
import type { ProgressState } from '../src/core/progress';
import { pageLocale } from '../src/texts';

// The confetti draws on a canvas jsdom does not have: only whether it was fired is checked here.
jest.mock('canvas-confetti', () => jest.fn(() => Promise.resolve()));

function item(overrides: Partial<ItemOf<'checklist'>['checklist']> = {}): ItemOf<'checklist'> {
  return {
    kind: 'checklist',
    id: '11111111-1111-4111-8111-111111111111',
    priority: 'normal',
    sender: null,
    checklist: {
      title: 'Get started',
      subTitle: '',
      description: '',
      show_sender: false,
      notification_type: 'badge',
      direction: null,
      celebration: { is_enabled: true, title: 'Well done', description: '', button_text: '', show_effect: true },
      tasks: [
        { id: 'tick', title: 'Say hello', content: 'Tick me', timing: 1, action: { type: 'none' }, completion: { type: 'manual' } },
        {
          id: 'page',
          title: 'See pricing',
          content: '',
          timing: 2,
          action: { type: 'url', url: '/pricing', newTab: false },
          completion: { type: 'page', url: '/pricing' },
        },
        { id: 'event', title: 'Sign up', content: '', timing: 3, action: { type: 'none' }, completion: { type: 'event', name: 'signed-up' } },
      ],
      ...overrides,
    },
  };
}

let surfaces: Surface[] = [];
let stored: ProgressState | null = null;
let emitted: { type: string; fields?: Record<string, unknown> }[] = [];
let serverDone: string[] = [];
function show(it = item()) {
  const ctx: SurfaceContext = {
    locale: pageLocale(),
    emit: (type, fields) => emitted.push({ type, fields }),
    progress: { get: () => stored, set: (s) => void (stored = JSON.parse(JSON.stringify(s)) as ProgressState) },
    dismiss: () => surfaces.forEach((s) => s.destroy()),
    asset: (url) => url,
    serverDone: () => serverDone,
    visit: 'visit-1',
    leave: () => surfaces.forEach((s) => s.destroy()),
  };
  const s = mount(it, ctx);
  surfaces.push(s);
  return s;
}
const root = () => document.querySelector('signpost-checklist')?.shadowRoot ?? null;
const launcher = () => root()!.querySelector<HTMLButtonElement>('.launcher')!;
const heads = () => [...root()!.querySelectorAll<HTMLButtonElement>('.head')];
const reload = () => {
  surfaces.forEach((s) => s.destroy());
  surfaces = [];
  return show();
};

beforeEach(() => {
  document.body.innerHTML = '<button id="x">page</button>';
  document.documentElement.lang = 'en';
  document.documentElement.dir = '';
  window.history.replaceState(null, '', '/');
  stored = null;
  emitted = [];
  serverDone = [];
  (confetti as unknown as jest.Mock).mockClear();
  window.matchMedia = ((q: string) => ({ matches: false, media: q })) as unknown as typeof window.matchMedia;
});
afterEach(() => {
  surfaces.forEach((s) => s.destroy());
  surfaces = [];
});

test('badge: a closed launcher with the tasks left; it opens the list, each task opens and closes', () => {
  show();
  expect(launcher().textContent).toContain('3');
  expect(launcher().getAttribute('aria-expanded')).toBe('false');
  launcher().click();
  expect(launcher().getAttribute('aria-expanded')).toBe('true');
  const first = heads()[0];
  expect(first.getAttribute('aria-expanded')).toBe('false');
  first.click();
  expect(heads()[0].getAttribute('aria-expanded')).toBe('true');
  expect(root()!.getElementById(heads()[0].getAttribute('aria-controls')!)!.hidden).toBe(false);
  heads()[0].click();
  expect(heads()[0].getAttribute('aria-expanded')).toBe('false');
});

test('full: opened on the first view only', () => {
  show(item({ notification_type: 'full' }));
  expect(launcher().getAttribute('aria-expanded')).toBe('true');
  surfaces.forEach((s) => s.destroy());
  show(item({ notification_type: 'full' }));
  expect(launcher().getAttribute('aria-expanded')).toBe('false');
});

test('ticked, visited and tracked tasks are done, reported, kept over a reload, and the celebration plays once', () => {
  show();
  launcher().click();
  heads()[0].click();
  root()!.querySelector<HTMLButtonElement>('.tick')!.click();
  expect(emitted).toContainEqual({ type: 'task', fields: { target: 'tick' } });
  expect(launcher().textContent).toContain('2');

  // Another page: the page rule matches there (the content call announces the page).
  window.history.replaceState(null, '', '/pricing');
  window.dispatchEvent(new CustomEvent('signpost:content'));
  expect(emitted).toContainEqual({ type: 'task', fields: { target: 'page' } });

  // A reload on another page: what was done stays done.
  window.history.replaceState(null, '', '/');
  reload();
  expect(launcher().textContent).toContain('1');
  expect(confetti).not.toHaveBeenCalled();

  window.dispatchEvent(new CustomEvent('signpost:track', { detail: { name: 'signed-up' } }));
  expect(emitted.filter((e) => e.type === 'complete')).toHaveLength(1);
  expect(root()!.querySelector('[role="status"]')!.textContent).toContain('Well done');
  expect(confetti).toHaveBeenCalledTimes(1);

  reload();
  expect(root()!.querySelector('[role="status"]')).toBeNull();
  expect(confetti).toHaveBeenCalledTimes(1);
  expect(heads().every((h) => h.closest('li')!.classList.contains('isdone'))).toBe(true);
});

test("the server's word completes a task (a tour completed, an attribute, another device)", () => {
  serverDone = ['event'];
  show();
  expect(launcher().textContent).toContain('2');
});

test('no confetti when the visitor asked for less motion', () => {
  window.matchMedia = ((q: string) => ({ matches: q.includes('reduce'), media: q })) as unknown as typeof window.matchMedia;
  serverDone = ['tick', 'page', 'event'];
  show();
  expect(root()!.querySelector('[role="status"]')).not.toBeNull();
  expect(confetti).not.toHaveBeenCalled();
});

test('dismissed for good', () => {
  show();
  launcher().click();
  root()!.querySelector<HTMLButtonElement>('[aria-label="Dismiss this checklist"]')!.click();
  expect(root()).toBeNull();
  expect(emitted).toContainEqual({ type: 'dismiss', fields: undefined });
  show();
  expect(root()).toBeNull();
});

test('direction: the checklist’s own, else the page’s; texts in the page’s language', () => {
  document.documentElement.lang = 'ar';
  show();
  expect(root()!.querySelector('.root')!.getAttribute('dir')).toBe('rtl');
  expect(launcher().querySelector('.badge')!.getAttribute('aria-label')).toBe('المهام المتبقية: 3');
  surfaces.forEach((s) => s.destroy());
  show(item({ direction: 'ltr' }));
  expect(root()!.querySelector('.root')!.getAttribute('dir')).toBe('ltr');
});

test('Esc closes the open list and gives focus back to the launcher', () => {
  show();
  launcher().click();
  heads()[0].focus();
  heads()[0].dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  expect(launcher().getAttribute('aria-expanded')).toBe('false');
  expect(root()!.activeElement).toBe(launcher());
});
