import { eq } from 'drizzle-orm';
import { refreshTokens, users } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { withTestApp, bearer, type TestApp } from './support/test-app';

let t: TestApp;
withTestApp((app) => (t = app));

const refresh = (refresh_token: string) => t.request({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token } });
const me = (accessToken: string) => t.request({ method: 'GET', url: '/api/users/me', headers: bearer(accessToken) });

async function signedIn() {
  const u = await t.createUser({ permissions: ['get_role'] });
  const res = await t.login(u.email, u.password);
  expect(res.statusCode).toBe(200);
  const { access_token, refresh_token, refresh_token_expires_at } = res.json().data;
  return { user: u, access: access_token as string, refresh: refresh_token as string, expiresAt: refresh_token_expires_at as string };
}

test('refresh rotates: a new pair, the access token under data.data.access_token, same absolute expiry', async () => {
  const s = await signedIn();
  const res = await refresh(s.refresh);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['data']);
  expect(body.data.access_token).toEqual(expect.any(String));
  expect(body.data.refresh_token).not.toBe(s.refresh);
  expect(body.data.refresh_token_expires_at).toBe(s.expiresAt);
  expect((await me(body.data.access_token)).statusCode).toBe(200);
  // And the new one rotates again.
  const again = await refresh(body.data.refresh_token);
  expect(again.statusCode).toBe(200);
});

test('refresh tokens are stored only as SHA-256', async () => {
  const s = await signedIn();
  const rows = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, s.user.id));
  expect(rows.some((r) => r.tokenHash === sha256(s.refresh))).toBe(true);
  expect(rows.some((r) => r.tokenHash === s.refresh)).toBe(false);
});

/** Moves a spent token's first use into the past, beyond the reuse interval. */
async function spentLongAgo(token: string) {
  await t.ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date(Date.now() - (t.config.refreshReuseIntervalSeconds + 5) * 1000) })
    .where(eq(refreshTokens.tokenHash, sha256(token)));
}

test('replaying a used refresh token after the reuse interval revokes the whole family (and is logged)', async () => {
  const s = await signedIn();
  const first = (await refresh(s.refresh)).json().data;
  await spentLongAgo(s.refresh);
  const replayed: string[] = [];
  const previous = t.ctx.tokens.onReplay;
  t.ctx.tokens.onReplay = (familyId) => replayed.push(familyId);
  const replay = await refresh(s.refresh).finally(() => (t.ctx.tokens.onReplay = previous));
  expect(replayed).toHaveLength(1);
  expect(replay.statusCode).toBe(401);
  // The token issued by the legitimate rotation is dead, and so is its access token.
  expect((await refresh(first.refresh_token)).statusCode).toBe(401);
  expect((await me(first.access_token)).statusCode).toBe(401);
  expect((await me(s.access)).statusCode).toBe(401);
});

test('two tabs refreshing the same token within the reuse interval get the same successor and stay signed in', async () => {
  const s = await signedIn();
  const [a, b] = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
  expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
  expect(a.json().data.refresh_token).toBe(b.json().data.refresh_token);
  // A third, a moment later (a third tab): still the same successor.
  const c = await refresh(s.refresh);
  expect(c.statusCode).toBe(200);
  expect(c.json().data.refresh_token).toBe(a.json().data.refresh_token);
  expect((await me(a.json().data.access_token)).statusCode).toBe(200);
  expect((await me(b.json().data.access_token)).statusCode).toBe(200);
  // One successor row only, and the session goes on rotating normally.
  const rows = await t.ctx.db.select().from(refreshTokens).where(eq(refreshTokens.userId, s.user.id));
  expect(rows.filter((r) => r.tokenHash === sha256(a.json().data.refresh_token))).toHaveLength(1);
  expect((await refresh(a.json().data.refresh_token)).statusCode).toBe(200);
});

test('within the reuse interval, a spent token of a signed-out session is refused', async () => {
  const s = await signedIn();
  const next = (await refresh(s.refresh)).json().data;
  expect((await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: next.refresh_token } })).statusCode).toBe(200);
  expect((await refresh(s.refresh)).statusCode).toBe(401);
});

