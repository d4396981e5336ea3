import { eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { buildApp } from '../src/app';
import { websites } from '../src/db/schema';
import { openStream, settlesWithin, staffStream, visitorToken, type OpenStream } from './support/live-streams';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * A session's end ends the console's live streams it opened, within seconds and in every API process:
 * sign-out, a password change (the other sessions), the user deleted; a role change re-authorizes
 * them (they stay while the user may still listen). The periodic check is set to an hour here, so
 * what ends a stream is the change being heard, not the timer.
 */
let t: TestApp;
withTestApp((app) => (t = app), { env: { LIVE_SESSION_CHECK_SECONDS: '3600' } });

let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

interface Site {
  owner: TestUser;
  key: string;
  domain: string;
}
async function newSite(): Promise<Site> {
  const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  return { owner, key: w.publicKey, domain: w.domain };
}

/** A visitor writes to the team and a member answers: the conversation's id and the answer's text. */
async function conversation(s: Site) {
  const token = await visitorToken(t, s, `visitor-${Math.random()}`);
  const res = await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/messages`, payload: { token, body: 'A question' } });
  return res.json().conversation._id as string;
}
const answer = (s: Site, conversationId: string, body: string) =>
  t.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: s.owner.headers, payload: { body } });
const heard = (stream: OpenStream, body: string) => stream.events.some((e) => e.event === 'message' && (e.data as { body: string }).body === body);

/** The stream ends within 5 s, and what is written after is never delivered to it. */
async function endsWithin5s(stream: OpenStream, s: Site, conversationId: string) {
  const started = Date.now();
  expect(await settlesWithin(stream.ended, 5000)).toBe(true);
  expect(Date.now() - started).toBeLessThan(5000);
  await answer(s, conversationId, 'Secret answer after the end');
  await new Promise((r) => setTimeout(r, 300));
  expect(heard(stream, 'Secret answer after the end')).toBe(false);
}

test('sign-out ends the session’s stream within 5 s, in this process and in another one; the stream cannot be opened again', async () => {
  const s = await newSite();
  const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_reclamation'] });
  const conversationId = await conversation(s);
  const stream = await staffStream(base, member);
  const other = await buildApp(t.config, { database: t.database, logger: false });
  try {
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const elsewhere = await staffStream(otherBase, member);
    await answer(s, conversationId, 'Before sign-out');
    await stream.next((e) => e.event === 'message' && heard(stream, 'Before sign-out'));

    const out = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: member.refreshToken } });
    expect(out.statusCode).toBe(200);
    await endsWithin5s(stream, s, conversationId);
    expect(await settlesWithin(elsewhere.ended, 5000)).toBe(true);
    expect(heard(elsewhere, 'Secret answer after the end')).toBe(false);
    expect((await openStream(`${base}/api/live`, member.headers)).status).toBe(401);
  } finally {
    await other.close();
  }
});

test('a password change ends the streams of the user’s other sessions within 5 s; the session that changed it keeps its own', async () => {
  const s = await newSite();
  const conversationId = await conversation(s);
  const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_reclamation'] });
  const login = await t.login(member.email, member.password);
  expect(login.statusCode).toBe(200);
  const otherSession = { ...member.headers, authorization: `Bearer ${login.json().data.access_token}` };
  const here = await staffStream(base, member);
  const there = await openStream(`${base}/api/live`, otherSession);
  await there.next((e) => e.event === 'ready');

  const changed = await t.request({
    method: 'PUT',
    url: '/api/users/profile-password-update',
    headers: member.headers,
    payload: { currentPassword: member.password, password: 'Another-pass-123', confirmPassword: 'Another-pass-123' },
  });
  expect(changed.statusCode).toBe(200);
  await endsWithin5s(there, s, conversationId);
  // The session that changed it still listens, and hears the answer the other no longer gets.
  await here.next((e) => e.event === 'message' && heard(here, 'Secret answer after the end'));
  expect(here.isEnded).toBe(false);
  here.close();
});

test('deleting a user ends their stream within 5 s: no answer reaches it after', async () => {
  const s = await newSite();
  const conversationId = await conversation(s);
  const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_reclamation'] });
  const stream = await staffStream(base, member);
  const owners = await staffStream(base, s.owner);
  const admin = await t.createUser({ superAdmin: true });
  expect((await t.request({ method: 'DELETE', url: `/api/admin/users/${member.id}`, headers: admin.headers })).statusCode).toBe(200);
  await endsWithin5s(stream, s, conversationId);
  // A colleague's stream is untouched.
  await owners.next((e) => e.event === 'message' && heard(owners, 'Secret answer after the end'));
  expect(owners.isEnded).toBe(false);
  owners.close();
});

test('a role change re-authorizes the stream: it stays while the user may still listen', async () => {
  const s = await newSite();
  const conversationId = await conversation(s);
  const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_tour', 'get_reclamation'] });
  const stream = await staffStream(base, member);
  await t.ctx.db.execute(sql`update roles set permissions = '{get_reclamation}' where id in (select role_id from user_roles where user_id = ${member.id})`);
  await new Promise((r) => setTimeout(r, 500));
  await answer(s, conversationId, 'Still listening');
  await stream.next((e) => e.event === 'message' && heard(stream, 'Still listening'));
  expect(stream.isEnded).toBe(false);
  stream.close();
});
