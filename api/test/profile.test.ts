import { meResponseSchema, profileUpdateResponseSchema } from 'contracts';
import { eq } from 'drizzle-orm';
import { emailChanges, invitations, roles, userRoles, users } from '../src/db/schema';
import { withTestApp, bearer, type TestApp, type TestUser } from './support/test-app';

let t: TestApp;
withTestApp((app) => (t = app));

test('users/me answers the user with roles, permissions, websites and organisation (no website header needed)', async () => {
  const u = await t.createUser({ permissions: ['get_role', 'get_websites'] });
  const res = await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(u.accessToken) });
  expect(res.statusCode).toBe(200);
  const { data } = meResponseSchema.parse(res.json());
  expect(data._id).toBe(u.id);
  expect(data.roles[0].permissions.sort()).toEqual(['get_role', 'get_websites']);
  expect(data.websites.map((w) => w._id)).toEqual([u.websiteId]);
  expect(data.organisation._id).toBe(u.organisationId);
  expect(data.isSuperAdmin).toBe(false);
  expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
});

const profile = (u: TestUser, payload: Record<string, unknown>) => t.request({ method: 'PUT', url: '/api/users/profile-update', headers: u.headers, payload });
const confirm = (token: unknown) => t.request({ method: 'POST', url: '/api/users/email-confirm', payload: { token } });
const emailTokenOf = (link: string) => new URL(link).searchParams.get('email_token')!;

test('profile update changes name and avatar at once; the same e-mail needs no password', async () => {
  const u = await t.createUser();
  const res = await profile(u, { name: 'New Name', email: u.email.toUpperCase(), avatar: 'https://cdn.example.test/a.png' });
  expect(res.statusCode).toBe(200);
  const body = profileUpdateResponseSchema.parse(res.json());
  expect(body.message).toBe('Profile updated successfully');
  expect(body.pendingEmail).toBeUndefined();
  expect(body.data).toMatchObject({ name: 'New Name', email: u.email, avatar: 'https://cdn.example.test/a.png' });
});

/** A new e-mail needs the current password and a link followed from the new mailbox. */
describe('changing the e-mail', () => {
  test('without or with a wrong current password → 400 on currentPassword; nothing changes, nothing is mailed', async () => {
    const u = await t.createUser();
    const email = `new-${u.email}`;
    const missing = await profile(u, { name: 'Renamed', email });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      message: 'Enter your current password to change your email',
      errors: { currentPassword: 'Enter your current password to change your email' },
    });
    const wrong = await profile(u, { name: 'Renamed', email, currentPassword: 'not-it' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ currentPassword: 'Current password is incorrect' });
    const fr = await t.request({
      method: 'PUT',
      url: '/api/users/profile-update',
      headers: { ...u.headers, 'accept-language': 'fr' },
      payload: { name: 'Renamed', email },
    });
    expect(fr.json().errors.currentPassword).toBe('Saisissez votre mot de passe actuel pour changer votre e-mail');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ email: u.email, name: expect.not.stringMatching('Renamed') });
    expect(await t.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, u.id))).toEqual([]);
  });

  test('with the password: a link is mailed to the new address; the e-mail changes only when it is followed, once', async () => {
    const u = await t.createUser();
    const email = `new-${u.email}`;
    const since = new Date();
    const res = await profile(u, { name: 'Renamed', email: email.toUpperCase(), currentPassword: u.password });
    expect(res.statusCode).toBe(200);
    const body = profileUpdateResponseSchema.parse(res.json());
    expect(body.message).toMatch(/We sent a link to your new email/);
    expect(body.pendingEmail).toBe(email);
    expect(body.data).toMatchObject({ name: 'Renamed', email: u.email });
    expect(JSON.stringify(res.json())).not.toMatch(/token/i);
    // Not yet: the old address still signs in, the new one does not.
    expect((await t.login(u.email, u.password)).statusCode).toBe(200);
    expect((await t.login(email, u.password)).statusCode).toBe(401);

    const mail = await t.mailTo(email, since);
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe('/confirm');
    const token = emailTokenOf(mail.links[0]);
    // Stored hashed only.
    const [pending] = await t.ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, u.id));
    expect(pending.tokenHash).not.toBe(token);
    expect(pending.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

    expect((await confirm('wrong')).statusCode).toBe(400);
    const ok = await confirm(token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: 'Your email has been changed' });
    expect((await t.login(email, u.password)).statusCode).toBe(200);
    expect((await t.login(u.email, u.password)).statusCode).toBe(401);
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: 'This confirmation link is invalid or has expired',
      errors: { token: 'This confirmation link is invalid or has expired' },
    });
  });

  test('an expired link is refused; a newer request replaces the older link', async () => {
    const u = await t.createUser();
    const first = `first-${u.email}`;
    const second = `second-${u.email}`;
    await profile(u, { name: 'U', email: first, currentPassword: u.password });
    const firstToken = emailTokenOf((await t.mailTo(first)).links[0]);
    await profile(u, { name: 'U', email: second, currentPassword: u.password });
    const secondToken = emailTokenOf((await t.mailTo(second)).links[0]);
    expect((await confirm(firstToken)).statusCode).toBe(400);
    await t.ctx.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.userId, u.id));
    expect((await confirm(secondToken)).statusCode).toBe(400);
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, u.id));
    expect(row.email).toBe(u.email);
  });

  test('an address of another account (another organisation) is not told at request time; confirming it → 409', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const res = await profile(b, { name: 'B', email: a.email, currentPassword: b.password });
    const fresh = await profile(b, { name: 'B', email: `free-${b.email}`, currentPassword: b.password });
    // The same answer as for a free address.
    expect(res.statusCode).toBe(fresh.statusCode);
    expect(res.json().message).toBe(fresh.json().message);
    await profile(b, { name: 'B', email: a.email, currentPassword: b.password });
    const token = emailTokenOf((await t.mailTo(a.email)).links[0]);
    const clash = await confirm(token);
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({ message: 'This email is already in use', errors: { email: 'This email is already used by another account' } });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, b.id));
    expect(row.email).toBe(b.email);
  });

  test('a missing token → 400 on token', async () => {
    const res = await t.request({ method: 'POST', url: '/api/users/email-confirm', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ token: 'Please enter token' });
  });
});

