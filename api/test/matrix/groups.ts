import { randomId, type TestApp, type TestUser } from '../support/test-app';
import type { ProtectedRoute, Req } from './types';

/**
 * Groups of client members, inside the website of the Activewebsite header. A
 * group of another organisation answers 404 exactly like a missing one.
 */
export async function membersOf(t: TestApp, websiteId: string, count = 2): Promise<string[]> {
  const { clientMembers } = await import('../../src/db/schema');
  const rows = await t.ctx.db
    .insert(clientMembers)
    .values(Array.from({ length: count }, () => ({ websiteId, memberId: `m-${randomId()}`, username: 'someone' })))
    .returning({ id: clientMembers.id });
  return rows.map((r) => r.id);
}

export async function groupOf(t: TestApp, u: Pick<TestUser, 'websiteId'>, name = `Group ${randomId()}`): Promise<string> {
  const { groups, groupMembers } = await import('../../src/db/schema');
  const [group] = await t.ctx.db.insert(groups).values({ websiteId: u.websiteId, name }).returning({ id: groups.id });
  const members = await membersOf(t, u.websiteId);
  await t.ctx.db.insert(groupMembers).values(members.map((clientMemberId) => ({ groupId: group.id, clientMemberId })));
  return group.id;
}

export const protectedRoutes: ProtectedRoute[] = [
  { name: 'GET /api/groups', permission: 'get_group', request: () => ({ method: 'GET', url: '/api/groups' }) },
  {
    name: 'GET /api/groups/:id',
    permission: 'get_group',
    request: async (u, t) => ({ method: 'GET', url: `/api/groups/${await groupOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/groups/${await groupOf(t, owner)}` }),
  },
  {
    name: 'GET /api/group/:id',
    permission: 'get_group',
    request: async (u, t) => ({ method: 'GET', url: `/api/group/${await groupOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/group/${await groupOf(t, owner)}` }),
  },
  {
    name: 'GET /api/groups/:groupId/members',
    permission: 'get_group',
    request: async (u, t) => ({ method: 'GET', url: `/api/groups/${await groupOf(t, u)}/members?page=1&pageSize=10` }),
    otherOrganisation: async (owner, t) => ({ method: 'GET', url: `/api/groups/${await groupOf(t, owner)}/members` }),
  },
  {
    name: 'POST /api/groups',
    permission: 'create_group',
    okStatus: 201,
    request: async (u, t) => ({ method: 'POST', url: '/api/groups', payload: { name: `Group ${randomId()}`, members: await membersOf(t, u.websiteId) } }),
  },
  {
    name: 'PUT /api/groups/:id',
    permission: 'update_group',
    request: async (u, t) => ({
      method: 'PUT',
      url: `/api/groups/${await groupOf(t, u)}`,
      payload: { name: `Group ${randomId()}`, members: await membersOf(t, u.websiteId) },
    }),
    otherOrganisation: async (owner, t) => ({
      method: 'PUT',
      url: `/api/groups/${await groupOf(t, owner)}`,
      payload: { name: `Group ${randomId()}`, members: await membersOf(t, owner.websiteId) },
    }),
  },
  {
    name: 'DELETE /api/groups/:id',
    permission: 'delete_group',
    request: async (u, t) => ({ method: 'DELETE', url: `/api/groups/${await groupOf(t, u)}` }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: `/api/groups/${await groupOf(t, owner)}` }),
  },
  {
    name: 'DELETE /api/groups',
    permission: 'delete_group',
    request: async (u, t) => ({ method: 'DELETE', url: '/api/groups', payload: { groups: [await groupOf(t, u), await groupOf(t, u)] } }),
    otherOrganisation: async (owner, t) => ({ method: 'DELETE', url: '/api/groups', payload: { groups: [await groupOf(t, owner)] } }),
  },
  { name: 'GET /api/client-members', permission: 'get_members', request: () => ({ method: 'GET', url: '/api/client-members?search=m-' }) },
];

export const publicRoutes: Req[] = [];
