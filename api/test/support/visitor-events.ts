import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from './test-app';

/**
 * Events as the website script sends them: a batch speaks for one visitor and carries the visitor
 * token the content call answered that visitor. Tests that post events of many visitors go through
 * here, which asks the content call for each visitor's token, as a page does.
 */
type Event = { visitorId: string; [field: string]: unknown };

/** The token the content call answers for `visitorId` on the website of `key` (asked once per test app, key and visitor). */
export async function visitorToken(t: TestApp, key: string, visitorId: string, remoteAddress?: string): Promise<string> {
  const cache = tokens(t);
  const kept = cache.get(`${key}|${visitorId}`);
  if (kept) return kept;
  const query = new URLSearchParams({ visitorId, url: 'https://page.example.test/' });
  const res = await t.request({ method: 'GET', url: `/api/public/${key}/content?${query}`, ...(remoteAddress ? { remoteAddress } : {}) });
  if (res.statusCode !== 200) throw new Error(`content call for a token answered ${res.statusCode}: ${res.body}`);
  const token = (res.json() as { token: string }).token;
  cache.set(`${key}|${visitorId}`, token);
  return token;
}

const byApp = new WeakMap<TestApp, Map<string, string>>();
function tokens(t: TestApp) {
  let m = byApp.get(t);
  if (!m) byApp.set(t, (m = new Map()));
  return m;
}

/**
 * Posts `events` to the events call in batches of one visitor each (in the order of each visitor's
 * first event, at most 100 events a batch), each with that visitor's token; answers every response.
 */
export async function postVisitorEvents(
  t: TestApp,
  key: string,
  events: Event[],
  options: { headers?: Record<string, string>; remoteAddress?: string } = {},
): Promise<LightMyRequestResponse[]> {
  const groups = new Map<string, Event[]>();
  for (const e of events) {
    const list = groups.get(e.visitorId) ?? [];
    list.push(e);
    groups.set(e.visitorId, list);
  }
  const answers: LightMyRequestResponse[] = [];
  for (const [visitorId, list] of groups) {
    const token = await visitorToken(t, key, visitorId);
    for (let i = 0; i < list.length; i += 100) {
      answers.push(
        await t.request({
          method: 'POST',
          url: `/api/public/${key}/events`,
          payload: { token, events: list.slice(i, i + 100) },
          headers: options.headers ?? {},
          ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        }),
      );
    }
  }
  return answers;
}

/** The sum of `accepted` over the answers, after checking each was accepted. */
export function acceptedOf(answers: LightMyRequestResponse[]): number {
  let n = 0;
  for (const a of answers) {
    if (a.statusCode !== 202) throw new Error(`events call answered ${a.statusCode}: ${a.body}`);
    n += (a.json() as { accepted: number }).accepted;
  }
  return n;
}
