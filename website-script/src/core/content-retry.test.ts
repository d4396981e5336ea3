import { answer } from '../../test/http';
import { Signpost } from './signpost';

describe('the content call when the server is busy', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it("asks again once the 503's Retry-After has passed, not before", async () => {
    const asked: string[] = [];
    const fetch = jest.fn(async (url: RequestInfo | URL) => {
      if (!String(url).includes('/content')) return answer(202, { message: 'ok', accepted: 1 });
      asked.push(String(url));
      return asked.length === 1
        ? answer(503, { message: 'busy' }, { 'Retry-After': '3' })
        : answer(200, { items: [], interruptions: { perDay: 3, today: 0 }, token: 'tok', tokenTtl: 3600 });
    }) as unknown as typeof globalThis.fetch;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const core = new Signpost({ websiteKey: 'key-1', apiUrl: 'https://api.example', fetch, eventDelayMs: 60_000 });
    await core.requestContent();
    expect(asked).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(2_900);
    expect(asked).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(200);
    expect(asked).toHaveLength(2);
    core.stop();
    warn.mockRestore();
  });
});
