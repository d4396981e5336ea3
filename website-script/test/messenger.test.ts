import { defaultBubbleConfig, type BubbleConfig } from 'contracts';
import { createMessengerView, type MessengerData, type MessengerView } from '../src/messenger/view';
import { TEXTS } from '../src/texts';
import { pageLocale } from '../src/page-locale';

const views: MessengerView[] = [];
afterEach(() => {
  for (const v of views.splice(0)) v.destroy();
  document.documentElement.lang = '';
});

const shadow = () => document.querySelector('signpost-messenger')!.shadowRoot!;
const launcher = () => shadow().querySelector<HTMLButtonElement>('.l')!;
const dialog = () => shadow().querySelector<HTMLElement>('[role=dialog]');
const tabs = () => [...shadow().querySelectorAll<HTMLElement>('[role=tab]')].map((t) => t.textContent);

function config(launcher: Partial<BubbleConfig['launcher_settings']> = {}): BubbleConfig {
  const c = defaultBubbleConfig();
  return { ...c, launcher_settings: { ...c.launcher_settings, show_launcher: true, ...launcher } };
}

function data(): MessengerData {
  return {
    name: null,
    conversations: [
      {
        _id: 'c1',
        status: 'open',
        unread: 2,
        lastMessageAt: new Date().toISOString(),
        messages: [{ _id: 'm1', author: 'staff', body: 'Hello from the team', createdAt: new Date().toISOString() }],
      },
    ],
    news: [{ _id: 'n1', kind: 'banner', title: 'Spring sale', body: '20% off', url: null, publishedAt: new Date().toISOString() }],
  };
}

function view(options: Partial<Parameters<typeof createMessengerView>[0]> = {}) {
  const v = createMessengerView({ config: config(), locale: pageLocale(), data: data(), ...options });
  views.push(v);
  return v;
}

test('the launcher sits on the configured physical side, with its paddings and colour', () => {
  view({ config: config({ alignment: 'left', horizontal_padding: 40, vertical_padding: 12, color: [200, 30, 90] }) });
  const style = launcher().style;
  expect(style.left).toBe('40px');
  expect(style.right).toBe('');
  expect(style.bottom).toBe('12px');
  expect(style.background).toBe('rgb(200, 30, 90)');
});

test('nothing shows without the launcher until the page opens the window', () => {
  const v = view({ config: config({ show_launcher: false }) });
  expect(shadow().querySelector('.l')).toBeNull();
  v.open();
  expect(dialog()).not.toBeNull();
});

test('the window is a dialog: focus moves in, Esc closes it and focus returns to the launcher', () => {
  const opened: boolean[] = [];
  view({ onOpenChange: (open) => opened.push(open) });
  launcher().click();
  expect(dialog()!.getAttribute('aria-labelledby')).toBe('sp-t');
  expect(shadow().activeElement).not.toBeNull();
  expect(dialog()!.contains(shadow().activeElement)).toBe(true);
  shadow().activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  expect(dialog()).toBeNull();
  expect(shadow().activeElement).toBe(launcher());
  expect(opened).toEqual([true, false]);
});

test('badges are kept per space and the space shown clears its own; Tasks is hidden without tasks', () => {
  const read: string[] = [];
  const seen: string[][] = [];
  const v = view({ onRead: (id) => read.push(id), onNewsSeen: (ids) => seen.push(ids) });
  // Messages 2 unread + News 1 unseen.
  expect(launcher().querySelector('.b')!.textContent).toBe('3');
  v.open('news');
  expect(tabs()).toEqual(['Home', 'Messages2', 'News']);
  expect(seen).toEqual([['n1']]);
  expect(launcher().querySelector('.b')!.textContent).toBe('2');
  v.open('messages');
  expect(read).toEqual(['c1']);
  expect(launcher().querySelector('.b')).toBeNull();
  v.update({ tasks: { count: () => 1, render: (c) => c.append('task list') } });
  expect(tabs()).toEqual(['Home', 'Messages', 'Tasks1', 'News']);
  v.update({ tasks: null });
  expect(tabs()).toEqual(['Home', 'Messages', 'News']);
});

test('Home greets the visitor by name once identified; a live answer shows in its conversation', () => {
  const d = data();
  d.name = 'Ada';
  const read: string[] = [];
  const v = view({ data: d, onRead: (id) => read.push(id) });
  v.open('home');
  expect(shadow().textContent).toContain('Hi Ada');
  v.open('messages');
  shadow().querySelectorAll<HTMLElement>('.c .card')[1].click();
  v.receive({ _id: 'm2', conversationId: 'c1', author: 'staff', body: 'Live answer', createdAt: new Date().toISOString() });
  expect(shadow().querySelector('[role=log]')!.textContent).toContain('Live answer');
  // The same event again (a reconnect) shows once; the next one shows too.
  v.receive({ _id: 'm2', conversationId: 'c1', author: 'staff', body: 'Live answer', createdAt: new Date().toISOString() });
  v.receive({ _id: 'm3', conversationId: 'c1', author: 'staff', body: 'Second answer', createdAt: new Date().toISOString() });
  expect(shadow().querySelectorAll('[role=log] .m')).toHaveLength(3);
  // Seen as they came, in the open conversation: read each time (no badge left for later).
  expect(read).toEqual(['c1', 'c1', 'c1']);
});

test('right to left in Arabic, with the script’s own texts', () => {
  document.documentElement.lang = 'ar';
  const v = view();
  v.open('home');
  const frame = shadow().querySelector('.root')!;
  expect(frame.getAttribute('dir')).toBe('rtl');
  expect(shadow().querySelector('#sp-t')!.textContent).toBe(TEXTS.ar.home);
});
