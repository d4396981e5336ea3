import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { ALL_PERMISSIONS } from 'contracts';
import { arbitraryOf, hostile, mutationsOf, type JsonSchema } from './support/fuzz-arbitrary';
import { bannerBody, checklistBody, emailBody, popupBody, pushBody, tourBody } from './support/campaigns';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { pendingInvitation } from './matrix/invitations';
import type { MatrixArea, ProtectedRoute, Req } from './matrix/types';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * Every write route (POST, PUT, PATCH, DELETE) of the OpenAPI document — the contract's schemas as
 * the API publishes them — gets FUZZ_RUNS generated bodies per seed, shaped by its schema with
 * hostile leaves (NUL, lone surrogates, deep nesting, huge numbers, prototype keys) or plain hostile
 * values, sent by a caller holding every permission (so handlers run past access control). Any 5xx,
 * and any exception while fuzzing a route, fails, with the body and the seed that caused it.
 *
 * Two seeds: a fixed one (the same bodies every run, so a regression is caught at once) and a new
 * random one each run (so the runs together cover more); both are printed, and FUZZ_SEED=<n>
 * replays a run's random seed.
 *
 * A route on one object ({id} in its path) is called on a real object of the caller's organisation,
 * built by the authorization matrix's own builders (test/matrix/*.ts), so the fuzzer reaches stored
 * data instead of a 404; after a 2xx other than an update (the object may have been deleted,
 * answered or cancelled) the next body gets a fresh object.
 */
const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const FIXED_SEED = 20261124;
const RANDOM_SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const SEEDS = [FIXED_SEED, RANDOM_SEED];

let t: TestApp;
let admin: TestUser;
let invitee: TestUser;
/** Another organisation (with a role to give) that invites `invitee`. */
let inviter: TestUser;
let websiteKey: string;
let doc: { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: JsonSchema }> } }>> };

// The matrix's routes, by name ("PUT /api/groups/:id"): each builds a request on the caller's own objects.
const MATRIX = new Map<string, ProtectedRoute>(
  readdirSync(path.join(__dirname, 'matrix'))
    .filter((f) => f.endsWith('.ts') && f !== 'types.ts')
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    .flatMap((f) => ((require(path.join(__dirname, 'matrix', f)) as MatrixArea).protectedRoutes ?? []).map((r) => [r.name, r] as const)),
);

/** A valid body per route (method and path), mutated one leaf at a time beside the generated ones. */
const VALID: Record<string, () => unknown> = {
  'POST /api/popups': () => popupBody(),
  'PUT /api/popups/{id}': () => popupBody(),
  'POST /api/banners': () => bannerBody(),
  'PUT /api/banners/{id}': () => bannerBody(),
  'POST /api/push-notification': () => pushBody(),
  'PUT /api/product-tours/{id}': () => tourBody(),
  'POST /api/check-list': () => checklistBody(),
  'PUT /api/check-list/{id}': () => checklistBody(),
  'POST /api/check-list/{id}/explain': () => ({ visitorId: 'fuzz-visitor', url: 'https://www.example.com/' }),
  'POST /api/product-tours/{id}/explain': () => ({ visitorId: 'fuzz-visitor', url: 'https://www.example.com/' }),
  'POST /api/emails': () => emailBody(),
  'PUT /api/emails/{id}': () => emailBody(),
  'POST /api/emails/preview': () => emailBody(),
  'POST /api/emails/recipients': () => ({ target: 'dynamic', dynamicAudience: { operator: 'and', predicates: [] } }),
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
  'POST /api/webhooks': () => ({ url: 'https://hooks.example.com/in', events: ['content.published'] }),
  'PATCH /api/webhooks/{id}': () => ({ url: 'https://hooks.example.com/in', events: ['answer.received'], enabled: true }),
  'POST /api/api-keys': () => ({ name: 'Fuzzed key', permissions: ['get_people', 'get_webhooks'] }),
  'POST /api/api-keys/{id}/rotate': () => ({ overlapMinutes: 5 }),
  'POST /api/popups/{id}/explain': () => ({ visitorId: 'fuzz-visitor', url: 'https://www.example.com/' }),
  'POST /api/banners/{id}/explain': () => ({ visitorId: 'fuzz-visitor', url: 'https://www.example.com/', device: 'mobile' }),
  'POST /api/push-notification/{id}/explain': () => ({ visitorId: 'fuzz-visitor', url: 'https://www.example.com/' }),
  'POST /api/people/{personId}/preview': () => ({ url: 'https://www.example.com/', device: 'mobile' }),
  'POST /api/public/{websiteKey}/events': () => ({
    events: [{ type: 'session', visitorId: 'fuzz-visitor', device: 'web', occurredAt: new Date().toISOString() }],
  }),
};

