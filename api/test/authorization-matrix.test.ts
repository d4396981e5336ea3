import { readdirSync } from 'node:fs';
import path from 'node:path';
import { withTestApp, bearer, createTestApp, randomId, type TestApp, type TestUser } from './support/test-app';
import { PROBE_URL, registerProbe } from './support/probe';
import type { MatrixArea, ProtectedRoute } from './matrix/types';
import { someRoleOf } from './matrix/auth';

/**
 * Every route × { no token, expired token, forged token, user without the permission, user of
 * another organisation, permitted user } → 401 / 401 / 401 / 403 / 404 (or only their own data) / 2xx.
 * The routes are listed per area in ./matrix/*.ts; this file runs them all.
 */
// Loaded synchronously: describe.each needs the routes when the file is collected.
const AREAS: MatrixArea[] = readdirSync(path.join(__dirname, 'matrix'))
  .filter((f) => f.endsWith('.ts') && f !== 'types.ts')
  .sort()
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  .map((f) => require(path.join(__dirname, 'matrix', f)) as MatrixArea);
const PROTECTED: ProtectedRoute[] = AREAS.flatMap((a) => a.protectedRoutes ?? []);
const PUBLIC = AREAS.flatMap((a) => a.publicRoutes ?? []);

let t: TestApp;
withTestApp((app) => (t = app), { register: registerProbe });

function permitted(route: ProtectedRoute) {
  if (route.permission === 'admin') return t.createUser({ superAdmin: true, permissions: [] });
  return t.createUser({ permissions: route.permission ? [route.permission, ...(route.alsoHolds ?? [])] : [] });
}

/** A user lacking exactly what the route needs: every other permission, not super-admin. */
async function unpermitted(route: ProtectedRoute) {
  const { ALL_PERMISSIONS } = await import('contracts');
  return t.createUser({ permissions: ALL_PERMISSIONS.filter((p) => p !== route.permission) });
}

