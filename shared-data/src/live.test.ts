import { subscribeLive } from './live';

/**
 * The console's live stream (GET /api/live, read with fetch): when it ends, the tab connects again
 * with the id of the last event it got in `Last-Event-ID`, so the server replays what it missed.
 */
jest.mock('shared-auth', () => ({
  readAccessToken: () => 'access-1',
  readActiveWebsite: () => 'website-1',
  readLanguage: () => 'en',
  refreshTokens: jest.fn(async () => {}),
}));
jest.mock('./api-client', () => ({ getApiBaseUrl: () => 'https://api.example.test' }));

/** An answer whose body yields these Server-Sent Events blocks, then ends. */
function streamOf(...blocks: string[]) {
  const chunks = blocks.map((b) => new TextEncoder().encode(b));
  return {
    status: 200,
    ok: true,
    body: { getReader: () => ({ read: async () => (chunks.length ? { done: false, value: chunks.shift() } : { done: true, value: undefined }) }) },
  };
}

const saved = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = saved;
  jest.useRealTimers();
});

test('a stream that ended is opened again with the id of the last event it got', async () => {
  jest.useFakeTimers();
  const answers = [
    streamOf(
      'retry: 2000\n\n',
      'id: 7\nevent: notification\ndata: {"id":"n1"}\n\n',
      'id: 9\nevent: message\ndata: {"body":"Hi"}\n\n',
      'event: ready\ndata: {}\n\n',
    ),
    streamOf('id: 12\nevent: message\ndata: {"body":"Again"}\n\n'),
    streamOf(),
  ];
  const fetch = jest.fn(async (_url: string, _init: { headers: Record<string, string> }) => answers.shift() ?? streamOf());
  globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
  const events: string[] = [];
  const stop = subscribeLive((e) => events.push(e.type));
  await jest.advanceTimersByTimeAsync(2500);
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(fetch.mock.calls[0][1].headers).not.toHaveProperty('last-event-id');
  expect(fetch.mock.calls[0][1].headers).toMatchObject({ authorization: 'Bearer access-1', activewebsite: 'website-1' });
  await jest.advanceTimersByTimeAsync(2500);
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(fetch.mock.calls[1][1].headers['last-event-id']).toBe('9');
  await jest.advanceTimersByTimeAsync(2500);
  expect(fetch.mock.calls[2][1].headers['last-event-id']).toBe('12');
  expect(events).toEqual(['notification', 'message', 'ready', 'message']);
  stop();
});
