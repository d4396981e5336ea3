import fc from 'fast-check';
import { ALL_PERMISSIONS } from 'contracts';
import { arbitraryOf, hostile, mutationsOf, type JsonSchema } from './support/fuzz-arbitrary';
import { bannerBody, popupBody, pushBody } from './support/campaigns';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * Issue 10: every write route (POST, PUT, PATCH, DELETE) of the OpenAPI document — the contract's
 * schemas as the API publishes them — gets at least FUZZ_RUNS generated bodies, shaped by its
 * schema with hostile leaves (NUL, lone surrogates, deep nesting, huge numbers, prototype keys) or
 * plain hostile values, sent by a caller holding every permission (so handlers run past access
 * control). Any 5xx fails, with the body that caused it.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 200);

let t: TestApp;
let admin: TestUser;
let doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>> };
/** Real ids for path parameters, by the first segment after /api/, so handlers reach their data. */
const realIds: Record<string, string> = {};

/** A valid body per route (method and path), mutated one leaf at a time beside the generated ones. */
const VALID: Record<string, () => unknown> = {
  'POST /api/popups': () => popupBody(),
  'PUT /api/popups/{id}': () => popupBody(),
  'POST /api/banners': () => bannerBody(),
  'PUT /api/banners/{id}': () => bannerBody(),
  'POST /api/push-notification': () => pushBody(),
  'POST /api/roles': () => ({ name: 'Fuzzed role', permissions: ['get_posts'] }),
  'PUT /api/roles/{id}': () => ({ name: 'Fuzzed role', permissions: ['get_posts'] }),
  'POST /api/tags': () => ({ name: 'Fuzzed tag', color: '#0958d9' }),
  'POST /api/workspaces': () => ({ name: 'Fuzzed workspace', icon: 'folder', service: 'popup' }),
  'POST /api/attributes': () => ({ name: 'fuzzed', type: 'string' }),
  'POST /api/groups': () => ({ name: 'Fuzzed group', members: [] }),
  'POST /api/segment': () => ({ name: 'Fuzzed segment', audience: { operator: 'and', predicates: [] } }),
  'POST /api/websites': () => ({ name: 'Fuzzed site', domain: 'fuzzed.example.com' }),
  'PUT /api/users/profile-update': () => ({ name: 'Fuzzed name' }),
  'POST /api/auth/forgot-password': () => ({ email: 'fuzz@example.test' }),
  'POST /api/public/{websiteKey}/identify': () => ({ visitorId: 'fuzz-visitor', externalId: 'fuzz-member', name: 'Fuzz', attributes: {} }),
  'PUT /api/websites/{id}/settings': () => ({ interruptionsPerDay: 3 }),
  'POST /api/public/{websiteKey}/events': () => ({
    events: [{ type: 'session', visitorId: 'fuzz-visitor', device: 'web', occurredAt: new Date().toISOString() }],
  }),
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ superAdmin: true, permissions: ALL_PERMISSIONS });
  doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  const created = await t.request({ method: 'POST', url: '/api/popups', headers: admin.headers, payload: popupBody() });
  realIds.popups = created.json().data._id;
  const role = await t.request({ method: 'POST', url: '/api/roles', headers: admin.headers, payload: { name: 'Fuzz role', permissions: ['get_posts'] } });
  realIds.roles = role.json().data?._id ?? role.json()._id;
  const { websites } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [site] = await t.ctx.db.select({ key: websites.publicKey }).from(websites).where(eq(websites.id, admin.websiteId));
  realIds.websiteKey = site.key;
  realIds.websites = admin.websiteId;
});
afterAll(() => t?.close());

function writeRoutes() {
  const routes: { method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; schema: JsonSchema | null }[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({ method: method.toUpperCase() as 'POST', path, schema: op.requestBody?.content?.['application/json']?.schema ?? null });
    }
  }
  return routes;
}

function urlOf(path: string): string {
  const area = path.split('/')[2];
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'websiteKey') return realIds.websiteKey;
    if (name === 'type') return 'accept';
    return realIds[area] ?? '00000000-0000-4000-8000-000000000000';
  });
}

test('the published write routes are all fuzzed (and there are many)', () => {
  expect(writeRoutes().length).toBeGreaterThanOrEqual(50);
});

test(`no write route answers 5xx to ${FUZZ_RUNS} generated bodies each`, async () => {
  const failures: string[] = [];
  for (const route of writeRoutes()) {
    const generated = route.schema ? arbitraryOf(route.schema, doc) : hostile;
    const valid = VALID[`${route.method} ${route.path}`];
    const body = valid ? fc.oneof(generated, mutationsOf(valid())) : generated;
    const url = urlOf(route.path);
    await fc
      .assert(
        fc.asyncProperty(body, async (payload) => {
          const res = await t.request({
            method: route.method,
            url,
            headers: { ...admin.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(payload === undefined ? null : payload),
          });
          if (res.statusCode >= 500)
            failures.push(`${route.method} ${route.path} → ${res.statusCode} ${res.body.slice(0, 200)} for ${JSON.stringify(payload)?.slice(0, 300)}`);
          return res.statusCode < 500;
        }),
        { numRuns: FUZZ_RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261124), endOnFailure: true },
      )
      .catch(() => {});
  }
  expect(failures).toEqual([]);
}, 120_000);
