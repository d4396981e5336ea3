import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * The website script. Its public calls answer without a console token (content, identify, debug,
 * install-check, progress with the visitor token; events in stats.ts, which carry the visitor token the content call answers instead);
 * the console's calls about a website's script (settings, install snippet) need get_websites /
 * create_websites and the website must be the caller's organisation's; its identity verification
 * (the secret) needs create_websites even to read.
 */

/** A website of `u`'s organisation other than the active one (the calls name the website in the path). */
async function websiteOf(t: TestApp, u: TestUser): Promise<string> {
  const { websites } = await import('../../src/db/schema');
  const [site] = await t.ctx.db
    .insert(websites)
    .values({ organisationId: u.organisationId, name: 'Script', domain: `script-${randomId()}.example.test` })
    .returning({ id: websites.id });
  return site.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'GET /api/websites/:id/install-snippet',
    permission: 'get_websites',
    request: async (u, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, u)}/install-snippet` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, owner)}/install-snippet` }),
  },
  {
    name: 'GET /api/websites/:id/settings',
    permission: 'get_websites',
    request: async (u, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, u)}/settings` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, owner)}/settings` }),
  },
  {
    name: 'PUT /api/websites/:id/settings',
    permission: 'create_websites',
    request: async (u, t) => ({ method: 'PUT', url: `/api/websites/${await websiteOf(t, u)}/settings`, payload: { interruptionsPerDay: 2 } }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/websites/${await websiteOf(t, owner)}/settings`, payload: { interruptionsPerDay: 2 } }),
  },
  // The identity secret lets whoever holds it claim any of the website's people: an Owner's
  // permission (create_websites), never a Viewer's (get_websites), even to read it.
  {
    name: 'GET /api/websites/:id/identity-verification',
    permission: 'create_websites',
    request: async (u, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, u)}/identity-verification` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/websites/${await websiteOf(t, owner)}/identity-verification` }),
  },
  {
    name: 'PUT /api/websites/:id/identity-verification',
    permission: 'create_websites',
    request: async (u, t) => ({ method: 'PUT', url: `/api/websites/${await websiteOf(t, u)}/identity-verification`, payload: { required: true } }),
    otherOrganisation: async (owner, t) => ({
      method: 'PUT',
      url: `/api/websites/${await websiteOf(t, owner)}/identity-verification`,
      payload: { required: false },
    }),
  },
  {
    name: 'POST /api/websites/:id/identity-verification/rotate',
    permission: 'create_websites',
    request: async (u, t) => ({ method: 'POST', url: `/api/websites/${await websiteOf(t, u)}/identity-verification/rotate` }),
    otherOrganisation: async (owner, t) => ({ method: 'POST', url: `/api/websites/${await websiteOf(t, owner)}/identity-verification/rotate` }),
  },
];

export const publicRoutes: Req[] = [
  { method: 'GET', url: '/api/public/no-such-key/content?visitorId=v1&url=https%3A%2F%2Fshop.example.test%2F' },
  { method: 'POST', url: '/api/public/no-such-key/identify', payload: { visitorId: 'v1', externalId: 'u1' } },
  // `signpost('debug')`: the visitor token of the content call names the visitor, not a console token.
  { method: 'POST', url: '/api/public/no-such-key/debug', payload: { visitorId: 'v1', token: 'visitor-token', url: 'https://shop.example.test/' } },
  { method: 'GET', url: '/api/public/install-check' },
  // No console token: the visitor token of the content call (unknown key here: 404 before it is read).
  { method: 'POST', url: '/api/public/no-such-key/progress', payload: { token: 'visitor-token', visitorId: 'v1', entries: [] } },
];

/** Their paths name the key, not an id, so the matrix's id substitution cannot match them: listed by name. */
export const documentedPublic = [
  'GET /api/public/:websiteKey/content',
  'POST /api/public/:websiteKey/identify',
  'POST /api/public/:websiteKey/debug',
  'GET /api/public/install-check',
  'POST /api/public/:websiteKey/progress',
];
