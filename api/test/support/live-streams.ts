import { scaled } from '../../../tooling/test-time-scale.cjs';
import type { TestApp, TestUser } from './test-app';

export interface SseEvent {
  id: string;
  event: string;
  data: unknown;
}

export interface OpenStream {
  status: number;
  headers: Headers;
  events: SseEvent[];
  /** The first event (already come or coming within `ms`) that passes `ok`. */
  next(ok: (e: SseEvent) => boolean, ms?: number): Promise<SseEvent>;
  /** Settles when the server ends the stream (or it is closed here). */
  ended: Promise<void>;
  /** Whether the server ended it already. */
  readonly isEnded: boolean;
  close(): void;
}

/** A Server-Sent Events stream read over a real socket: its events as they come, and its end. */
export async function openStream(url: string, headers: Record<string, string> = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: SseEvent[] = [];
  const waiters: (() => void)[] = [];
  let isEnded = false;
  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let i;
        while ((i = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const field = (name: string) =>
            block
              .split('\n')
              .find((l) => l.startsWith(`${name}: `))
              ?.slice(name.length + 2);
          const event = field('event');
          if (!event) continue;
          events.push({ id: field('id') ?? '', event, data: JSON.parse(field('data') ?? 'null') });
          waiters.splice(0).forEach((w) => w());
        }
      }
    } catch {
      // aborted
    } finally {
      isEnded = true;
    }
  })();
  // A bound for a loaded machine: an event that comes returns at once.
  const next = async (ok: (e: SseEvent) => boolean, ms = scaled(10_000)) => {
    const end = Date.now() + ms;
    for (;;) {
      const found = events.find(ok);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no such event in ${JSON.stringify(events)}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
  };
  return {
    status: res.status,
    headers: res.headers,
    events,
    next,
    ended,
    get isEnded() {
      return isEnded;
    },
    close: () => controller.abort(),
  };
}

/** Waits for `p` at most `ms`: whether it settled in time. */
export const settlesWithin = (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

/** A visitor's token, as the content call gives it to the page. */
export async function visitorToken(t: TestApp, site: { key: string; domain: string }, visitorId: string): Promise<string> {
  const res = await t.request({
    method: 'GET',
    url: `/api/public/${site.key}/content?${new URLSearchParams({ visitorId, url: `https://${site.domain}/`, device: 'web' })}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

export const visitorStreamUrl = (base: string, key: string, token: string) => `${base}/api/public/${key}/messenger/live?token=${encodeURIComponent(token)}`;

/** Opens the console's stream of `u` (its Authorization and Activewebsite headers), once it is `ready`. */
export async function staffStream(base: string, u: TestUser, headers: Record<string, string> = {}): Promise<OpenStream> {
  const stream = await openStream(`${base}/api/live`, { ...u.headers, ...headers });
  expect(stream.status).toBe(200);
  await stream.next((e) => e.event === 'ready');
  return stream;
}
