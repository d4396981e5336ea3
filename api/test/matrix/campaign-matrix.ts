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
  resource: 'posts' | 'banners' | 'pushNotification' | 'tour' | 'checklist' | 'email';
  kind: 'popup' | 'banner' | 'push' | 'tour' | 'checklist' | 'email';
  body: () => object;
  bulkField: string;
  cancelMethod: 'DELETE' | 'PATCH' | 'POST';
  /** Checklists: `POST /{id}/duplicate` and `POST /{id}/cancel`, duplicate with `duplication_checklist`. */
  idFirst?: boolean;
  /** Popups and banners have comments and reactions; push notifications do not. */
  withReactions: boolean;
  /** Kinds the website script shows explain their decision (e-mails are not shown on pages). */
  withExplain?: boolean;
  contentOf: (t: TestApp, u: Pick<TestUser, 'websiteId' | 'id'>, kind: 'popup' | 'banner' | 'push' | 'tour' | 'checklist' | 'email') => Promise<string>;
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
    ...(o.idFirst
      ? [
          onItem(`POST ${o.base}/:id/duplicate`, 'duplication', (id) => ({ method: 'POST', url: `${o.base}/${id}/duplicate` }), 201),
          onItem(`POST ${o.base}/:id/cancel`, 'cancel', (id) => ({ method: 'POST', url: `${o.base}/${id}/cancel` })),
        ]
      : [
          onItem(`PUT ${o.base}/duplicate/:id`, 'duplicate', (id) => ({ method: 'PUT', url: `${o.base}/duplicate/${id}` }), 201),
          onItem(`${o.cancelMethod} ${o.base}/cancel/:id`, 'cancel', (id) => ({ method: o.cancelMethod, url: `${o.base}/cancel/${id}` })),
        ]),
  ];
  // The lifecycle's actions: publish needs something to publish (a draft), discard a live item with changes.
  const onState = (name: string, action: string, state: 'draft' | 'changed', build: (id: string) => Req): ProtectedRoute => {
    const prepared = async (u: Pick<TestUser, 'websiteId' | 'id'>, t: TestApp) => {
      const id = await o.contentOf(t, u, o.kind);
      const { contents } = await import('../../src/db/schema');
      const { eq, sql } = await import('drizzle-orm');
      await t.ctx.db
        .update(contents)
        .set(state === 'draft' ? { status: 'draft' } : { draft: sql`${contents.document}` })
        .where(eq(contents.id, id));
      return build(id);
    };
    return { name, permission: p(action), request: prepared, otherOrganisation: prepared };
  };
  routes.push(
    onState(`PUT ${o.base}/publish/:id`, 'update', 'draft', (id) => ({ method: 'PUT', url: `${o.base}/publish/${id}` })),
    onItem(`PUT ${o.base}/schedule/:id`, 'update', (id) => ({
      method: 'PUT',
      url: `${o.base}/schedule/${id}`,
      payload: { startsAt: new Date(Date.now() + 3_600_000).toISOString(), endsAt: null },
    })),
    onState(`DELETE ${o.base}/draft/:id`, 'update', 'changed', (id) => ({ method: 'DELETE', url: `${o.base}/draft/${id}` })),
    onItem(`GET ${o.base}/:id/versions`, 'get', (id) => ({ method: 'GET', url: `${o.base}/${id}/versions` })),
    onItem(`PUT ${o.base}/:id/versions/:number/restore`, 'update', (id) => ({ method: 'PUT', url: `${o.base}/${id}/versions/1/restore` })),
  );
  if (o.withExplain !== false) {
    // Reading: the kind's get_* permission, though a POST (it carries a visitor and a page).
    routes.push(
      onItem(`POST ${o.base}/:id/explain`, 'get', (id) => ({
        method: 'POST',
        url: `${o.base}/${id}/explain`,
        payload: { visitorId: 'matrix-visitor', url: 'https://www.example.com/' },
      })),
    );
  }
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
