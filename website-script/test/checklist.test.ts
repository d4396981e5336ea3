import confetti from 'canvas-confetti';
import { mount } from '../src/surfaces/checklist';
import type { ItemOf, Surface, SurfaceContext } from '../src/surfaces/types';
import type { ProgressState } from '../src/core/progress';
import { pageLocale } from '../src/page-locale';
import { defaultBubbleConfig } from 'contracts';
import { createMessengerView, type MessengerView, type TasksProvider } from '../src/messenger/view';
import { Signpost } from '../src/core/signpost';

// The confetti draws on a canvas jsdom does not have: only whether it was fired is checked here.
jest.mock('canvas-confetti', () => jest.fn(() => Promise.resolve()));

function item(overrides: Partial<ItemOf<'checklist'>['checklist']> = {}): ItemOf<'checklist'> {
  return {
    kind: 'checklist',
    interrupts: false,
    modal: false,
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
/** The messenger's Tasks space the core hands a checklist when the website shows its messenger; null without it. */
let tasksSpace: { set(provider: TasksProvider | null): void } | null = null;
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
    tasksSpace: () => tasksSpace,
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
  tasksSpace = null;
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
  expect(launcher().textContent).toContain('1');
  // The server records page visits itself (the content call): the page reports only what only it sees.
  expect(emitted.filter((e) => e.type === 'task')).toEqual([{ type: 'task', fields: { target: 'tick' } }]);

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

test('an element clicked on the page completes its task, reported for the server to check', () => {
  const it = item();
  it.checklist.tasks[0] = { ...it.checklist.tasks[0], completion: { type: 'click', selector: '#x' } };
  show(it);
  document.getElementById('x')!.click();
  expect(launcher().textContent).toContain('2');
  expect(emitted).toContainEqual({ type: 'task', fields: { target: 'tick' } });
  window.dispatchEvent(new CustomEvent('signpost:track', { detail: { name: 'signed-up' } }));
  expect(emitted.filter((e) => e.type === 'task')).toHaveLength(1);
});

test('a tour completed on this page ticks its task at once, and the celebration follows, with no page change', () => {
  const tourId = '66666666-6666-4666-8666-666666666666';
  const it = item();
  it.checklist.tasks = [{ id: 'tour', title: 'Take the tour', content: '', timing: 1, action: { type: 'tour', tourId }, completion: { type: 'tour', tourId } }];
  show(it);
  expect(launcher().textContent).toContain('1');
  window.dispatchEvent(new CustomEvent('signpost:tour-complete', { detail: { id: 'another-tour' } }));
  expect(launcher().textContent).toContain('1');
  window.dispatchEvent(new CustomEvent('signpost:tour-complete', { detail: { id: tourId } }));
  expect(root()!.querySelector('[role="status"]')!.textContent).toContain('Well done');
  expect(emitted.filter((e) => e.type === 'complete')).toHaveLength(1);
  // The tour's task is the server's to record (from the tour's own event): the page reports no task.
  expect(emitted.filter((e) => e.type === 'task')).toEqual([]);
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

describe('with the messenger', () => {
  let messenger: MessengerView;
  const inMessenger = () => document.querySelector('signpost-messenger')!.shadowRoot!;
  const tasksTab = () => [...inMessenger().querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent!.startsWith('Tasks')) ?? null;
  /** The checklist's own shadow root inside the Tasks space. */
  const space = () => inMessenger().querySelector('.c div')!.shadowRoot!;
  beforeEach(() => {
    const config = defaultBubbleConfig();
    messenger = createMessengerView({
      config: { ...config, launcher_settings: { ...config.launcher_settings, show_launcher: true } },
      locale: pageLocale(),
      data: { name: null, conversations: [], news: [] },
    });
    tasksSpace = { set: (provider) => messenger.update({ tasks: provider }) };
  });
  afterEach(() => {
    surfaces.forEach((s) => s.destroy());
    surfaces = [];
    messenger.destroy();
  });

  test("the tasks live in the messenger's Tasks space, not behind a launcher of their own, with the same progress", async () => {
    stored = { done: { page: '2025-01-01T00:00:00.000Z' } };
    show();
    expect(launcher().hidden).toBe(true);
    expect(root()!.querySelector<HTMLElement>('.wrap')!.hidden).toBe(true);
    messenger.open();
    expect(tasksTab()!.textContent).toContain('2');
    tasksTab()!.click();
    expect(space().querySelector('[role=progressbar]')!.getAttribute('aria-valuenow')).toBe('1');
    const tick = () => [...space().querySelectorAll<HTMLButtonElement>('.head')].find((h) => h.textContent!.includes('Say hello'))!;
    tick().click();
    await Promise.resolve();
    expect(space().activeElement).toBe(tick());
    space().querySelector<HTMLButtonElement>('.tick')!.click();
    expect(emitted).toContainEqual({ type: 'task', fields: { target: 'tick' } });
    expect(tasksTab()!.textContent).toContain('1');
    expect(stored!.done).toHaveProperty('tick');

    // The last task done: the space has nothing left, and the celebration shows once, on its own.
    window.dispatchEvent(new CustomEvent('signpost:track', { detail: { name: 'signed-up' } }));
    expect(tasksTab()).toBeNull();
    expect(root()!.querySelector<HTMLElement>('.wrap')!.hidden).toBe(false);
    expect(root()!.querySelector('[role="status"]')!.textContent).toContain('Well done');
    root()!.querySelector<HTMLButtonElement>('.cele button')!.click();
    expect(root()!.querySelector<HTMLElement>('.wrap')!.hidden).toBe(true);
    reload();
    expect(root()!.querySelector('[role="status"]')).toBeNull();
  });

  test('gone from the space when the checklist goes', () => {
    show();
    messenger.open();
    expect(tasksTab()).not.toBeNull();
    surfaces.forEach((s) => s.destroy());
    expect(tasksTab()).toBeNull();
  });
});

describe('through the core', () => {
  const tick = () => new Promise((r) => setTimeout(r, 0));
  async function page(showLauncher: boolean) {
    const config = defaultBubbleConfig();
    const messenger = { ...config, launcher_settings: { ...config.launcher_settings, show_launcher: showLauncher } };
    const fetch = jest.fn(async (url: RequestInfo | URL) => {
      const data = String(url).includes('/content')
        ? { items: [item()], interruptions: { perDay: 3, today: 0 }, token: 'tok-1', tokenTtl: 3600, messenger }
        : String(url).includes('/messenger')
          ? { name: null, conversations: [], news: [] }
          : { message: 'ok', accepted: 1 };
      return { ok: true, status: 200, json: async () => data } as Response;
    }) as unknown as typeof globalThis.fetch;
    const core = new Signpost({ websiteKey: 'key-1', apiUrl: 'https://api.example', fetch, eventDelayMs: 60_000 });
    await core.requestContent();
    for (let i = 0; i < 5; i++) await tick();
    return core;
  }
  beforeEach(() => localStorage.clear());

  test("the website's messenger shown: the checklist is in its Tasks space", async () => {
    const core = await page(true);
    expect(launcher().hidden).toBe(true);
    const messenger = document.querySelector('signpost-messenger')!.shadowRoot!;
    messenger.querySelector<HTMLButtonElement>('.l')!.click();
    const tab = [...messenger.querySelectorAll<HTMLElement>('[role=tab]')].find((t) => t.textContent!.startsWith('Tasks'));
    expect(tab!.textContent).toContain('3');
    core.stop();
  });

  test('without it: the launcher of its own', async () => {
    const core = await page(false);
    expect(launcher().hidden).toBe(false);
    expect(launcher().textContent).toContain('3');
    expect(document.querySelector('signpost-messenger')).toBeNull();
    core.stop();
  });
});