describe.each(PROTECTED)('$name', (route) => {
  // One permitted user per route, made at its first use: every test but the last is refused (401,
  // 403, 404) and changes nothing, so they can share it; the last, which succeeds, runs last.
  let shared: Promise<TestUser> | undefined;
  const permittedUser = () => (shared ??= permitted(route));

  test('no token → 401', async () => {
    const u = await permittedUser();
    const res = await t.request({ ...(await route.request(u, t)), headers: { activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  test('expired token → 401', async () => {
    const u = await permittedUser();
    const expired = await t.ctx.tokens.signAccessToken({ sub: u.id, org: u.organisationId, fid: u.familyId }, -60);
    const res = await t.request({ ...(await route.request(u, t)), headers: { ...bearer(expired), activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired');
  });

  test('forged token (other secret) → 401', async () => {
    const u = await permittedUser();
    const [h, p] = u.accessToken.split('.');
    const res = await t.request({ ...(await route.request(u, t)), headers: { ...bearer(`${h}.${p}.AAAA`), activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
  });

  if (route.otherOrganisation) {
    test('user of another organisation → 404', async () => {
      const owner = await t.createUser({ permissions: route.permission && route.permission !== 'admin' ? [route.permission] : [] });
      const req = await route.otherOrganisation!(owner, t);
      const stranger = await permittedUser();
      const res = await t.request({ ...req, headers: stranger.headers });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  }

  if (route.permission !== null) {
    test('user without the permission → 403', async () => {
      const u = await unpermitted(route);
      const res = await t.request({ ...(await route.request(u, t)), headers: u.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  }

  if (route.grantBeyondCaller) {
    test('granting a permission the caller lacks → 403, nothing stored', async () => {
      const u = await permittedUser();
      const req = await route.grantBeyondCaller!.request(u, t);
      const res = await t.request({ ...req, headers: u.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringMatching(/you do not hold: /) });
      expect(await route.grantBeyondCaller!.stored(u, t, req)).toBe(false);
    });
  }

  test('permitted user → 2xx', async () => {
    const u = await permittedUser();
    const res = await t.request({ ...(await route.request(u, t)), headers: u.headers });
    expect(res.statusCode).toBe(route.okStatus ?? 200);
  });
});

describe('user of another organisation', () => {
  let a: TestUser;
  let b: TestUser;
  beforeAll(async () => {
    a = await t.createUser({ permissions: ['get_role', 'get_websites'] });
    b = await t.createUser({ permissions: ['get_role', 'get_websites'] });
  });

  test('GET /api/roles/:id of another organisation → 404, like a missing one', async () => {
    const foreign = await someRoleOf(t, a.organisationId);
    const res = await t.request({ method: 'GET', url: `/api/roles/${foreign}`, headers: b.headers });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Role not found' });
    const missing = await t.request({ method: 'GET', url: `/api/roles/${randomId()}`, headers: b.headers });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(res.json());
    const own = await t.request({ method: 'GET', url: `/api/roles/${foreign}`, headers: a.headers });
    expect(own.statusCode).toBe(200);
  });

  test('lists show only the caller’s organisation', async () => {
    for (const url of ['/api/roles', '/api/websites']) {
      const res = await t.request({ method: 'GET', url, headers: b.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.docs.length).toBeGreaterThan(0);
      const aList = await t.request({ method: 'GET', url, headers: a.headers });
      const aIds = new Set(aList.json().docs.map((d: { _id: string }) => d._id));
      for (const doc of body.docs) expect(aIds.has(doc._id)).toBe(false);
    }
  });

  test('an Activewebsite of another organisation → 404; missing → 400; own → 200', async () => {
    const foreign = await t.request({ method: 'GET', url: PROBE_URL, headers: { ...bearer(b.accessToken), activewebsite: a.websiteId } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: 'Website not found' });
    const garbage = await t.request({ method: 'GET', url: PROBE_URL, headers: { ...bearer(b.accessToken), activewebsite: 'nope' } });
    expect(garbage.statusCode).toBe(404);
    const missing = await t.request({ method: 'GET', url: PROBE_URL, headers: bearer(b.accessToken) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ Activewebsite: expect.any(String) });
    const own = await t.request({ method: 'GET', url: PROBE_URL, headers: b.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().website.id).toBe(b.websiteId);
  });

  test('the super-admin route refuses an Owner holding every permission', async () => {
    const { ALL_PERMISSIONS } = await import('contracts');
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    const res = await t.request({ method: 'GET', url: '/api/admin/users', headers: owner.headers });
    expect(res.statusCode).toBe(403);
  });
});

describe('public routes need no token', () => {
  test.each(PUBLIC)('$method $url answers on its own terms, not 401 "Authentication required"', async (req) => {
    const res = await t.request(req);
    expect(res.json().message).not.toBe('Authentication required');
    expect(res.statusCode).not.toBe(403);
    expect(res.statusCode).toBeLessThan(500);
  });
});

test('every route in the OpenAPI document is covered by this matrix', async () => {
  const doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  const covered = new Set([
    ...PROTECTED.map((r) => r.name.split(' (')[0]),
    ...PUBLIC.map((r) => `${r.method} ${r.url.split('?')[0].replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id')}`),
    ...AREAS.flatMap((a) => (a as MatrixArea & { documentedPublic?: string[] }).documentedPublic ?? []),
    ...AREAS.flatMap((a) => (a as MatrixArea & { streamsTestedElsewhere?: string[] }).streamsTestedElsewhere ?? []),
  ]);
  const documented: string[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, object>)) {
    for (const method of Object.keys(ops)) documented.push(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
  }
  expect(documented.length).toBeGreaterThanOrEqual(16);
  for (const route of documented) expect(covered).toContain(route);
});

test('a route without its access declaration is refused at start-up', async () => {
  await expect(
    createTestApp({
      register: (app) => {
        app.get('/api/undeclared', async () => ({}));
      },
    }),
  ).rejects.toThrow(/must declare config/);
});
