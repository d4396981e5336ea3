import { defaultBubbleConfig } from 'contracts';
import { mount } from '../src/messenger';
import { pageLocale } from '../src/page-locale';

/**
 * The messenger's live stream on a customer's page: when it ends (its lifetime, a restart, a
 * refused token), the window opens a new one from where it was — the id of the last event it got
 * rides in the query, since a new EventSource cannot send the Last-Event-ID header — so no answer
 * of the team is lost; another visitor (refresh) starts from nothing.
 */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onerror: (() => void) | null = null;
  private readonly listeners = new Map<string, ((e: MessageEvent) => void)[]>();
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  /** The server ended the stream (the browser gives up on this EventSource). */
  end() {
    this.readyState = FakeEventSource.CLOSED;
    this.onerror?.();
  }
}

const saved = (globalThis as { EventSource?: unknown }).EventSource;
beforeEach(() => {
  FakeEventSource.opened = [];
  (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  (globalThis as { EventSource?: unknown }).EventSource = saved;
});

function messenger() {
  const store = new Map<string, string>();
  const fetch = jest.fn(async () => new Response(JSON.stringify({ name: null, conversations: [], news: [] }), { status: 200 }));
  const m = mount({
    config: defaultBubbleConfig(),
    locale: pageLocale(),
    apiUrl: 'https://api.example.test',
    websiteKey: 'key-1',
    local: { get: (k) => store.get(k) ?? null, set: (k, v) => void store.set(k, v), remove: (k) => void store.delete(k) },
    token: async () => 'visitor-token',
    fetch: fetch as unknown as typeof globalThis.fetch,
  });
  return m;
}

const query = (source: FakeEventSource) => new URL(source.url).searchParams;
const answer = (id: string) => ({ _id: id, conversationId: 'c1', author: 'staff', body: `Answer ${id}`, createdAt: new Date().toISOString() });

test('a stream that ended is opened again with the id of the last event it got', async () => {
  const m = messenger();
  m.open();
  await jest.advanceTimersByTimeAsync(0);
  expect(FakeEventSource.opened).toHaveLength(1);
  const first = FakeEventSource.opened[0];
  expect(query(first).get('token')).toBe('visitor-token');
  expect(query(first).has('lastEventId')).toBe(false);

  first.emit('ready', {});
  first.emit('message', answer('m1'), '41');
  first.emit('message', answer('m2'), '42');
  first.end();
  await jest.advanceTimersByTimeAsync(2500);

  expect(FakeEventSource.opened).toHaveLength(2);
  const second = FakeEventSource.opened[1];
  expect(query(second).get('lastEventId')).toBe('42');
  // And again from the newer id, after the reconnected stream got more.
  second.emit('ready', {});
  second.emit('message', answer('m3'), '57');
  second.end();
  await jest.advanceTimersByTimeAsync(2500);
  expect(query(FakeEventSource.opened[2]).get('lastEventId')).toBe('57');
  m.destroy();
});

test('another visitor (refresh) starts from nothing: the last visitor’s id is not carried over', async () => {
  const m = messenger();
  m.open();
  await jest.advanceTimersByTimeAsync(0);
  FakeEventSource.opened[0].emit('message', answer('m1'), '41');
  m.refresh();
  await jest.advanceTimersByTimeAsync(100);
  const latest = FakeEventSource.opened[FakeEventSource.opened.length - 1];
  expect(FakeEventSource.opened.length).toBeGreaterThan(1);
  expect(query(latest).has('lastEventId')).toBe(false);
  m.destroy();
});