/** Routes on one object that the matrix builds no request for (public ones): their own builders. */
const EXTRA_BUILDERS: Record<string, (u: TestUser) => Promise<Req>> = {
  // An existing account accepts: an invitation to another user (accepting moves them, not the caller).
  'POST /api/email/{id}/accept': async () => {
    const inv = await pendingInvitation(t, inviter.organisationId, invitee.email);
    return { method: 'POST', url: `/api/email/${inv.id}/accept?token=${encodeURIComponent(inv.token)}` };
  },
  // A real recipient's unsubscribe link (the body must never matter).
  'POST /api/public/emails/unsubscribe/{token}': async (u) => {
    const { clientMembers, emailJobs } = await import('../src/db/schema');
    const { contentOf } = await import('./support/campaigns');
    const { newEmailToken } = await import('../src/stores/emails');
    const contentId = await contentOf(t, u, 'email');
    const [m] = await t.ctx.db
      .insert(clientMembers)
      .values({ websiteId: u.websiteId, memberId: `fuzz-${newEmailToken()}`, email: 'fuzz@example.test' })
      .returning();
    const token = newEmailToken();
    await t.ctx.db.insert(emailJobs).values({ websiteId: u.websiteId, contentId, clientMemberId: m.id, email: 'fuzz@example.test', token, status: 'sent' });
    return { method: 'POST', url: `/api/public/emails/unsubscribe/${token}` };
  },
  // The service worker's report of a delivered push: the token its message carried (the body must never matter).
  'POST /api/public/push/{token}/{what}': async (u) => {
    const { pushJobs } = await import('../src/db/schema');
    const { contentOf } = await import('./support/campaigns');
    const { newEmailToken } = await import('../src/stores/emails');
    const contentId = await contentOf(t, u, 'push');
    const token = newEmailToken();
    await t.ctx.db.insert(pushJobs).values({ websiteId: u.websiteId, contentId, visitorId: 'fuzz-visitor', token, status: 'sent' });
    return { method: 'POST', url: `/api/public/push/${token}/shown` };
  },
  // A visitor reads a conversation of theirs: the token the content call would give them.
  'POST /api/public/{websiteKey}/messenger/conversations/{id}/read': async () => {
    const { conversations } = await import('../src/db/schema');
    const { VisitorTokens } = await import('../src/services/visitor-tokens');
    const [c] = await t.ctx.db.insert(conversations).values({ websiteId: admin.websiteId, visitorId: 'fuzz-visitor' }).returning({ id: conversations.id });
    const token = await new VisitorTokens(t.config.authSecret).sign({ websiteId: admin.websiteId, visitorId: 'fuzz-visitor', personId: null });
    return { method: 'POST', url: `/api/public/${websiteKey}/messenger/conversations/${c.id}/read`, payload: { token } };
  },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.createUser({ superAdmin: true, permissions: ALL_PERMISSIONS });
  invitee = await t.createUser({ permissions: [] });
  inviter = await t.createUser({ permissions: ['get_posts'] });
  doc = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
  const { websites } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [site] = await t.ctx.db.select({ key: websites.publicKey }).from(websites).where(eq(websites.id, admin.websiteId));
  websiteKey = site.key;
  console.log(`fuzz seeds: ${FIXED_SEED} (fixed) and ${RANDOM_SEED} (this run's; replay it with FUZZ_SEED=${RANDOM_SEED}), ${FUZZ_RUNS} bodies per route each`);
});
afterAll(() => t?.close());

/** The caller's headers on a new session of their own. */
async function freshHeaders(): Promise<Record<string, string>> {
  const session = await t.ctx.tokens.startSession({ id: admin.id, organisationId: admin.organisationId });
  return { authorization: `Bearer ${session.access_token}`, activewebsite: admin.websiteId };
}

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function writeRoutes() {
  const routes: { method: Method; path: string; schema: JsonSchema | null }[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
      routes.push({ method: method.toUpperCase() as Method, path: p, schema: op.requestBody?.content?.['application/json']?.schema ?? null });
    }
  }
  return routes;
}

const routeName = (method: string, p: string) => `${method} ${p}`;
/** The matrix's spelling of a route: path parameters as `:id`. */
const matrixName = (method: string, p: string) => `${method} ${p.replace(/\{(\w+)\}/g, ':$1')}`;
/** Path parameters other than the public website key (which is the caller's website's key). */
const hasObjectParam = (p: string) => /\{(?!websiteKey\})\w+\}/.test(p);