/**
 * The takeover end to end: a Viewer changes its e-mail to a pending invitee's
 * address, then tries to accept that invitation.
 */
test('a Viewer cannot take over an invitation sent to someone else', async () => {
  const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations', 'create_user', 'delete_user'] });
  const viewer = await t.createUser({ organisationId: owner.organisationId, permissions: ['get_posts'] });
  const [bigRole] = await t.ctx.db
    .insert(roles)
    .values({ organisationId: owner.organisationId, name: 'Admins', permissions: ['create_invitations', 'get_invitations', 'create_user', 'delete_user'] })
    .returning();
  const invitee = `invitee-${viewer.email}`;
  const sent = await t.request({ method: 'POST', url: '/api/invitations', headers: owner.headers, payload: { email: invitee, roleId: bigRole.id } });
  expect(sent.statusCode).toBe(201);
  const invitationId = sent.json().data._id;

  // 1. Without the password: refused.
  expect((await profile(viewer, { name: 'V', email: invitee })).statusCode).toBe(400);
  // 2. With the password: nothing changes until the link mailed to the invitee is followed.
  const since = new Date();
  const withPassword = await profile(viewer, { name: 'V', email: invitee, currentPassword: viewer.password });
  expect(withPassword.statusCode).toBe(200);
  expect(withPassword.json().data.email).toBe(viewer.email);
  const me = await t.request({ method: 'GET', url: '/api/users/me', headers: viewer.headers });
  expect(me.json().data.email).toBe(viewer.email);
  // The confirmation link went to the invitee's mailbox, not to the viewer.
  const mail = await t.mailTo(invitee, since);
  expect(mail.links[0]).toContain('email_token=');
  // 3. Accepting without the token (and with a wrong one) is refused; the role is not gained.
  for (const query of ['', '?token=guess']) {
    const accept = await t.request({ method: 'POST', url: `/api/invitations/${invitationId}/accept${query}`, headers: viewer.headers });
    expect(accept.statusCode).toBe(404);
  }
  const held = await t.ctx.db.select().from(userRoles).where(eq(userRoles.userId, viewer.id));
  expect(held.map((r) => r.roleId)).not.toContain(bigRole.id);
  const [invitation] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, invitationId));
  expect(invitation.status).toBe('pending');
});

test('profile update validates per field', async () => {
  const u = await t.createUser();
  const res = await t.request({ method: 'PUT', url: '/api/users/profile-update', headers: u.headers, payload: { name: '', email: 'x' } });
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors).sort()).toEqual(['email', 'name']);
});

test('password update with a wrong current password → 400 on currentPassword', async () => {
  const u = await t.createUser();
  const res = await t.request({
    method: 'PUT',
    url: '/api/users/profile-password-update',
    headers: u.headers,
    payload: { currentPassword: 'not-it', password: 'Whatever-123', confirmPassword: 'Whatever-123' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ message: 'Current password is incorrect', errors: { currentPassword: 'Current password is incorrect' } });
  expect((await t.login(u.email, u.password)).statusCode).toBe(200);
});
