import { eq } from 'drizzle-orm';
import { websites } from '../../src/db/schema';
import { contentOf } from '../support/campaigns';
import type { TestApp, TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * The on-page tour builder: the console's builder token (update_tour, a tour of the active website and
 * a page of its domain), and the builder's public calls, which answer on the session's terms (401
 * for an unknown one), never the console's "Authentication required".
 */
const pageOf = async (t: TestApp, u: TestUser) => {
  const [w] = await t.ctx.db.select({ domain: websites.domain }).from(websites).where(eq(websites.id, u.websiteId));
  return `https://${w.domain}/pricing`;
};

export const protectedRoutes: ProtectedRoute[] = [
  {
    name: 'POST /api/product-tours/:id/builder-token',
    permission: 'update_tour',
    okStatus: 201,
    request: async (u, t) => ({
      method: 'POST',
      url: `/api/product-tours/${await contentOf(t, u, 'tour')}/builder-token`,
      payload: { url: await pageOf(t, u) },
    }),
    otherOrganisation: async (owner, t) => ({
      method: 'POST',
      url: `/api/product-tours/${await contentOf(t, owner, 'tour')}/builder-token`,
      payload: { url: await pageOf(t, owner) },
    }),
  },
];

const tourId = '00000000-0000-4000-8000-000000000000';
export const publicRoutes: Req[] = [
  { method: 'POST', url: '/api/public/no-such-key/builder/session', payload: { token: 'made-up' } },
  { method: 'POST', url: '/api/public/no-such-key/builder/tour', payload: { session: 'made-up', tourId } },
  { method: 'POST', url: '/api/public/no-such-key/builder/steps', payload: { session: 'made-up', tourId, steps: [] } },
];

/** Their paths name the key, not an id: listed by name. */
export const documentedPublic = [
  'POST /api/public/:websiteKey/builder/session',
  'POST /api/public/:websiteKey/builder/tour',
  'POST /api/public/:websiteKey/builder/steps',
];
