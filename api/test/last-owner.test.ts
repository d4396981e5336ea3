import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { roles, userRoles, users } from '../src/db/schema';

/**
 * An organisation keeps at least one owner: a member whose roles together hold every permission.
 * Editing the permissions away from the last owner's role, or the super-admin deleting the last
 * owner while other members remain, answers 409 and changes nothing.
 */
let t: TestApp;
let admin: TestUser;
withTestAppAndUser({ superAdmin: true, permissions: [] }, (testApp, testUser) => ([t, admin] = [testApp, testUser]));

/** The one role of a test user (createUser gives each user a role of their own). */
async function roleOf(u: TestUser) {
  const [row] = await t.ctx.db
    .select({ id: roles.id, name: roles.name, permissions: roles.permissions })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, u.id));
  return row;
}
const without = (...dropped: string[]) => ALL_PERMISSIONS.filter((p) => !dropped.includes(p));
const editRole = (u: TestUser, id: string, payload: { name: string; permissions: string[] }, lang = 'en') =>
  t.request({ method: 'PUT', url: `/api/roles/${id}`, headers: { ...u.headers, 'accept-language': lang }, payload });

describe('PUT /api/roles/:id', () => {
  test('the only owner editing their Owner role’s permissions away → 409 (en, fr, ar) on permissions; the role is unchanged and roles still open', async () => {
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    // A member without ownership does not count.
    await t.createUser({ organisationId: owner.organisationId, permissions: ['get_role', 'get_posts'] });
    const role = await roleOf(owner);
    const res = await editRole(owner, role.id, { name: role.name, permissions: without('get_role') });
    expect(res.statusCode).toBe(409);
    const en = 'This change would leave your organisation without an owner: at least one member must keep every permission';
    expect(res.json()).toEqual({ message: en, errors: { permissions: en } });
    const fr = await editRole(owner, role.id, { name: role.name, permissions: without('delete_user') }, 'fr');
    expect(fr.json().message).toBe(
      'Cette modification laisserait votre organisation sans propriétaire : au moins un membre doit garder toutes les autorisations',
    );
    const ar = await editRole(owner, role.id, { name: role.name, permissions: ['get_posts'] }, 'ar');
    expect(ar.statusCode).toBe(409);
    expect(ar.json().message).toBe('سيترك هذا التغيير مؤسستك بلا مالك: يجب أن يحتفظ عضو واحد على الأقل بجميع الصلاحيات');
    expect((await roleOf(owner)).permissions).toEqual(ALL_PERMISSIONS);
    expect((await t.request({ method: 'GET', url: '/api/roles', headers: owner.headers })).statusCode).toBe(200);
    // Renaming it, permissions kept, is fine.
    const renamed = await editRole(owner, role.id, { name: `Owner ${randomId().slice(0, 6)}`, permissions: ALL_PERMISSIONS });
    expect(renamed.statusCode).toBe(200);
  });

  test('with another owner left, the edit goes through', async () => {
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    const second = await t.createUser({ organisationId: owner.organisationId, permissions: ALL_PERMISSIONS });
    const role = await roleOf(owner);
    const res = await editRole(owner, role.id, { name: role.name, permissions: without('get_role') });
    expect(res.statusCode).toBe(200);
    // Now the second owner is the last one: their own role cannot be stripped either.
    const theirs = await roleOf(second);
    const refused = await editRole(second, theirs.id, { name: theirs.name, permissions: without('update_role') });
    expect(refused.statusCode).toBe(409);
    expect((await roleOf(second)).permissions).toEqual(ALL_PERMISSIONS);
  });

  test('ownership held through two roles together counts; removing what only one of them gave is refused', async () => {
    const owner = await t.createUser({ permissions: without('delete_user') });
    const [extra] = await t.ctx.db
      .insert(roles)
      .values({ organisationId: owner.organisationId, name: `Extra ${randomId()}`, permissions: ['delete_user', 'get_posts'] })
      .returning();
    await t.ctx.db.insert(userRoles).values({ userId: owner.id, roleId: extra.id });
    const res = await editRole(owner, extra.id, { name: extra.name, permissions: ['get_posts'] });
    expect(res.statusCode).toBe(409);
    // Another role, not making anybody an owner, is edited freely.
    const [other] = await t.ctx.db
      .insert(roles)
      .values({ organisationId: owner.organisationId, name: `Other ${randomId()}`, permissions: ['get_posts'] })
      .returning();
    expect((await editRole(owner, other.id, { name: other.name, permissions: ['get_tour'] })).statusCode).toBe(200);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  test('the last owner of an organisation that keeps other members → 409, nobody deleted; with another owner, or alone, it goes', async () => {
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    const member = await t.createUser({ organisationId: owner.organisationId, permissions: ['get_posts'] });
    const refused = await t.request({ method: 'DELETE', url: `/api/admin/users/${owner.id}`, headers: { ...admin.headers, 'accept-language': 'fr' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Cet utilisateur est le dernier propriétaire d’une organisation qui a d’autres membres : donnez d’abord toutes les autorisations à un autre membre',
    });
    expect(await t.ctx.db.$count(users, eq(users.id, owner.id))).toBe(1);
    // A member who is not an owner may be deleted.
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.headers })).statusCode).toBe(200);
    // A second owner: the first may go.
    const owner2 = await t.createUser({ organisationId: owner.organisationId, permissions: ALL_PERMISSIONS });
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${owner.id}`, headers: admin.headers })).statusCode).toBe(200);
    // Alone in the organisation, the owner goes with it.
    expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${owner2.id}`, headers: admin.headers })).statusCode).toBe(200);
  });
});
