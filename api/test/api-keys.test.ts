import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Permission } from 'contracts';
import { apiKeys, roles, userRoles, websites } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { bearer, createTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * API keys: made with permissions the maker holds (never wider), shown once and kept as a hash,
 * authenticating `Authorization: Bearer spk_…` calls held to their permissions and website,
 * revoked at once, rotated with an overlap that ends.
 */
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ permissions: ALL_PERMISSIONS });
});
afterAll(() => t?.close());

type Made = { data: { _id: string; prefix: string; permissions: string[]; status: string; lastUsedAt: string | null; expiresAt: string | null }; key: string };

async function makeKey(by: TestUser, permissions: Permission[], name = 'Back office'): Promise<Made> {
  const res = await t.request({ method: 'POST', url: '/api/api-keys', headers: by.headers, payload: { name, permissions } });
  expect(res.statusCode).toBe(201);
  return res.json() as Made;
}

const withKey = (key: string, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { ...bearer(key), ...headers } });
const rowOf = async (id: string) => (await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, id)))[0];
const listed = async (by: TestUser) => (await t.request({ method: 'GET', url: '/api/api-keys', headers: by.headers })).json().data as Made['data'][];

describe('making a key', () => {
  test('answers the key once; the list shows only its prefix', async () => {
    const made = await makeKey(owner, ['get_people']);
    expect(made.key).toMatch(/^spk_[A-Za-z0-9_-]{43}$/);
    expect(made.data.prefix).toBe(made.key.slice(0, 12));
    expect(made.data.status).toBe('active');
    const list = await t.request({ method: 'GET', url: '/api/api-keys', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key.slice(12));
    expect(list.json().data.find((k: { _id: string }) => k._id === made.data._id)).toMatchObject({ name: 'Back office', permissions: ['get_people'] });
  });

  test('is hashed at rest: only its SHA-256 and its visible start are stored', async () => {
    const made = await makeKey(owner, ['get_people']);
    const row = await rowOf(made.data._id);
    expect(row.keyHash).toBe(sha256(made.key));
    expect(JSON.stringify(row)).not.toContain(made.key.slice(12));
  });

  test('a scope wider than what the maker holds is refused (403, nothing stored)', async () => {
    const maker = await t.createUser({ permissions: ['create_apiKeys', 'get_apiKeys', 'get_people'] });
    const before = (await listed(maker)).length;
    const res = await t.request({
      method: 'POST',
      url: '/api/api-keys',
      headers: maker.headers,
      payload: { name: 'Too wide', permissions: ['get_people', 'delete_people'] },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toContain('delete_people');
    expect((await listed(maker)).length).toBe(before);
    expect((await makeKey(maker, ['get_people'])).data.permissions).toEqual(['get_people']);
  });

  test('bad input answers 400 per field; a key never holds the key permissions', async () => {
    const res = await t.request({ method: 'POST', url: '/api/api-keys', headers: owner.headers, payload: { name: ' ', permissions: [] } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['name', 'permissions']);
    const keyMaking = await t.request({
      method: 'POST',
      url: '/api/api-keys',
      headers: owner.headers,
      payload: { name: 'Keys', permissions: ['create_apiKeys'] },
    });
    expect(keyMaking.statusCode).toBe(400);
    expect(keyMaking.json().errors).toHaveProperty(['permissions.0']);
  });
});

describe('calling with a key', () => {
  test('authenticates a call of its website with `Authorization: Bearer`, and records its last use', async () => {
    const made = await makeKey(owner, ['get_people']);
    expect(made.data.lastUsedAt).toBeNull();
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(200);
    expect((await withKey(made.key, '/api/people', { activewebsite: owner.websiteId })).statusCode).toBe(200);
    const row = await rowOf(made.data._id);
    expect(row.lastUsedAt).toBeInstanceOf(Date);
    expect((await listed(owner)).find((k) => k._id === made.data._id)!.lastUsedAt).toBe(row.lastUsedAt!.toISOString());
  });

  test('is held to its permissions', async () => {
    const made = await makeKey(owner, ['get_people']);
    expect((await withKey(made.key, '/api/webhooks')).statusCode).toBe(403);
    // Managing keys needs a person: a key cannot list, make or revoke keys.
    expect((await withKey(made.key, '/api/api-keys')).statusCode).toBe(403);
  });

  test('is held to its website: another website of the organisation answers 404', async () => {
    const [other] = await t.ctx.db.insert(websites).values({ organisationId: owner.organisationId, name: 'Other', domain: 'other.example.com' }).returning();
    const made = await makeKey(owner, ['get_people']);
    const res = await withKey(made.key, '/api/people', { activewebsite: other.id });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Other');
  });

  test('calls at the organisation level need a person (403)', async () => {
    const made = await makeKey(owner, ['get_role', 'get_people']);
    const res = await withKey(made.key, '/api/roles');
    expect(res.statusCode).toBe(403);
  });

  test('holds its permissions only as far as its maker still does', async () => {
    const maker = await t.createUser({ permissions: ['create_apiKeys', 'get_people', 'get_webhooks'] });
    const made = await makeKey(maker, ['get_people', 'get_webhooks']);
    expect((await withKey(made.key, '/api/webhooks')).statusCode).toBe(200);
    const [{ roleId }] = await t.ctx.db.select({ roleId: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, maker.id));
    await t.ctx.db
      .update(roles)
      .set({ permissions: ['create_apiKeys', 'get_people'] })
      .where(eq(roles.id, roleId));
    expect((await withKey(made.key, '/api/webhooks')).statusCode).toBe(403);
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(200);
  });

  test('an unknown key answers 401', async () => {
    const res = await withKey(`spk_${'A'.repeat(43)}`, '/api/people');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });
});

describe('revoking', () => {
  test('a revoked key is refused from the next call on (401)', async () => {
    const made = await makeKey(owner, ['get_people']);
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(200);
    const res = await t.request({ method: 'DELETE', url: `/api/api-keys/${made.data._id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    const refused = await withKey(made.key, '/api/people');
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe('This API key is not valid: unknown, revoked or expired');
    expect((await listed(owner)).find((k) => k._id === made.data._id)!.status).toBe('revoked');
  });

  test('a key of another website answers 404', async () => {
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    const made = await makeKey(owner, ['get_people']);
    const res = await t.request({ method: 'DELETE', url: `/api/api-keys/${made.data._id}`, headers: stranger.headers });
    expect(res.statusCode).toBe(404);
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(200);
  });
});

describe('rotating', () => {
  const rotate = (by: TestUser, id: string, overlapMinutes?: number) =>
    t.request({ method: 'POST', url: `/api/api-keys/${id}/rotate`, headers: by.headers, payload: overlapMinutes === undefined ? {} : { overlapMinutes } });

  test('the old key keeps working during the overlap, then is refused (401)', async () => {
    const made = await makeKey(owner, ['get_people']);
    const before = Date.now();
    const res = await rotate(owner, made.data._id, 30);
    expect(res.statusCode).toBe(201);
    const rotated = res.json() as Made & { previous: Made['data'] };
    expect(rotated.key).not.toBe(made.key);
    expect(rotated.data.permissions).toEqual(['get_people']);
    expect(rotated.previous.status).toBe('expiring');
    const ends = Date.parse(rotated.previous.expiresAt!);
    expect(ends).toBeGreaterThanOrEqual(before + 30 * 60_000);
    expect(ends).toBeLessThan(Date.now() + 30 * 60_000 + 1000);

    expect((await withKey(made.key, '/api/people')).statusCode).toBe(200);
    expect((await withKey(rotated.key, '/api/people')).statusCode).toBe(200);
    // The overlap ends (its time passes).
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(apiKeys.id, made.data._id));
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(401);
    expect((await withKey(rotated.key, '/api/people')).statusCode).toBe(200);
    expect((await listed(owner)).find((k) => k._id === made.data._id)!.status).toBe('expired');
  });

  test('with no overlap the old key stops at once; a rotated key is not rotated again (409)', async () => {
    const made = await makeKey(owner, ['get_people']);
    expect((await rotate(owner, made.data._id, 0)).statusCode).toBe(201);
    expect((await withKey(made.key, '/api/people')).statusCode).toBe(401);
    expect((await rotate(owner, made.data._id)).statusCode).toBe(409);
  });

  test('rotating needs every permission of the key (403, no new key)', async () => {
    const made = await makeKey(owner, ['get_people', 'delete_people']);
    const rotator = await t.createUser({ organisationId: owner.organisationId, permissions: ['create_apiKeys', 'get_apiKeys', 'get_people'] });
    const count = (await listed(owner)).length;
    const res = await rotate({ ...rotator, headers: { ...rotator.headers, activewebsite: owner.websiteId } }, made.data._id);
    expect(res.statusCode).toBe(403);
    expect((await listed(owner)).length).toBe(count);
  });

  test('a bad overlap answers 400 on the field', async () => {
    const made = await makeKey(owner, ['get_people']);
    const res = await rotate(owner, made.data._id, -1);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty('overlapMinutes');
  });
});

describe('rate limit', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ env: { API_KEY_REQUESTS_PER_MINUTE: '3' } });
  });
  afterAll(() => limited?.close());

  test('each key has its own calls a minute; past them 429 with Retry-After', async () => {
    const maker = await limited.createUser({ permissions: ALL_PERMISSIONS });
    const make = async () =>
      (await limited.request({ method: 'POST', url: '/api/api-keys', headers: maker.headers, payload: { name: 'Busy', permissions: ['get_people'] } })).json()
        .key as string;
    const [busy, other] = [await make(), await make()];
    const call = (key: string) => limited.request({ method: 'GET', url: '/api/people', headers: bearer(key) });
    // The counts are per minute window: start well inside one, so the four calls share it.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 10_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    for (let i = 0; i < 3; i++) expect((await call(busy)).statusCode).toBe(200);
    const refused = await call(busy);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(other)).statusCode).toBe(200);
    // A person's session is not counted against any key.
    expect((await limited.request({ method: 'GET', url: '/api/people', headers: maker.headers })).statusCode).toBe(200);
  });
});