test('logout with only the refresh token (the access token expired) revokes the session', async () => {
  const s = await signedIn();
  const expired = await t.ctx.tokens.signAccessToken({ sub: s.user.id, org: s.user.organisationId, fid: s.user.familyId }, -60);
  const out = await t.request({ method: 'POST', url: '/api/auth/logout', headers: bearer(expired), payload: { refresh_token: s.refresh } });
  expect(out.statusCode).toBe(200);
  expect((await refresh(s.refresh)).statusCode).toBe(401);
  expect((await me(s.access)).statusCode).toBe(401);
});

test('logout refuses an unknown refresh token (401) and a call with nothing to sign out (400, field message)', async () => {
  const unknown = await t.request({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: 'not-a-real-token' } });
  expect(unknown.statusCode).toBe(401);
  const nothing = await t.request({ method: 'POST', url: '/api/auth/logout' });
  expect(nothing.statusCode).toBe(400);
  expect(nothing.json().errors).toEqual({ refresh_token: expect.any(String) });
});

test('expired sessions are pruned, live ones stay', async () => {
  const { tokenFamilies } = await import('../src/db/schema');
  const old = await signedIn();
  const live = await signedIn();
  const [oldFamily] = await t.ctx.db
    .select({ id: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(old.refresh)));
  await t.ctx.db
    .update(tokenFamilies)
    .set({ expiresAt: new Date(Date.now() - 2 * 86_400_000) })
    .where(eq(tokenFamilies.id, oldFamily.id));
  expect(await t.ctx.tokens.pruneExpired()).toBeGreaterThanOrEqual(1);
  expect(
    await t.ctx.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(old.refresh))),
  ).toHaveLength(0);
  expect((await refresh(live.refresh)).statusCode).toBe(200);
});

test('an unknown refresh token → 401', async () => {
  expect((await refresh('not-a-real-token')).statusCode).toBe(401);
});

test('the family has an absolute lifetime: an expired family cannot be refreshed', async () => {
  const s = await signedIn();
  const { tokenFamilies } = await import('../src/db/schema');
  await t.ctx.db
    .update(tokenFamilies)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(tokenFamilies.userId, s.user.id));
  const res = await refresh(s.refresh);
  expect(res.statusCode).toBe(401);
  expect((await me(s.access)).statusCode).toBe(401);
});

test('logout: the next call with the old access token AND the old refresh token answers 401', async () => {
  const s = await signedIn();
  const out = await t.request({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.access), payload: { refresh_token: s.refresh } });
  expect(out.statusCode).toBe(200);
  expect(out.json()).toEqual({ message: 'Logged out successfully' });
  expect((await me(s.access)).statusCode).toBe(401);
  expect((await refresh(s.refresh)).statusCode).toBe(401);
});

test('logout without a body still ends the session of the access token', async () => {
  const s = await signedIn();
  const out = await t.request({ method: 'POST', url: '/api/auth/logout', headers: bearer(s.access) });
  expect(out.statusCode).toBe(200);
  expect((await me(s.access)).statusCode).toBe(401);
  expect((await refresh(s.refresh)).statusCode).toBe(401);
});

test('password change: the other sessions’ access and refresh tokens answer 401, this session continues', async () => {
  const s = await signedIn();
  const other = (await t.login(s.user.email, s.user.password)).json().data;
  const res = await t.request({
    method: 'PUT',
    url: '/api/users/profile-password-update',
    headers: bearer(s.access),
    payload: { currentPassword: s.user.password, password: 'Brand-new-pass-9', confirmPassword: 'Brand-new-pass-9' },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ message: 'Your passwords updated successfully' });
  expect((await me(other.access_token)).statusCode).toBe(401);
  expect((await refresh(other.refresh_token)).statusCode).toBe(401);
  expect((await me(s.access)).statusCode).toBe(200);
  expect((await refresh(s.refresh)).statusCode).toBe(200);
  // Old password is gone, new one works.
  expect((await t.login(s.user.email, s.user.password)).statusCode).toBe(401);
  expect((await t.login(s.user.email, 'Brand-new-pass-9')).statusCode).toBe(200);
});

test('a deleted user’s tokens answer 401', async () => {
  const s = await signedIn();
  await t.ctx.db.delete(users).where(eq(users.id, s.user.id));
  expect((await me(s.access)).statusCode).toBe(401);
  expect((await refresh(s.refresh)).statusCode).toBe(401);
});
