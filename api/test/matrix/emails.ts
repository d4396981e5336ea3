import { contentOf, emailBody } from '../support/campaigns';
import { randomId } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';
import { campaignMatrix } from './campaign-matrix';

const TOKEN = 'x'.repeat(43);

/** E-mail campaigns (permissions *_email) under /api/emails, inside the Activewebsite. */
export const protectedRoutes: ProtectedRoute[] = [
  ...campaignMatrix({
    base: '/api/emails',
    resource: 'email',
    kind: 'email',
    body: () => emailBody(),
    bulkField: 'emails',
    cancelMethod: 'DELETE',
    withReactions: false,
    withExplain: false,
    contentOf,
  }),
  {
    name: 'GET /api/emails/:id/stats',
    permission: 'get_email',
    request: async (u, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, u, 'email')}/stats` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, owner, 'email')}/stats` }),
  },
  {
    name: 'GET /api/emails/:id/recipients',
    permission: 'get_email',
    request: async (u, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, u, 'email')}/recipients?page=1&pageSize=10` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, owner, 'email')}/recipients` }),
  },
  {
    name: 'GET /api/emails/:id/reach',
    permission: 'get_email',
    request: async (u, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, u, 'email')}/reach` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/emails/${await contentOf(t, owner, 'email')}/reach` }),
  },
  {
    name: 'POST /api/emails/:id/test',
    permission: 'update_email',
    okStatus: 202,
    request: async (u, t) => ({ method: 'POST', url: `/api/emails/${await contentOf(t, u, 'email')}/test` }),
    otherOrganisation: async (owner, t) => ({ method: 'POST', url: `/api/emails/${await contentOf(t, owner, 'email')}/test` }),
  },
  {
    name: 'GET /api/emails/people/:id',
    permission: 'get_email',
    request: async (u, t) => {
      const { clientMembers } = await import('../../src/db/schema');
      const [m] = await t.ctx.db.insert(clientMembers).values({ websiteId: u.websiteId, memberId: randomId(), email: 'a@example.test' }).returning();
      return { method: 'GET', url: `/api/emails/people/${m.id}` };
    },
    otherOrganisation: async (owner, t) => {
      const { clientMembers } = await import('../../src/db/schema');
      const [m] = await t.ctx.db.insert(clientMembers).values({ websiteId: owner.websiteId, memberId: randomId(), email: 'b@example.test' }).returning();
      return { method: 'GET', url: `/api/emails/people/${m.id}` };
    },
  },
  {
    name: 'POST /api/emails/preview',
    permission: 'get_email',
    request: () => ({ method: 'POST', url: '/api/emails/preview', payload: emailBody() as Record<string, unknown> }),
  },
  {
    name: 'POST /api/emails/recipients',
    permission: 'get_email',
    request: () => ({ method: 'POST', url: '/api/emails/recipients', payload: { target: 'all' } }),
  },
];

/** The recipient's links: no sign-in, the token is the proof (an unknown one is a 404). */
export const publicRoutes: Req[] = [
  { method: 'GET', url: `/api/public/emails/click/${TOKEN}?url=https%3A%2F%2Fexample.test%2F` },
  { method: 'GET', url: `/api/public/emails/unsubscribe/${TOKEN}` },
  { method: 'POST', url: `/api/public/emails/unsubscribe/${TOKEN}` },
];

/** Public routes documented but answered with a pixel, not JSON, or listed above with their token. */
export const documentedPublic = [
  'GET /api/public/emails/open/:token',
  'GET /api/public/emails/click/:token',
  'GET /api/public/emails/unsubscribe/:token',
  'POST /api/public/emails/unsubscribe/:token',
];
