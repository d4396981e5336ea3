import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { roles, userRoles } from '../src/db/schema';

/** POST, PUT and DELETE /api/roles: behaviour beyond the authorization matrix. */
let t: TestApp;
let owner: TestUser;
// Holds every permission, so the grant rule lets it write any role; see 'granting'.
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const create = (u: TestUser, payload: unknown) => t.request({ method: 'POST', url: '/api/roles', payload: payload as object, headers: u.headers });
const roleName = () => `Role ${randomId().slice(0, 8)}`;

describe('POST /api/roles', () => {
  test('creates a role of the caller’s organisation: 201 { message, data }, listed first and readable', async () => {
    const name = roleName();
    const res = await create(owner, { name: `  ${name} `, permissions: ['get_posts', 'duplication_checklist', 'create_domain'] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Role created successfully',
      data: { _id: expect.any(String), name, permissions: ['get_posts', 'duplication_checklist', 'create_domain'], createdAt: expect.any(String) },
    });
    const list = await t.request({ method: 'GET', url: '/api/roles', headers: owner.headers });
    expect(list.json().docs[0]).toEqual(body.data);
    const one = await t.request({ method: 'GET', url: `/api/roles/${body.data._id}`, headers: owner.headers });
    expect(one.json()).toEqual({ data: body.data });
  });

  test('accepts every permission the console knows', async () => {
    const res = await create(owner, { name: roleName(), permissions: ALL_PERMISSIONS });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.permissions).toEqual(ALL_PERMISSIONS);
  });

  test('refuses unknown permission strings with a message on `permissions`', async () => {
    for (const permissions of [['get_posts', 'fly_rocket'], ['duplicate_checklist'], ['get_domain']]) {
      const res = await create(owner, { name: roleName(), permissions });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ permissions: expect.stringContaining('Unknown permission') });
    }
  });

  test('refuses an empty or repeated permission list, and a missing or blank name, on their fields', async () => {
    const empty = await create(owner, { name: roleName(), permissions: [] });
    expect(empty.json().errors).toEqual({ permissions: 'Please select at least one permission' });
    const twice = await create(owner, { name: roleName(), permissions: ['get_posts', 'get_posts'] });
    expect(twice.json().errors).toEqual({ permissions: 'Each permission may appear only once' });
    const blank = await create(owner, { name: '   ', permissions: ['get_posts'] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Please enter name' });
    const missing = await create(owner, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ name: 'Please enter name', permissions: expect.any(String) });
  });

  test('a name already used in the organisation → 409 on `name`; another organisation may use it', async () => {
    const name = roleName();
    expect((await create(owner, { name, permissions: ['get_posts'] })).statusCode).toBe(201);
    const again = await create(owner, { name, permissions: ['get_tour'] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A role with this name already exists', errors: { name: 'A role with this name already exists' } });
    const stranger = await t.createUser({ permissions: ['create_role', 'get_posts'] });
    expect((await create(stranger, { name, permissions: ['get_posts'] })).statusCode).toBe(201);
  });
});

describe('PUT /api/roles/:id', () => {
  test('replaces name and permissions: 200 { message, data }', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json();
    const name = roleName();
    const res = await t.request({
      method: 'PUT',
      url: `/api/roles/${role._id}`,
      payload: { name, permissions: ['get_checklist', 'duplication_checklist'] },
      headers: owner.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Role updated successfully',
      data: { _id: role._id, name, permissions: ['get_checklist', 'duplication_checklist'], createdAt: role.createdAt },
    });
  });

  test('keeping its own name is fine; taking another role’s name → 409 on `name`', async () => {
    const a = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json().data;
    const b = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json().data;
    const same = await t.request({ method: 'PUT', url: `/api/roles/${a._id}`, payload: { name: a.name, permissions: ['get_tour'] }, headers: owner.headers });
    expect(same.statusCode).toBe(200);
    const clash = await t.request({ method: 'PUT', url: `/api/roles/${a._id}`, payload: { name: b.name, permissions: ['get_tour'] }, headers: owner.headers });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().errors).toEqual({ name: 'A role with this name already exists' });
  });

  test('validates the body like create; a missing or foreign role → 404 "Role not found"', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json();
    const bad = await t.request({ method: 'PUT', url: `/api/roles/${role._id}`, payload: { name: 'x', permissions: ['nope'] }, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['permissions']);
    const stranger = await t.createUser({ permissions: ['update_role'] });
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/roles/${role._id}`,
      payload: { name: 'Mine', permissions: ['get_posts'] },
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Role not found' });
    const missing = await t.request({
      method: 'PUT',
      url: `/api/roles/${randomId()}`,
      payload: { name: 'Mine', permissions: ['get_posts'] },
      headers: owner.headers,
    });
    expect(missing.json()).toEqual(foreign.json());
    const [unchanged] = await t.ctx.db.select().from(roles).where(eq(roles.id, role._id));
    expect(unchanged.permissions).toEqual(['get_posts']);
  });

  test('holders of the role get the new permissions on their next call', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_websites'] })).json();
    const member = await t.createUser({ organisationId: owner.organisationId });
    await t.ctx.db.insert(userRoles).values({ userId: member.id, roleId: role._id });
    expect((await t.request({ method: 'GET', url: '/api/roles', headers: member.headers })).statusCode).toBe(403);
    await t.request({ method: 'PUT', url: `/api/roles/${role._id}`, payload: { name: role.name, permissions: ['get_role'] }, headers: owner.headers });
    expect((await t.request({ method: 'GET', url: '/api/roles', headers: member.headers })).statusCode).toBe(200);
  });
});

describe('DELETE /api/roles/:id', () => {
  test('deletes a role nobody holds: 200 { message }, then it is gone', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json();
    const res = await t.request({ method: 'DELETE', url: `/api/roles/${role._id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Role deleted successfully' });
    const gone = await t.request({ method: 'GET', url: `/api/roles/${role._id}`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
    const again = await t.request({ method: 'DELETE', url: `/api/roles/${role._id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
  });

  test('refuses a role still held by users with 409 and a clear message; the role stays', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json();
    for (let i = 0; i < 2; i++) {
      const member = await t.createUser({ organisationId: owner.organisationId });
      await t.ctx.db.insert(userRoles).values({ userId: member.id, roleId: role._id });
    }
    const res = await t.request({ method: 'DELETE', url: `/api/roles/${role._id}`, headers: owner.headers });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This role is still held by 2 users. Remove it from them before deleting it.' });
    expect((await t.request({ method: 'GET', url: `/api/roles/${role._id}`, headers: owner.headers })).statusCode).toBe(200);
  });

  test('another organisation’s role → 404 and it stays', async () => {
    const { data: role } = (await create(owner, { name: roleName(), permissions: ['get_posts'] })).json();
    const stranger = await t.createUser({ permissions: ['delete_role'] });
    const res = await t.request({ method: 'DELETE', url: `/api/roles/${role._id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Role not found' });
    expect((await t.request({ method: 'GET', url: `/api/roles/${role._id}`, headers: owner.headers })).statusCode).toBe(200);
  });
});

/** Nobody grants, through a role, a permission they do not hold. */
describe('granting through a role', () => {
  test('creating a role with a permission the caller lacks → 403 naming it; nothing stored', async () => {
    const limited = await t.createUser({ permissions: ['create_role', 'get_posts'] });
    const name = roleName();
    const res = await create(limited, { name, permissions: ['get_posts', 'delete_user', 'create_role'] });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot grant permissions you do not hold: delete_user' });
    expect(await t.ctx.db.select().from(roles).where(eq(roles.name, name))).toEqual([]);
    // Within what it holds, it may.
    expect((await create(limited, { name, permissions: ['get_posts'] })).statusCode).toBe(201);
  });

  test('the message is translated and lists every missing permission', async () => {
    const limited = await t.createUser({ permissions: ['create_role'] });
    const res = await t.request({
      method: 'POST',
      url: '/api/roles',
      payload: { name: roleName(), permissions: ['get_posts', 'delete_user'] },
      headers: { ...limited.headers, 'accept-language': 'fr' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Vous ne pouvez pas accorder des permissions que vous n’avez pas : delete_user, get_posts');
  });

  test('writing a permission into the caller’s own role → 403; the role is unchanged', async () => {
    const limited = await t.createUser({ permissions: ['update_role'] });
    const [own] = await t.ctx.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, limited.id));
    const res = await t.request({
      method: 'PUT',
      url: `/api/roles/${own.roleId}`,
      payload: { name: roleName(), permissions: ['update_role', 'create_user'] },
      headers: limited.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot grant permissions you do not hold: create_user');
    const [row] = await t.ctx.db.select().from(roles).where(eq(roles.id, own.roleId));
    expect(row.permissions).toEqual(['update_role']);
  });

  test('changing a role above the caller (an Owner role) → 403, even to strip it; it stays as it was', async () => {
    const limited = await t.createUser({ permissions: ['update_role', 'get_posts'] });
    const [ownerRole] = await t.ctx.db
      .insert(roles)
      .values({ organisationId: limited.organisationId, name: roleName(), permissions: ALL_PERMISSIONS })
      .returning();
    const res = await t.request({
      method: 'PUT',
      url: `/api/roles/${ownerRole.id}`,
      payload: { name: ownerRole.name, permissions: ['get_posts'] },
      headers: limited.headers,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You cannot change a role that holds permissions you do not hold: /);
    const [row] = await t.ctx.db.select().from(roles).where(eq(roles.id, ownerRole.id));
    expect(row.permissions).toEqual(ALL_PERMISSIONS);
  });

  test('deleting a role above the caller (an Owner role nobody holds) → 403; it stays', async () => {
    const limited = await t.createUser({ permissions: ['delete_role', 'get_posts'] });
    const [ownerRole] = await t.ctx.db
      .insert(roles)
      .values({ organisationId: limited.organisationId, name: roleName(), permissions: ALL_PERMISSIONS })
      .returning();
    const res = await t.request({ method: 'DELETE', url: `/api/roles/${ownerRole.id}`, headers: limited.headers });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/^You cannot change a role that holds permissions you do not hold: /);
    expect(await t.ctx.db.select().from(roles).where(eq(roles.id, ownerRole.id))).toHaveLength(1);
    const [within] = await t.ctx.db
      .insert(roles)
      .values({ organisationId: limited.organisationId, name: roleName(), permissions: ['get_posts'] })
      .returning();
    expect((await t.request({ method: 'DELETE', url: `/api/roles/${within.id}`, headers: limited.headers })).statusCode).toBe(200);
  });

  test('the super-admin and a holder of every permission are not limited', async () => {
    const admin = await t.createUser({ superAdmin: true, permissions: ['create_role'] });
    expect((await create(admin, { name: roleName(), permissions: ALL_PERMISSIONS })).statusCode).toBe(201);
    expect((await create(owner, { name: roleName(), permissions: ALL_PERMISSIONS })).statusCode).toBe(201);
  });
});
