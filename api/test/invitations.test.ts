import { and, eq } from 'drizzle-orm';
import { invitations, roles, userRoles, users } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/crypto';
import { readLatestMail } from '../src/mail/outbox';
import { withTestApp, type TestApp } from './support/test-app';

let t: TestApp;
withTestApp((app) => (t = app));

/** An invitation written straight into the table, as the sending call writes it. */
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

/** Sending, listing, deleting and answering invitations through the API. */
const send = (u: { headers: Record<string, string> }, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/invitations', headers: { ...u.headers, ...headers }, payload });
const freshEmail = (tag = 'mate') =>
  `${tag}-${randomToken()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@example.test`;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;

async function roleIn(organisationId: string, name = `Editor ${randomToken().slice(0, 6)}`, permissions = ['create_invitations']) {
  const [role] = await t.ctx.db.insert(roles).values({ organisationId, name, permissions }).returning();
  return role;
}

describe('POST /api/invitations', () => {
  test('a new person: 201 successfully sent, mail with the /confirm link; the password gives the account with the role, once', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const role = await roleIn(owner.organisationId, 'Editor');
    const email = freshEmail();
    const since = new Date();
    const res = await send(owner, { email: email.toUpperCase(), roleId: role.id });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('successfully sent');
    expect(body.data).toMatchObject({ email, status: 'pending', role: { _id: role.id, name: 'Editor' }, expired: false });
    expect(JSON.stringify(body)).not.toMatch(/token/i);

    const mail = await t.mailTo(email, since);
    expect(mail.subject).toContain('invited you');
    expect(mail.text).toContain('Editor');
    expect(mail.html).toContain('href="http://localhost:3000/confirm?token=');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:3000/confirm');
    expect(link.searchParams.get('email')).toBe(email);
    const token = link.searchParams.get('token')!;
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, body.data._id));
    expect(row.tokenHash).toBe(sha256(token));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 86_400_000);

    expect((await setPassword(token)).statusCode).toBe(200);
    const login = await t.login(email, 'Invited-pass-1');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user.organisation._id).toBe(owner.organisationId);
    expect(login.json().data.user.roles.map((r: { _id: string }) => r._id)).toEqual([role.id]);
    expect((await setPassword(token)).statusCode).toBe(400);
    const list = await t.request({ method: 'GET', url: `/api/invitations/sent?search=${encodeURIComponent(email)}`, headers: owner.headers });
    expect(list.json().docs).toEqual([expect.objectContaining({ _id: body.data._id, status: 'accepted' })]);
  });

  test('a person with an account: the mail links to /workspace/invitations/{id}, accepted through /api/email/{id}/accept', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations'] });
    const member = await t.createUser({ organisationId: owner.organisationId });
    // A member of the organisation already: 409 on email.
    const role = await roleIn(owner.organisationId);
    const taken = await send(owner, { email: member.email, roleId: role.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: 'This person is already a member of your organisation' });
    const fr = await send(owner, { email: member.email, roleId: role.id }, { 'accept-language': 'fr' });
    expect(fr.json().errors.email).toBe('Cette personne est déjà membre de votre organisation');

    // Someone whose account is in another organisation gets the workspace link, and accepting is refused (409).
    const elsewhere = await t.createUser();
    const since = new Date();
    const res = await send(owner, { email: elsewhere.email, roleId: role.id });
    expect(res.statusCode).toBe(201);
    const mail = await t.mailTo(elsewhere.email, since);
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe(`/workspace/invitations/${res.json().data._id}`);
    const accept = await t.request({ method: 'POST', url: `/api/email/${res.json().data._id}/accept?token=${encodeURIComponent(tokenOf(mail.links[0]))}` });
    expect(accept.statusCode).toBe(409);
  });

  test('inviting the same address again replaces the pending invitation: the old link stops working', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const role = await roleIn(owner.organisationId);
    const email = freshEmail('again');
    const first = await send(owner, { email, roleId: role.id });
    const firstMail = await t.mailTo(email);
    const since = new Date();
    const second = await send(owner, { email, roleId: role.id });
    expect(second.statusCode).toBe(201);
    const secondMail = await t.mailTo(email, since);
    expect(tokenOf(secondMail.links[0])).not.toBe(tokenOf(firstMail.links[0]));
    const list = await t.request({ method: 'GET', url: '/api/invitations/sent', headers: owner.headers });
    expect(list.json().docs.map((d: { _id: string }) => d._id)).toEqual([second.json().data._id]);
    expect(first.json().data._id).not.toBe(second.json().data._id);
    expect((await setPassword(tokenOf(firstMail.links[0]))).statusCode).toBe(400);
    expect((await setPassword(tokenOf(secondMail.links[0]))).statusCode).toBe(200);
  });

  test('another member’s live invitation to the address is not replaced: 409 on email naming them (en, fr, ar); theirs stays', async () => {
    const alice = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const bob = await t.createUser({ organisationId: alice.organisationId, permissions: ['create_invitations', 'get_invitations'] });
    const [aliceRow] = await t.ctx.db.select({ name: users.name }).from(users).where(eq(users.id, alice.id));
    const role = await roleIn(alice.organisationId);
    const email = freshEmail('shared');
    const first = await send(alice, { email, roleId: role.id });
    expect(first.statusCode).toBe(201);
    const aliceMail = await t.mailTo(email);
    const since = new Date();
    const clash = await send(bob, { email, roleId: role.id });
    expect(clash.statusCode).toBe(409);
    const en = `${aliceRow.name} has already invited this address: withdraw that invitation first, or wait until it is answered or expires`;
    expect(clash.json()).toEqual({ message: en, errors: { email: en } });
    expect((await send(bob, { email, roleId: role.id }, { 'accept-language': 'fr' })).json().errors.email).toBe(
      `${aliceRow.name} a déjà invité cette adresse : retirez d’abord cette invitation, ou attendez qu’elle reçoive une réponse ou expire`,
    );
    expect((await send(bob, { email, roleId: role.id }, { 'accept-language': 'ar' })).json().message).toContain(aliceRow.name);
    // Nothing mailed for the refused ones: the latest mail to the address is still Alice's.
    await t.ctx.mailer.flush();
    expect((await readLatestMail(t.config.dataDir, email))?.links).toEqual(aliceMail.links);
    const list = await t.request({ method: 'GET', url: '/api/invitations/sent', headers: alice.headers });
    expect(list.json().docs.map((d: { _id: string }) => d._id)).toEqual([first.json().data._id]);

    // Once Alice's invitation is withdrawn (or has expired), Bob may invite.
    await t.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, first.json().data._id));
    const afterExpiry = await send(bob, { email, roleId: role.id });
    expect(afterExpiry.statusCode).toBe(201);
    // Now it is Bob's: Alice is refused in turn, and Bob's link works, Alice's does not.
    expect((await send(alice, { email, roleId: role.id })).statusCode).toBe(409);
    const bobMail = await t.mailTo(email, since);
    expect((await setPassword(tokenOf(aliceMail.links[0]))).statusCode).toBe(400);
    expect((await setPassword(tokenOf(bobMail.links[0]))).statusCode).toBe(200);
  });

  test('bad input → 400 with field messages; a role of another organisation → 400 on roleId', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations'] });
    const empty = await send(owner, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ email: 'Please enter email', roleId: 'Please select a role' });
    const bad = await send(owner, { email: 'not-an-email', roleId: 'nope' });
    expect(bad.json().errors).toEqual({ email: 'Please enter a valid email', roleId: 'Unknown role' });
    const foreignRole = await roleIn((await t.createOrganisation()).id);
    const foreign = await send(owner, { email: freshEmail(), roleId: foreignRole.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ roleId: 'Unknown role' });
  });

  test('inviting with a role above the caller (their own second address included) → 403; nothing stored or mailed', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const above = await roleIn(owner.organisationId, `Owner ${randomToken().slice(0, 6)}`, ['create_invitations', 'delete_role', 'create_user']);
    const email = freshEmail('second-address');
    const res = await send(owner, { email, roleId: above.id });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'You cannot grant permissions you do not hold: create_user, delete_role' });
    const ar = await send(owner, { email, roleId: above.id }, { 'accept-language': 'ar' });
    expect(ar.json().message).toBe('لا يمكنك منح صلاحيات لا تملكها: create_user, delete_role');
    expect(await t.ctx.db.select().from(invitations).where(eq(invitations.email, email))).toEqual([]);
    // Within what the caller holds, it may invite.
    expect((await send(owner, { email, roleId: (await roleIn(owner.organisationId)).id })).statusCode).toBe(201);
  });

  test('an expired link is refused', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations'] });
    const role = await roleIn(owner.organisationId);
    const email = freshEmail('late');
    const res = await send(owner, { email, roleId: role.id });
    const mail = await t.mailTo(email);
    await t.ctx.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, res.json().data._id));
    const late = await setPassword(tokenOf(mail.links[0]));
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual({ token: 'This invitation link is invalid or has expired' });
  });
});

