import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * The messenger: reading the bubble config and the notifications is for any member of the active
 * website (each notification seen only by those who may read what it is about: messenger.test.ts);
 * the conversations (visitors' names, addresses and messages), read, answered or closed, need
 * get_reclamation; changing the bubble needs create_websites (as the website's other script
 * settings). A conversation or a notification of another organisation answers 404.
 */
async function conversationOf(t: TestApp, u: TestUser): Promise<string> {
  const { conversations, conversationMessages } = await import('../../src/db/schema');
  const [c] = await t.ctx.db
    .insert(conversations)
    .values({ websiteId: u.websiteId, visitorId: `v-${randomId()}` })
    .returning({ id: conversations.id });
  await t.ctx.db.insert(conversationMessages).values({ conversationId: c.id, author: 'visitor', body: 'Hello' });
  return c.id;
}

async function notificationOf(t: TestApp, u: TestUser): Promise<string> {
  const { staffNotifications } = await import('../../src/db/schema');
  const [n] = await t.ctx.db
    .insert(staffNotifications)
    .values({ websiteId: u.websiteId, type: 'installed', subjectId: 'https://x.test', detail: {} })
    .returning({ id: staffNotifications.id });
  return n.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/bubble/my-website', permission: null, request: () => ({ method: 'GET', url: '/api/bubble/my-website' }) },
  {
    name: 'PUT /api/bubble/my-website',
    permission: 'create_websites',
    request: () => ({ method: 'PUT', url: '/api/bubble/my-website', payload: { launcher_settings: { alignment: 'left' } } }),
  },
  { name: 'GET /api/conversations', permission: 'get_reclamation', request: () => ({ method: 'GET', url: '/api/conversations' }) },
  {
    name: 'GET /api/conversations/:id',
    permission: 'get_reclamation',
    request: async (u, t) => ({ method: 'GET', url: `/api/conversations/${await conversationOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/conversations/${await conversationOf(t, owner)}` }),
  },
  {
    name: 'POST /api/conversations/:id/messages',
    permission: 'get_reclamation',
    okStatus: 201,
    request: async (u, t) => ({ method: 'POST', url: `/api/conversations/${await conversationOf(t, u)}/messages`, payload: { body: 'Hi' } }),
    otherOrganisation: async (owner, t) => ({ method: 'POST', url: `/api/conversations/${await conversationOf(t, owner)}/messages`, payload: { body: 'Hi' } }),
  },
  {
    name: 'PUT /api/conversations/:id/close',
    permission: 'get_reclamation',
    request: async (u, t) => ({ method: 'PUT', url: `/api/conversations/${await conversationOf(t, u)}/close` }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/conversations/${await conversationOf(t, owner)}/close` }),
  },
  { name: 'GET /api/notifications', permission: null, request: () => ({ method: 'GET', url: '/api/notifications?page=1&pageSize=10' }) },
  {
    name: 'PUT /api/notifications/:id/read',
    permission: null,
    request: async (u, t) => ({ method: 'PUT', url: `/api/notifications/${await notificationOf(t, u)}/read` }),
    otherOrganisation: async (owner, t) => ({ method: 'PUT', url: `/api/notifications/${await notificationOf(t, owner)}/read` }),
  },
  { name: 'PUT /api/notifications/read', permission: null, request: () => ({ method: 'PUT', url: '/api/notifications/read' }) },
];

/** The visitor's calls answer on their own terms (a token is checked, never a session); the streams are tested in messenger.test.ts. */
export const publicRoutes: Req[] = [
  { method: 'GET', url: '/api/public/no-such-key/messenger?token=x' },
  { method: 'POST', url: '/api/public/no-such-key/messenger/messages', payload: { token: 'x', body: 'Hi' } },
  { method: 'POST', url: '/api/public/no-such-key/messenger/conversations/00000000-0000-4000-8000-000000000000/read', payload: { token: 'x' } },
];

/** Their paths name the key, not an id, so the matrix's id substitution cannot match them: listed by name. */
export const documentedPublic = [
  'GET /api/public/:websiteKey/messenger',
  'POST /api/public/:websiteKey/messenger/messages',
  'POST /api/public/:websiteKey/messenger/conversations/:id/read',
  'GET /api/public/:websiteKey/messenger/live',
];

/**
 * Streams never end, so the matrix (which waits for each answer) cannot call them: messenger.test.ts
 * checks the staff's stream answers 401 without a valid token and 404 on another organisation's website.
 */
export const streamsTestedElsewhere = ['GET /api/live'];
