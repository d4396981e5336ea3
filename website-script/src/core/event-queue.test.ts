import { EventQueue, MAX_BATCH_BYTES, type VisitorTokenSource } from './event-queue';
import { webStore } from './storage';
import { answer } from '../../test/http';

const URL_ = 'https://api.example/api/public/key-1/events';
const ok = () => answer(200, { message: 'Events recorded', accepted: 1 });
const status = (code: number, headers: Record<string, string> = {}) => answer(code, { message: 'x' }, headers);
type Sent = { token: string; events: { id: string; type: string; visitorId: string }[] };
const bodies = (fetch: jest.Mock): Sent[] => fetch.mock.calls.map(([, init]) => JSON.parse((init as RequestInit).body as string));

/** Every visitor has a token here (`token-<visitor>`), unless a test says otherwise. */
const anyToken: VisitorTokenSource = { get: (v) => `token-${v}`, renew: async () => true, forget: () => undefined };

function queue(fetch: jest.Mock, extra: Partial<ConstructorParameters<typeof EventQueue>[0]> = {}) {
  return new EventQueue({
    url: URL_,
    store: webStore('localStorage'),
    storageKey: 'signpost:events:key-1',
    fetch: fetch as unknown as typeof globalThis.fetch,
    tokens: anyToken,
    ...extra,
  });
}
const view = (n: number) => ({ type: 'view', visitorId: 'v1', contentId: `c${n}` });

