import { and, eq } from 'drizzle-orm';
import { invitations, roles, userRoles, users } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/crypto';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Invitations are sent by issue 4; here one is written straight into the table, as that call will. */
async function invite(organisationId: string, email: string, options: { expired?: boolean } = {}) {
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ organisationId, name: `Invited ${randomToken().slice(0, 6)}`, permissions: ['get_role'] })
    .returning();
  const token = randomToken();
  const [inv] = await t.ctx.db
    .insert(invitations)
    .values({
      organisationId,
      email,
      roleId: role.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + (options.expired ? -1000 : 7 * 86_400_000)),
    })
    .returning();
  return { id: inv.id, token, roleId: role.id };
}

const setPassword = (token: string, password = 'Invited-pass-1', confirmPassword = password) =>
  t.request({ method: 'PATCH', url: `/api/user/invitations/password?token=${encodeURIComponent(token)}`, payload: { password, confirmPassword } });

describe('PATCH /api/user/invitations/password', () => {
  test('creates the account in the invitation’s organisation with its role, once', async () => {
    const org = await t.createOrganisation();
    const email = `invitee-${randomToken().slice(0, 6).toLowerCase()}@example.test`;
    const inv = await invite(org.id, email);
    const res = await setPassword(inv.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: expect.any(String) });

    const login = await t.login(email, 'Invited-pass-1');
    expect(login.statusCode).toBe(200);
    const user = login.json().data.user;
    expect(user.organisation._id).toBe(org.id);
    expect(user.roles.map((r: { _id: string }) => r._id)).toEqual([inv.roleId]);
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row.status).toBe('accepted');

    expect((await setPassword(inv.token)).statusCode).toBe(400);
  });

  test('an expired or unknown token → 400 on token; mismatch → 400 on confirmPassword', async () => {
    const org = await t.createOrganisation();
    const inv = await invite(org.id, 'late@example.test', { expired: true });
    const expired = await setPassword(inv.token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().errors).toEqual({ token: expect.any(String) });
    expect((await setPassword('unknown')).statusCode).toBe(400);
    const mismatch = await setPassword(inv.token, 'Invited-pass-1', 'Other-pass-1');
    expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  test('an address that already has an account → 409, invitation left pending', async () => {
    const existing = await t.createUser();
    const inv = await invite(existing.organisationId, existing.email);
    const res = await setPassword(inv.token);
    expect(res.statusCode).toBe(409);
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row.status).toBe('pending');
  });
});

describe('POST /api/email/{id}/accept', () => {
  test('an existing user accepts with the mailed token and gains the role', async () => {
    const u = await t.createUser();
    const inv = await invite(u.organisationId, u.email);
    const res = await t.request({ method: 'POST', url: `/api/email/${inv.id}/accept?token=${inv.token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation accepted' });
    const granted = await t.ctx.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, u.id), eq(userRoles.roleId, inv.roleId)));
    expect(granted).toHaveLength(1);
    const again = await t.request({ method: 'POST', url: `/api/email/${inv.id}/accept?token=${inv.token}` });
    expect(again.statusCode).toBe(400);
  });

  test('a wrong token → 400; an unknown invitation → 404; a user of another organisation → 409', async () => {
    const u = await t.createUser();
    const inv = await invite(u.organisationId, u.email);
    expect((await t.request({ method: 'POST', url: `/api/email/${inv.id}/accept?token=wrong` })).statusCode).toBe(400);
    const unknown = await t.request({ method: 'POST', url: `/api/email/00000000-0000-4000-8000-000000000000/accept?token=x` });
    expect(unknown.statusCode).toBe(404);
    const elsewhere = await t.createOrganisation();
    const foreign = await invite(elsewhere.id, u.email);
    expect((await t.request({ method: 'POST', url: `/api/email/${foreign.id}/accept?token=${foreign.token}` })).statusCode).toBe(409);
    const [stillThere] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(stillThere.organisationId).toBe(u.organisationId);
  });

  test('a malformed id → 400 on id', async () => {
    const res = await t.request({ method: 'POST', url: '/api/email/not-a-uuid/accept?token=x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('id');
  });
});