describe('GET /api/invitations/sent', () => {
  test('newest first, paged, search on email, only the caller’s organisation, never a token', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const role = await roleIn(owner.organisationId, 'Viewer');
    const tag = randomToken()
      .slice(0, 6)
      .toLowerCase()
      .replace(/[^a-z0-9]/g, 'x');
    const emails = [`a-${tag}@example.test`, `b-${tag}@example.test`, `other-${tag}@example.test`];
    for (const email of emails) expect((await send(owner, { email, roleId: role.id })).statusCode).toBe(201);
    const stranger = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    await send(stranger, { email: `stranger-${tag}@example.test`, roleId: (await roleIn(stranger.organisationId)).id });

    const all = await t.request({ method: 'GET', url: '/api/invitations/sent', headers: owner.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().docs.map((d: { email: string }) => d.email)).toEqual([...emails].reverse());
    expect(all.json().meta).toEqual({ totalDocs: 3, page: 1, limit: 10, hasMore: false, nextPage: null });
    expect(all.json().docs[0]).toEqual({
      _id: expect.any(String),
      email: emails[2],
      role: { _id: role.id, name: 'Viewer' },
      status: 'pending',
      expired: false,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    const page2 = await t.request({ method: 'GET', url: '/api/invitations/sent?page=2&pageSize=2', headers: owner.headers });
    expect(page2.json().docs.map((d: { email: string }) => d.email)).toEqual([emails[0]]);
    expect(page2.json().meta).toMatchObject({ totalDocs: 3, page: 2, hasMore: false });
    const searched = await t.request({ method: 'GET', url: `/api/invitations/sent?search=OTHER-${tag}`, headers: owner.headers });
    expect(searched.json().docs.map((d: { email: string }) => d.email)).toEqual([emails[2]]);
    const bad = await t.request({ method: 'GET', url: '/api/invitations/sent?page=0', headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toHaveProperty('page');
  });
});

describe('DELETE /api/invitations and /api/invitations/{id}', () => {
  test('deleting revokes the link; one foreign id → 404 and nothing deleted', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
    const role = await roleIn(owner.organisationId);
    const ids: string[] = [];
    const emails = [freshEmail('d1'), freshEmail('d2'), freshEmail('d3')];
    for (const email of emails) ids.push((await send(owner, { email, roleId: role.id })).json().data._id);
    const mail = await t.mailTo(emails[0]);

    const one = await t.request({ method: 'DELETE', url: `/api/invitations/${ids[0]}`, headers: owner.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ message: 'Invitation deleted successfully' });
    expect((await setPassword(tokenOf(mail.links[0]))).statusCode).toBe(400);
    expect((await t.request({ method: 'DELETE', url: `/api/invitations/${ids[0]}`, headers: owner.headers })).statusCode).toBe(404);

    const stranger = await t.createUser({ permissions: ['create_invitations'] });
    const foreignId = (await send(stranger, { email: freshEmail('f'), roleId: (await roleIn(stranger.organisationId)).id })).json().data._id;
    const mixed = await t.request({ method: 'DELETE', url: '/api/invitations', headers: owner.headers, payload: { invitations: [ids[1], foreignId] } });
    expect(mixed.statusCode).toBe(404);
    const left = await t.ctx.db.select({ id: invitations.id }).from(invitations).where(eq(invitations.organisationId, owner.organisationId));
    expect(left.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());
    expect(await t.ctx.db.select().from(invitations).where(eq(invitations.id, foreignId))).toHaveLength(1);

    const bulk = await t.request({ method: 'DELETE', url: '/api/invitations', headers: owner.headers, payload: { invitations: [ids[1], ids[2]] } });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ message: 'Invitations deleted successfully' });
    expect(await t.ctx.db.select().from(invitations).where(eq(invitations.organisationId, owner.organisationId))).toHaveLength(0);

    const empty = await t.request({ method: 'DELETE', url: '/api/invitations', headers: owner.headers, payload: { invitations: [] } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ invitations: 'Please select at least one invitation' });
    const notId = await t.request({ method: 'DELETE', url: '/api/invitations/not-a-uuid', headers: owner.headers });
    expect(notId.statusCode).toBe(400);
  });
});

describe('POST /api/invitations/{id}/{type} (signed in)', () => {
  test('the invitee accepts in their organisation and gains the role; the link is then used up', async () => {
    const owner = await t.createUser({ permissions: ['create_invitations'] });
    const member = await t.createUser({ organisationId: owner.organisationId, permissions: [] });
    const inv = await invite(owner.organisationId, member.email);
    const res = await t.request({ method: 'POST', url: `/api/invitations/${inv.id}/accept?token=${encodeURIComponent(inv.token)}`, headers: member.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation accepted' });
    const granted = await t.ctx.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, member.id), eq(userRoles.roleId, inv.roleId)));
    expect(granted).toHaveLength(1);
    const again = await t.request({ method: 'POST', url: `/api/invitations/${inv.id}/reject?token=${encodeURIComponent(inv.token)}`, headers: member.headers });
    expect(again.statusCode).toBe(400);
  });

  test('rejecting marks it rejected; someone else’s invitation → 404; another organisation → 409 on accept', async () => {
    const u = await t.createUser();
    const elsewhere = await t.createOrganisation();
    const foreign = await invite(elsewhere.id, u.email);
    const withToken = (id: string, type: string, token: string) => `/api/invitations/${id}/${type}?token=${encodeURIComponent(token)}`;
    const accept = await t.request({ method: 'POST', url: withToken(foreign.id, 'accept', foreign.token), headers: u.headers });
    expect(accept.statusCode).toBe(409);
    const [pending] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, foreign.id));
    expect(pending.status).toBe('pending');
    const other = await t.createUser();
    expect((await t.request({ method: 'POST', url: withToken(foreign.id, 'reject', foreign.token), headers: other.headers })).statusCode).toBe(404);
    const reject = await t.request({ method: 'POST', url: withToken(foreign.id, 'reject', foreign.token), headers: u.headers });
    expect(reject.statusCode).toBe(200);
    expect(reject.json()).toEqual({ message: 'Invitation rejected' });
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, foreign.id));
    expect(row.status).toBe('rejected');
    const badType = await t.request({ method: 'POST', url: withToken(foreign.id, 'maybe', foreign.token), headers: u.headers });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().errors).toHaveProperty('type');
    const expired = await invite(u.organisationId, u.email, { expired: true });
    expect((await t.request({ method: 'POST', url: withToken(expired.id, 'accept', expired.token), headers: u.headers })).statusCode).toBe(400);
  });

  test('the token is always needed; without it or with a wrong one, the same 404 as an unknown invitation, and nothing changes', async () => {
    const u = await t.createUser();
    const inv = await invite(u.organisationId, u.email);
    const answers = [];
    for (const type of ['accept', 'reject']) {
      for (const query of ['', '?token=', '?token=wrong', `?token=${encodeURIComponent(inv.token)}x`]) {
        answers.push(await t.request({ method: 'POST', url: `/api/invitations/${inv.id}/${type}${query}`, headers: u.headers }));
      }
    }
    answers.push(await t.request({ method: 'POST', url: `/api/invitations/00000000-0000-4000-8000-000000000000/accept?token=x`, headers: u.headers }));
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Invitation not found' });
    }
    const [row] = await t.ctx.db.select().from(invitations).where(eq(invitations.id, inv.id));
    expect(row.status).toBe('pending');
    expect(
      await t.ctx.db
        .select()
        .from(userRoles)
        .where(and(eq(userRoles.userId, u.id), eq(userRoles.roleId, inv.roleId))),
    ).toEqual([]);
  });
});