describe('EventQueue', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('batches for about a second, as text/plain JSON with keepalive, each event with its own id', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const q = queue(fetch);
    q.push(view(1));
    q.push(view(2));
    expect(fetch).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe(URL_);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'content-type': 'text/plain;charset=UTF-8' } });
    const { events } = bodies(fetch)[0];
    expect(events.map((e) => e.type)).toEqual(['view', 'view']);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
    // Sent promptly: no time of our own, the server stamps it (a visitor's clock may be wrong).
    expect(events[0]).toEqual({ id: expect.any(String), type: 'view', visitorId: 'v1', contentId: 'c1' });
    expect(q.size).toBe(0);
    expect(localStorage.getItem('signpost:events:key-1')).toBeNull();
  });

  it('sends at once when 20 events are waiting, 20 per batch', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const q = queue(fetch);
    for (let i = 0; i < 25; i++) q.push(view(i));
    await jest.advanceTimersByTimeAsync(0);
    expect(bodies(fetch)[0].events).toHaveLength(20);
    // A zero-delay timer set while the fake clock ticks is due 1 ms later.
    await jest.advanceTimersByTimeAsync(1);
    expect(bodies(fetch)[1].events).toHaveLength(5);
    expect(q.size).toBe(0);
  });

  it('retries a network failure and a 5xx with back-off, resending the same ids, never losing one', async () => {
    const fetch = jest.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(status(503)).mockResolvedValue(ok());
    const q = queue(fetch);
    q.push(view(1));
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(q.size).toBe(1);
    await jest.advanceTimersByTimeAsync(1000); // first back-off: 1 s
    expect(fetch).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1999); // second: 2 s
    expect(fetch).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(3);
    const ids = bodies(fetch).map((b) => b.events[0].id);
    expect(new Set(ids).size).toBe(1);
    expect(q.size).toBe(0);
  });

  it('waits for the Retry-After of a 429, even when new events arrive', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(status(429, { 'retry-after': '30' }))
      .mockResolvedValue(ok());
    const q = queue(fetch);
    q.push(view(1));
    await jest.advanceTimersByTimeAsync(1000);
    q.push(view(2));
    await jest.advanceTimersByTimeAsync(28_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(2000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(bodies(fetch)[1].events).toHaveLength(2);
    expect(q.size).toBe(0);
  });

  it('drops a batch the API refuses with a 400 naming no event, saying so', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest.fn().mockResolvedValue(status(400));
    const q = queue(fetch);
    q.push(view(1));
    await jest.advanceTimersByTimeAsync(1000);
    q.push(view(2));
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(q.size).toBe(0);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(q.refused.map((e) => e.contentId)).toEqual(['c1', 'c2']);
    warn.mockRestore();
  });

  it('one event refused in a 202: the others are taken, the refused one is not sent again and is listed', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest
      .fn()
      .mockResolvedValue(
        answer(202, { message: 'Some events recorded', accepted: 2, errors: { 'events.1.contentId': 'This event does not apply to this kind of content' } }),
      );
    const q = queue(fetch);
    q.push(view(1));
    q.push(view(2));
    q.push(view(3));
    await jest.advanceTimersByTimeAsync(1000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(q.size).toBe(0);
    expect(q.refused).toEqual([{ type: 'view', contentId: 'c2', reason: 'contentId: This event does not apply to this kind of content' }]);
    expect(warn.mock.calls[0][0]).toContain('view on c2');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });

  it('a 400 naming one event of the batch: only that one is dropped, the others are sent again', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(answer(400, { message: 'Bad', errors: { 'events.0.device': 'Invalid device' } }))
      .mockResolvedValue(ok());
    const q = queue(fetch);
    q.push(view(1));
    q.push(view(2));
    q.push(view(3));
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    const [first, second] = bodies(fetch);
    expect(second.events.map((e) => e.id)).toEqual(first.events.slice(1).map((e) => e.id));
    expect(q.size).toBe(0);
    expect(q.refused).toEqual([{ type: 'view', contentId: 'c1', reason: 'device: Invalid device' }]);
    warn.mockRestore();
  });

  it('keeps unsent events in localStorage for the next page', async () => {
    const offline = jest.fn().mockRejectedValue(new TypeError('offline'));
    const first = queue(offline);
    first.push(view(1));
    first.push(view(2));
    const stored = JSON.parse(localStorage.getItem('signpost:events:key-1')!);
    expect(stored).toHaveLength(2);
    const fetch = jest.fn().mockResolvedValue(ok());
    jest.setSystemTime(Date.now() + 3_600_000); // the next page, an hour later
    queue(fetch);
    await jest.advanceTimersByTimeAsync(0);
    const sent = bodies(fetch)[0].events as { id: string; occurredAt?: string }[];
    expect(sent.map((e) => e.id)).toEqual(stored.map((e: { id: string }) => e.id));
    // Sent late: with the time it happened.
    expect(sent[0].occurredAt).toBe(stored[0].occurredAt);
  });

  it('never overwrites events another tab stored', () => {
    const fetch = jest.fn(() => new Promise<Response>(() => undefined));
    const a = queue(fetch);
    const b = queue(fetch);
    a.push(view(1));
    b.push(view(2));
    expect(JSON.parse(localStorage.getItem('signpost:events:key-1')!)).toHaveLength(2);
  });

  it('hands unsent events to sendBeacon on page exit, and does not send them again from this page', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const sendBeacon = jest.fn().mockReturnValue(true);
    const q = queue(fetch, { sendBeacon });
    q.push(view(1));
    q.flushWithBeacon();
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0];
    expect(url).toBe(URL_);
    expect((blob as Blob).type).toBe('text/plain;charset=utf-8');
    await jest.advanceTimersByTimeAsync(5000);
    expect(fetch).not.toHaveBeenCalled();
    // Still stored: if the beacon was lost, the next page sends it (same id, counted once).
    expect(JSON.parse(localStorage.getItem('signpost:events:key-1')!)).toHaveLength(1);
  });

  it('keeps every batch body under the 64 KB keepalive quota', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const q = queue(fetch);
    for (let i = 0; i < 20; i++) q.push({ type: 'comment', visitorId: 'v1', contentId: 'c', body: 'x'.repeat(5000) });
    await jest.advanceTimersByTimeAsync(10);
    expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(2);
    for (const [, init] of fetch.mock.calls) expect(new TextEncoder().encode((init as RequestInit).body as string).length).toBeLessThanOrEqual(MAX_BATCH_BYTES);
    expect(q.size).toBe(0);
  });

  it('sends each visitor’s events in batches of their own, each with that visitor’s token', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const q = queue(fetch);
    q.push(view(1));
    q.push({ type: 'view', visitorId: 'v2', contentId: 'c2' });
    q.push(view(3));
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(1);
    const sent = bodies(fetch);
    expect(sent.map((b) => [b.token, b.events.map((e) => e.visitorId)])).toEqual([
      ['token-v1', ['v1', 'v1']],
      ['token-v2', ['v2']],
    ]);
    expect(q.size).toBe(0);
  });

  it('without a token, asks for one first; a visitor whose token cannot be had is dropped', async () => {
    const fetch = jest.fn().mockResolvedValue(ok());
    const held = new Map<string, string>();
    const renew = jest.fn(async (v: string) => {
      if (v !== 'v1') return false;
      held.set(v, 'fresh');
      return true;
    });
    const q = queue(fetch, { tokens: { get: (v) => held.get(v) ?? null, renew, forget: (v) => held.delete(v) } });
    q.push({ type: 'view', visitorId: 'gone', contentId: 'c0' });
    q.push(view(1));
    await jest.advanceTimersByTimeAsync(1000);
    await jest.advanceTimersByTimeAsync(1);
    expect(renew.mock.calls.map(([v]) => v)).toEqual(['gone', 'v1']);
    expect(bodies(fetch)).toEqual([{ token: 'fresh', events: [expect.objectContaining({ visitorId: 'v1', contentId: 'c1' })] }]);
    expect(q.size).toBe(0);
  });

  it('a 401 (expired token) forgets it and sends the same batch again with a new one', async () => {
    const fetch = jest.fn().mockResolvedValueOnce(status(401)).mockResolvedValue(ok());
    let current = 'old';
    const forget = jest.fn(() => {
      current = '';
    });
    const renew = jest.fn(async () => {
      current = 'new';
      return true;
    });
    const q = queue(fetch, { tokens: { get: () => current || null, renew, forget } });
    q.push(view(1));
    await jest.advanceTimersByTimeAsync(1000);
    expect(forget).toHaveBeenCalledWith('v1');
    await jest.advanceTimersByTimeAsync(1000);
    const sent = bodies(fetch);
    expect(sent.map((b) => b.token)).toEqual(['old', 'new']);
    expect(sent[0].events[0].id).toBe(sent[1].events[0].id);
    expect(q.size).toBe(0);
  });

  it('on page exit, hands to sendBeacon only what has a token; the rest stays for the next page', () => {
    const sendBeacon = jest.fn().mockReturnValue(true);
    const q = queue(jest.fn(), { sendBeacon, tokens: { get: () => null, renew: async () => true, forget: () => undefined } });
    q.push(view(1));
    q.flushWithBeacon();
    expect(sendBeacon).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('signpost:events:key-1')!)).toHaveLength(1);
  });
});
