import type { Permission } from 'contracts';
import { bearer, createTestApp, randomId, type TestApp, type TestUser } from './support/test-app';
import { PROBE_URL, registerProbe } from './support/probe';

/**
 * Every route of issue 3 × { no token, expired token, user without the permission, user of another
 * organisation, permitted user } → 401 / 401 / 403 / 404 (or only their own data) / 2xx.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ register: registerProbe });
});
afterAll(() => t?.close());

type Req = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: Record<string, unknown> };

interface ProtectedRoute {
  name: string;
  /** The permission it needs, 'admin' for super-admin only, null for any signed-in user. */
  permission: Permission | 'admin' | null;
  /** Builds the request for a given caller (some bodies depend on who calls). */
  request(user: TestUser): Req | Promise<Req>;
  okStatus?: number;
}

const PROTECTED: ProtectedRoute[] = [
  { name: 'GET /api/users/me', permission: null, request: () => ({ method: 'GET', url: '/api/users/me' }) },
  {
    name: 'POST /api/auth/logout',
    permission: null,
    request: (u) => ({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: u.refreshToken } }),
  },
  {
    name: 'PUT /api/users/profile-update',
    permission: null,
    request: (u) => ({ method: 'PUT', url: '/api/users/profile-update', payload: { name: 'Renamed', email: u.email } }),
  },
  {
    name: 'PUT /api/users/profile-password-update',
    permission: null,
    request: (u) => ({
      method: 'PUT',
      url: '/api/users/profile-password-update',
      payload: { currentPassword: u.password, password: 'A-new-password-1', confirmPassword: 'A-new-password-1' },
    }),
  },
  { name: 'GET /api/roles', permission: 'get_role', request: () => ({ method: 'GET', url: '/api/roles' }) },
  {
    name: 'GET /api/roles/:id',
    permission: 'get_role',
    request: async (u) => ({ method: 'GET', url: `/api/roles/${await someRoleOf(u.organisationId)}` }),
  },
  { name: 'GET /api/websites', permission: 'get_websites', request: () => ({ method: 'GET', url: '/api/websites' }) },
  {
    name: 'POST /api/users/org',
    permission: 'create_user',
    okStatus: 201,
    request: async (u) => ({
      method: 'POST',
      url: '/api/users/org',
      payload: { name: 'Teammate', email: `mate-${randomId()}@example.test`, password: 'Teammate-pass-1', roles: [await someRoleOf(u.organisationId)] },
    }),
  },
  { name: 'GET /api/admin/users', permission: 'admin', request: () => ({ method: 'GET', url: '/api/admin/users' }) },
  { name: `GET ${PROBE_URL} (website)`, permission: 'get_websites', request: () => ({ method: 'GET', url: PROBE_URL }) },
];

async function someRoleOf(organisationId: string): Promise<string> {
  const { roles } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [role] = await t.ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.organisationId, organisationId)).limit(1);
  return role.id;
}

/** A user allowed to call the route (the admin case: a super-admin holding no permission at all). */
function permitted(route: ProtectedRoute) {
  if (route.permission === 'admin') return t.createUser({ superAdmin: true, permissions: [] });
  return t.createUser({ permissions: route.permission ? [route.permission] : [] });
}

/** A user lacking exactly what the route needs: every other permission, not super-admin. */
async function unpermitted(route: ProtectedRoute) {
  const { ALL_PERMISSIONS } = await import('contracts');
  return t.createUser({ permissions: ALL_PERMISSIONS.filter((p) => p !== route.permission) });
}

describe.each(PROTECTED)('$name', (route) => {
  test('no token → 401', async () => {
    const u = await permitted(route);
    const res = await t.request({ ...(await route.request(u)), headers: { activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  test('expired token → 401', async () => {
    const u = await permitted(route);
    const expired = await t.ctx.tokens.signAccessToken({ sub: u.id, org: u.organisationId, fid: u.familyId }, -60);
    const res = await t.request({ ...(await route.request(u)), headers: { ...bearer(expired), activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Your session has expired');
  });

  test('forged token (other secret) → 401', async () => {
    const u = await permitted(route);
    const [h, p] = u.accessToken.split('.');
    const res = await t.request({ ...(await route.request(u)), headers: { ...bearer(`${h}.${p}.AAAA`), activewebsite: u.websiteId } });
    expect(res.statusCode).toBe(401);
  });

  if (route.permission !== null) {
    test('user without the permission → 403', async () => {
      const u = await unpermitted(route);
      const res = await t.request({ ...(await route.request(u)), headers: u.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.any(String) });
    });
  }

  test('permitted user → 2xx', async () => {
    const u = await permitted(route);
    const res = await t.request({ ...(await route.request(u)), headers: u.headers });
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
    const foreign = await someRoleOf(a.organisationId);
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
  const PUBLIC: Req[] = [
    { method: 'GET', url: '/api/health' },
    { method: 'GET', url: '/api/auth/identity-provider/config' },
    { method: 'POST', url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'x' } },
    { method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: 'nope' } },
    { method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.test' } },
    { method: 'PUT', url: '/api/auth/reset-password', payload: { token: 'x', password: 'Abcdefgh-1', confirmPassword: 'Abcdefgh-1' } },
    { method: 'POST', url: '/api/auth/identity-provider', payload: { access_token: 'x' } },
    { method: 'PATCH', url: '/api/user/invitations/password?token=x', payload: { password: 'Abcdefgh-1', confirmPassword: 'Abcdefgh-1' } },
    { method: 'POST', url: `/api/email/${randomId()}/accept?token=x` },
  ];
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
    'GET /api/health',
    'GET /api/auth/identity-provider/config',
    'POST /api/auth/login',
    'POST /api/auth/refresh-token',
    'POST /api/auth/forgot-password',
    'PUT /api/auth/reset-password',
    'POST /api/auth/identity-provider',
    'PATCH /api/user/invitations/password',
    'POST /api/email/:id/accept',
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
