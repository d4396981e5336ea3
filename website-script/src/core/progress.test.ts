import { answer } from '../../test/http';
import { ProgressKeeper, type ProgressEntry } from './progress';
import { Signpost } from './signpost';
import { webStore } from './storage';

const ID = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

function keeper(send: (visitorId: string, entries: ProgressEntry[], beacon: boolean) => Promise<ProgressEntry[] | null>) {
  return new ProgressKeeper({ store: webStore('localStorage'), websiteKey: 'k', visitorId: () => 'v1', send, delayMs: 10_000 });
}

describe('progress kept by the page', () => {
  beforeEach(() => localStorage.clear());

  it('is in localStorage when set returns, so the next page (a new keeper) resumes from it', () => {
    const sent: ProgressEntry[][] = [];
    keeper(async (_v, e) => (sent.push(e), null)).set(ID, { step: 2 });
    // No task has run: a navigation in the same tick would still find it.
    expect(localStorage.getItem('signpost:progress:k:v1')).toContain('"step":2');
    expect(keeper(async () => null).get(ID)).toEqual({ step: 2 });
    expect(sent).toEqual([]);
  });

  it("keeps, per item, the later of the server's and its own", () => {
    const k = keeper(async () => null);
    k.set(ID, { step: 3 });
    const mine = new Date(k.updatedAt(ID));
    k.merge([
      { contentId: ID, state: { step: 1 }, updatedAt: new Date(mine.getTime() - 1000).toISOString() },
      { contentId: OTHER, state: { done: ['a'] }, updatedAt: new Date().toISOString() },
    ]);
    expect(k.get(ID)).toEqual({ step: 3 });
    expect(k.get(OTHER)).toEqual({ done: ['a'] });
    k.merge([{ contentId: ID, state: { step: 5 }, updatedAt: new Date(mine.getTime() + 1000).toISOString() }]);
    expect(k.get(ID)).toEqual({ step: 5 });
    expect(k.pending).toBe(false);
  });

  it('sends what the server does not have, and only that; a write while on the way stays to be sent', async () => {
    const sent: ProgressEntry[][] = [];
    let release: (v: ProgressEntry[]) => void = () => undefined;
    const k = keeper((_v, e) => {
      sent.push(e);
      return new Promise((r) => (release = r));
    });
    k.set(ID, { step: 1 });
    const flushing = k.flush();
    k.set(OTHER, { done: [] });
    release(sent[0]);
    await flushing;
    expect(sent[0].map((e) => e.contentId)).toEqual([ID]);
    expect(k.pending).toBe(true);
    const second = k.flush();
    release(sent[1]);
    await second;
    expect(sent[1].map((e) => e.contentId)).toEqual([OTHER]);
    expect(k.pending).toBe(false);
  });
});

describe('progress through the core', () => {
  beforeEach(() => localStorage.clear());

  it("merges the content call's progress and sends the page's with the fresh token", async () => {
    const calls: { url: string; body?: string }[] = [];
    const server: ProgressEntry = { contentId: OTHER, state: { step: 4 }, updatedAt: new Date(Date.now() - 60_000).toISOString() };
    const fetch = jest.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      calls.push({ url: String(url), body: init.body as string | undefined });
      if (String(url).includes('/content'))
        return answer(200, { items: [], interruptions: { perDay: 3, today: 0 }, token: 'tok-1', tokenTtl: 3600, progress: [server] });
      if (String(url).includes('/progress')) {
        const body = JSON.parse(init.body as string) as { entries: ProgressEntry[] };
        return answer(200, { message: 'ok', progress: [server, ...body.entries] });
      }
      return answer(202, { message: 'ok', accepted: 1 });
    }) as unknown as typeof globalThis.fetch;
    const core = new Signpost({ websiteKey: 'key-1', apiUrl: 'https://api.example', fetch, eventDelayMs: 60_000 });
    // A step advanced on the previous page, just before it went away.
    core.progress.set(ID, { step: 2 });
    await core.requestContent();
    await new Promise((r) => setTimeout(r, 0));
    expect(core.progress.get(OTHER)).toEqual({ step: 4 });
    const progressCall = calls.find((c) => c.url === 'https://api.example/api/public/key-1/progress');
    expect(progressCall).toBeDefined();
    const body = JSON.parse(progressCall!.body!) as { token: string; visitorId: string; entries: ProgressEntry[] };
    expect(body.token).toBe('tok-1');
    expect(body.visitorId).toBe(core.visitor.id);
    expect(body.entries).toEqual([expect.objectContaining({ contentId: ID, state: { step: 2 } })]);
    expect(core.progress.pending).toBe(false);
    core.stop();
  });
});
