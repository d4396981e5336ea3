import type { TestApp, TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/** Webhook endpoints of the active website: reading needs get_webhooks, each write its own permission. */
async function endpointOf(t: TestApp, u: TestUser): Promise<string> {
  const { webhooksStore } = await import('../../src/stores/webhooks');
  const row = await webhooksStore(t.ctx.db, u.websiteId).insert({
    url: 'https://hooks.example.com/in',
    description: '',
    events: ['content.published'],
    createdBy: u.id,
  });
  return row.id;
}

const onEndpoint = (
  name: string,
  permission: ProtectedRoute['permission'],
  method: Req['method'],
  suffix: string,
  extra: Partial<ProtectedRoute> & { payload?: Req['payload'] } = {},
): ProtectedRoute => ({
  name,
  permission,
  request: async (u, t) => ({ method, url: `/api/webhooks/${await endpointOf(t, u)}${suffix}`, payload: extra.payload }),
  otherOrganisation: async (owner, t) => ({ method, url: `/api/webhooks/${await endpointOf(t, owner)}${suffix}`, payload: extra.payload }),
  ...(extra.okStatus ? { okStatus: extra.okStatus } : {}),
});

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/webhooks', permission: 'get_webhooks', request: () => ({ method: 'GET', url: '/api/webhooks' }) },
  {
    name: 'POST /api/webhooks',
    permission: 'create_webhooks',
    okStatus: 201,
    request: () => ({ method: 'POST', url: '/api/webhooks', payload: { url: 'https://hooks.example.com/in', events: ['content.published'] } }),
  },
  onEndpoint('PATCH /api/webhooks/:id', 'update_webhooks', 'PATCH', '', { payload: { description: 'Orders' } }),
  onEndpoint('POST /api/webhooks/:id/rotate-secret', 'update_webhooks', 'POST', '/rotate-secret'),
  onEndpoint('POST /api/webhooks/:id/test', 'update_webhooks', 'POST', '/test', { okStatus: 202 }),
  onEndpoint('GET /api/webhooks/:id/deliveries', 'get_webhooks', 'GET', '/deliveries'),
  onEndpoint('DELETE /api/webhooks/:id', 'delete_webhooks', 'DELETE', ''),
];

export const publicRoutes: Req[] = [];