/** A request on a fresh real object of the caller's organisation, for a route on one object; null when nothing builds one. */
async function realRequest(method: string, p: string): Promise<Req | null> {
  const extra = EXTRA_BUILDERS[routeName(method, p)];
  if (extra) return extra(admin);
  const route = MATRIX.get(matrixName(method, p));
  return route ? route.request(admin, t) : null;
}

test('the published write routes are all fuzzed (and there are many)', () => {
  expect(writeRoutes().length).toBeGreaterThanOrEqual(50);
});

test('every write route on one object has a builder of real objects', () => {
  const missing = writeRoutes()
    .filter((r) => hasObjectParam(r.path) && !EXTRA_BUILDERS[routeName(r.method, r.path)] && !MATRIX.has(matrixName(r.method, r.path)))
    .map((r) => routeName(r.method, r.path));
  expect(missing).toEqual([]);
});

test(
  `no write route answers 5xx to ${FUZZ_RUNS} generated bodies per seed, and routes on one object reach it`,
  async () => {
    const failures: string[] = [];
    /** Routes on one object that never answered a success or a conflict: the fuzzer never reached their data. */
    const neverReached: string[] = [];
    for (const route of writeRoutes()) {
      const name = routeName(route.method, route.path);
      const onObject = hasObjectParam(route.path);
      // The matrix's request of the route carries a valid body (with the caller's real ids in it) when VALID has none.
      const sample = MATRIX.has(matrixName(route.method, route.path)) || EXTRA_BUILDERS[name] ? await realRequest(route.method, route.path) : null;
      const validBody = VALID[name]?.() ?? sample?.payload;
      const generated = route.schema ? arbitraryOf(route.schema, doc) : hostile;
      // The valid body itself too: it reaches the stored object (an update, a conflict), which the mutated ones never do.
      const body = validBody !== undefined ? fc.oneof(generated, mutationsOf(validBody), fc.constant(validBody)) : generated;
      const statuses = new Set<number>();
      for (const seed of SEEDS) {
        // A new session each time: a route may end the caller's (sign-out), which must not leave the rest unfuzzed.
        const headers = await freshHeaders();
        let url = onObject ? (await realRequest(route.method, route.path))!.url : route.path.replace('{websiteKey}', websiteKey);
        try {
          await fc.assert(
            fc.asyncProperty(body, async (payload) => {
              const res = await t.request({
                method: route.method,
                url,
                headers: { ...headers, 'content-type': 'application/json' },
                payload: JSON.stringify(payload === undefined ? null : payload),
              });
              statuses.add(res.statusCode);
              if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode} ${res.body.slice(0, 200)}`);
              // A success may have used the object up (deleted, answered, cancelled; an update leaves it): the next body gets a new one.
              if (onObject && route.method !== 'PUT' && res.statusCode < 300) url = (await realRequest(route.method, route.path))!.url;
            }),
            { numRuns: FUZZ_RUNS, seed, endOnFailure: true },
          );
        } catch (err) {
          // A 5xx, or anything thrown while sending (a crash of the app, a builder that failed): both fail the test.
          failures.push(`${name} (seed ${seed}, replay with FUZZ_SEED=${seed}): ${String((err as Error).message).slice(0, 800)}`);
        }
      }
      if (onObject && ![...statuses].some((s) => s < 300 || s === 409)) neverReached.push(`${name} answered only ${[...statuses].join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(neverReached).toEqual([]);
  },
  scaled(240_000),
);

test(`the audit log's filters answer no 5xx to ${FUZZ_RUNS} generated queries per seed`, async () => {
  const headers = await freshHeaders();
  const value = fc.oneof(fc.string(), fc.constantFrom('\u0000', '\ud800', '-1', '1e309', '2026-13-40', 'role.created', admin.id), fc.integer().map(String));
  const query = fc.record({ page: value, pageSize: value, actor: value, action: value, objectType: value, from: value, to: value }, { requiredKeys: [] });
  for (const seed of SEEDS) {
    await fc.assert(
      fc.asyncProperty(query, async (q) => {
        const res = await t.request({ method: 'GET', url: '/api/audit-log', query: q, headers });
        if (res.statusCode >= 500) throw new Error(`answered ${res.statusCode} to ${JSON.stringify(q)}: ${res.body.slice(0, 200)}`);
      }),
      { numRuns: FUZZ_RUNS, seed, endOnFailure: true },
    );
  }
});
