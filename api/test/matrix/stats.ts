import { randomId, type TestApp } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** A content item of a website, as the campaigns API would create it (the events and stats tests point at it). */
export async function contentOf(t: TestApp, websiteId: string, kind: 'popup' | 'banner' | 'push'): Promise<string> {
  const { contents } = await import('../../src/db/schema');
  const [row] = await t.ctx.db
    .insert(contents)
    .values({ websiteId, kind, title: `${kind} ${randomId().slice(0, 6)}`, status: 'public', document: {} })
    .returning({ id: contents.id });
  return row.id;
}

/**
 * The dashboard's statistics and the public ingestion call.
 * Statistics: /dashboard needs no permission, so any signed-in member may read the
 * statistics of the website of the Activewebsite header (permission null, website true).
 */
const range = () => {
  const end = new Date();
  const start = new Date(end.getTime() - 24 * 3600_000);
  return `startDate=${encodeURIComponent(start.toISOString())}&endDate=${encodeURIComponent(end.toISOString())}`;
};

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/stats/user-connected', permission: null, request: () => ({ method: 'GET', url: `/api/stats/user-connected?${range()}` }) },
  { name: 'GET /api/stats/views', permission: null, request: () => ({ method: 'GET', url: `/api/stats/views?${range()}` }) },
  { name: 'GET /api/count', permission: null, request: () => ({ method: 'GET', url: `/api/count?${range()}` }) },
  { name: 'GET /api/stats/interractions', permission: null, request: () => ({ method: 'GET', url: `/api/stats/interractions?${range()}` }) },
  { name: 'GET /api/stats/traffic', permission: null, request: () => ({ method: 'GET', url: `/api/stats/traffic?${range()}` }) },
];

/** The ingestion call is public by design: a website's script calls it with the website's public key. */
export const publicRoutes: Req[] = [
  // No console token: a visitor token of the content call (unknown key here: 404 before it is read).
  { method: 'POST', url: '/api/public/no-such-key/events', payload: { token: 'visitor-token', events: [{ type: 'session', visitorId: 'v1', device: 'web' }] } },
];

/** Its path names the key, not an id, so the matrix's id substitution cannot match it: listed by name. */
export const documentedPublic = ['POST /api/public/:websiteKey/events'];
