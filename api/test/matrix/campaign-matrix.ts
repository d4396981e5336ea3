import type { Permission } from 'contracts';
import type { TestApp, TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * The routes of one campaign area (popups, banners, push notifications) for the authorization
 * matrix. Not an area itself (it exports no `protectedRoutes`): popups.ts, banners.ts and
 * push-notifications.ts build theirs with it.
 */
interface AreaOptions {
  base: string;
  resource: 'posts' | 'banners' | 'pushNotification';
  kind: 'popup' | 'banner' | 'push';
  body: () => object;
  bulkField: string;
  cancelMethod: 'DELETE' | 'PATCH';
  /** Popups and banners have comments and reactions; push notifications do not. */
  withReactions: boolean;
  contentOf: (t: TestApp, u: Pick<TestUser, 'websiteId' | 'id'>, kind: 'popup' | 'banner' | 'push') => Promise<string>;
}

export function campaignMatrix(o: AreaOptions): ProtectedRoute[] {
  const p = (action: string) => `${action}_${o.resource}` as Permission;
  const item = (u: TestUser, t: TestApp) => o.contentOf(t, u, o.kind);
  /** A route on one item: the caller's own item, and (for the 404 probe) an item of another organisation. */
  const onItem = (name: string, action: string, build: (id: string) => Req, okStatus?: number): ProtectedRoute => ({
    name,
    permission: p(action),
    okStatus,
    request: async (u, t) => build(await item(u, t)),
    otherOrganisation: async (owner, t) => build(await item(owner, t)),
  });
  const pushPaths = o.kind === 'push';
  const routes: ProtectedRoute[] = [
    { name: `GET ${o.base}`, permission: p('get'), request: () => ({ method: 'GET', url: `${o.base}?page=1&pageSize=10` }) },
    {
      name: `POST ${o.base}`,
      permission: p('create'),
      okStatus: 201,
      request: () => ({ method: 'POST', url: o.base, payload: o.body() as Record<string, unknown> }),
    },
    onItem(`GET ${o.base}/:id`, 'get', (id) => ({ method: 'GET', url: `${o.base}/${id}` })),
    pushPaths
      ? onItem(`PUT ${o.base}`, 'update', (id) => ({ method: 'PUT', url: o.base, payload: { ...o.body(), _id: id } }))
      : onItem(`PUT ${o.base}/:id`, 'update', (id) => ({ method: 'PUT', url: `${o.base}/${id}`, payload: o.body() as Record<string, unknown> })),
    onItem(`DELETE ${o.base}`, 'delete', (id) => ({ method: 'DELETE', url: o.base, payload: { [o.bulkField]: [id] } })),
    onItem(`PUT ${o.base}/duplicate/:id`, 'duplicate', (id) => ({ method: 'PUT', url: `${o.base}/duplicate/${id}` }), 201),
    onItem(`${o.cancelMethod} ${o.base}/cancel/:id`, 'cancel', (id) => ({ method: o.cancelMethod, url: `${o.base}/cancel/${id}` })),
  ];
  if (!pushPaths) routes.push(onItem(`DELETE ${o.base}/:id`, 'delete', (id) => ({ method: 'DELETE', url: `${o.base}/${id}` })));
  if (o.withReactions) {
    routes.push(
      onItem(`GET ${o.base}/:id/comments`, 'get', (id) => ({ method: 'GET', url: `${o.base}/${id}/comments?page=1&pageSize=10` })),
      onItem(`GET ${o.base}/:id/reacts`, 'get', (id) => ({ method: 'GET', url: `${o.base}/${id}/reacts?emoji=%F0%9F%91%8D` })),
      onItem(`GET ${o.base}/:id/count-reacts`, 'get', (id) => ({ method: 'GET', url: `${o.base}/${id}/count-reacts` })),
    );
  }
  return routes;
}
