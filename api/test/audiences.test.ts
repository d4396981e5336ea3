import { eq } from 'drizzle-orm';
import type { AudienceGroup } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { attributes, clientMembers, segments, websites } from '../src/db/schema';
import { segmentOf } from './matrix/audiences';
import { compileAudience } from '../src/stores/audience-compiler';
import { scaled } from '../../tooling/test-time-scale.cjs';

/** Dynamic audiences (POST /api/clients) and segments: behaviour beyond the authorization matrix. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser(
  { permissions: ['get_members', 'create_segment', 'update_segment', 'delete_segment', 'create_attributes'] },
  (testApp, testUser) => ([t, owner] = [testApp, testUser]),
);

type Member = typeof clientMembers.$inferInsert;
type Row = { _id: string; memberId: string };
const clients = (u: TestUser, body: unknown, query = '', headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: `/api/clients${query}`, payload: body as object, headers: { ...u.headers, ...headers } });
const cond = (attribute: string, comparison: string, selectedValue: unknown = null) => ({ attribute, comparison, selectedValue });
const and = (...predicates: unknown[]) => ({ operator: 'and' as const, predicates }) as AudienceGroup;
const or = (...predicates: unknown[]) => ({ operator: 'or' as const, predicates }) as AudienceGroup;

/** Inserts people in chunks (one statement per 2,000 rows keeps under the bind-parameter limit). */
async function insertMembers(rows: Member[]) {
  for (let i = 0; i < rows.length; i += 2000) await t.ctx.db.insert(clientMembers).values(rows.slice(i, i + 2000));
}

/** Every page of an audience, pageSize 1000, with the totalDocs each page reported. */
async function allPages(u: TestUser, body: unknown) {
  const ids: string[] = [];
  const totals = new Set<number>();
  for (let page = 1; page < 100; page++) {
    const res = await clients(u, body, `?page=${page}&pageSize=1000`);
    expect(res.statusCode).toBe(200);
    const { docs, meta } = res.json();
    ids.push(...docs.map((d: Row) => d.memberId));
    totals.add(meta.totalDocs);
    if (!meta.hasMore) break;
  }
  return { ids, totals: [...totals] };
}

describe('POST /api/clients over 10,000 people', () => {
  const STATES = ['active', 'inactive', 'trial', null, 'active'];
  const DIVISIONS = ['north', 'south', 'east', 'west', null, 'North'];
  const base = Date.UTC(2025, 0, 1);
  // Deterministic and varied: some vip- (and VIP-) ids, decoys with "vip-" inside, null fields.
  const people = Array.from({ length: 10_000 }, (_, i) => {
    const memberId = i % 13 === 0 ? `vip-${i}` : i % 47 === 0 ? `VIP-${i}` : i % 31 === 0 ? `x-vip-${i}` : `cus-${i}`;
    return {
      memberId,
      username: `person${i}`,
      state: STATES[(i * 3) % STATES.length],
      division: DIVISIONS[(i * 7 + Math.floor(i / 5)) % DIVISIONS.length],
      domain: 'big.example.test',
      createdAt: new Date(base + i * 1000),
    };
  });
  const mustShow = or(
    and(cond('state', 'is', 'active'), or(cond('division', 'is', 'north'), cond('division', 'is', 'south'))),
    cond('memberId', 'starts_with', 'vip-'),
  );
  let u: TestUser;

  beforeAll(async () => {
    u = await t.createUser({ permissions: ['get_members', 'create_segment', 'update_segment', 'delete_segment', 'create_attributes'] });
    await insertMembers(people.map((p) => ({ ...p, websiteId: u.websiteId })));
    // People of another organisation who match the tree too: never part of the answer.
    const other = await t.createOrganisation();
    await insertMembers(people.slice(0, 500).map((p) => ({ ...p, websiteId: other.websiteId })));
  }, scaled(120_000));

  test(
    '(state = active AND (division = north OR south)) OR memberId starts with vip-: exactly the people a direct computation selects, newest first',
    async () => {
      // starts_with is case-insensitive (as every search of the console); `is` is exact ("North" ≠ "north").
      const expected = people
        .map((p, i) => ({ ...p, i }))
        .filter((p) => (p.state === 'active' && (p.division === 'north' || p.division === 'south')) || p.memberId.toLowerCase().startsWith('vip-'))
        .sort((a, b) => b.i - a.i)
        .map((p) => p.memberId);
      expect(expected.length).toBeGreaterThan(1500);
      expect(expected.some((id) => id.startsWith('VIP-'))).toBe(true);
      const { ids, totals } = await allPages(u, mustShow);
      expect(totals).toEqual([expected.length]);
      expect(ids).toEqual(expected);
    },
    scaled(60_000),
  );

  test('an empty tree selects everyone; name narrows on member id or username; paging meta', async () => {
    const all = await clients(u, and(), '?pageSize=5');
    expect(all.json().meta).toEqual({ totalDocs: 10_000, page: 1, limit: 5, hasMore: true, nextPage: 2 });
    expect(all.json().docs.map((d: Row) => d.memberId)).toEqual(
      people
        .slice(-5)
        .reverse()
        .map((p) => p.memberId),
    );
    expect(all.json().docs[0]).toEqual({
      _id: expect.any(String),
      memberId: 'cus-9999',
      username: 'person9999',
      division: people[9999].division,
      state: people[9999].state,
      domain: 'big.example.test',
    });
    const emptyOr = await clients(u, or(and()), '?pageSize=1');
    expect(emptyOr.json().meta.totalDocs).toBe(10_000);
    const named = await clients(u, mustShow, `?name=${encodeURIComponent('person123')}&pageSize=50`);
    const expected = people
      .filter((p) => p.username.includes('person123'))
      .filter((p) => (p.state === 'active' && ['north', 'south'].includes(p.division!)) || p.memberId.toLowerCase().startsWith('vip-'));
    expect(named.json().meta.totalDocs).toBe(expected.length);
    const last = await clients(u, and(), '?page=2000&pageSize=5');
    expect(last.json().docs.map((d: Row) => d.memberId)).toEqual(['cus-4', 'cus-3', 'cus-2', 'cus-1', 'vip-0']);
    expect(last.json().docs.map((d: Row) => d.memberId)).toEqual(
      people
        .slice(0, 5)
        .reverse()
        .map((p) => p.memberId),
    );
    expect(last.json().meta.hasMore).toBe(false);
  });
});

describe('POST /api/clients over people-data attributes', () => {
  let u: TestUser;
  beforeAll(async () => {
    u = await t.createUser({ permissions: ['get_members', 'create_segment', 'update_segment', 'delete_segment', 'create_attributes'] });
    await t.ctx.db.insert(attributes).values([
      { websiteId: u.websiteId, name: 'visits', type: 'number' },
      { websiteId: u.websiteId, name: 'newsletter', type: 'boolean' },
      { websiteId: u.websiteId, name: 'signup', type: 'date' },
      { websiteId: u.websiteId, name: 'plan', type: 'string' },
    ]);
    // What scripts really send: numbers as strings, bad dates, wrong types, JSON nulls, nothing.
    await insertMembers(
      (
        [
          ['a', { visits: 5, newsletter: true, signup: '2024-03-01', plan: 'pro' }],
          ['b', { visits: 12.5, newsletter: false, signup: '2024-03-02T23:30:00Z', plan: 'Free' }],
          ['c', { visits: '42', newsletter: 'true', signup: '2023-12-31', plan: '50%_off' }],
          ['d', { visits: 'lots', newsletter: 'yes', signup: '2024-02-31', plan: null }],
          ['e', { visits: -3, signup: 'soon' }],
          ['f', {}],
        ] as const
      ).map(([memberId, attrs], i) => ({ websiteId: u.websiteId, memberId, attributes: attrs, createdAt: new Date(Date.UTC(2025, 5, 10 + i, 12)) })),
    );
  });

  const ids = async (body: unknown) => {
    const res = await clients(u, body, '?pageSize=100');
    expect(res.statusCode).toBe(200);
    return res
      .json()
      .docs.map((d: Row) => d.memberId)
      .sort()
      .join('');
  };

  test('numbers compare numerically; values that are not numbers match no comparison', async () => {
    expect(await ids(and(cond('visits', 'greater_than', 5)))).toBe('bc');
    expect(await ids(and(cond('visits', 'at_least', 5)))).toBe('abc');
    expect(await ids(and(cond('visits', 'less_than', '12.5')))).toBe('ae');
    expect(await ids(and(cond('visits', 'at_most', 12.5)))).toBe('abe');
    expect(await ids(and(cond('visits', 'is', 42)))).toBe('c');
    // "is not" also keeps those without a number, so is / is not split everyone in two.
    expect(await ids(and(cond('visits', 'is_not', 42)))).toBe('abdef');
    expect(await ids(and(cond('visits', 'is_set')))).toBe('abcde');
    expect(await ids(and(cond('visits', 'is_not_set')))).toBe('f');
  });

  test('booleans: true / false (JSON or text), set / not set', async () => {
    expect(await ids(and(cond('newsletter', 'is_true')))).toBe('ac');
    expect(await ids(and(cond('newsletter', 'is_false')))).toBe('b');
    expect(await ids(and(cond('newsletter', 'is_not_set')))).toBe('ef');
  });

  test('dates compare by calendar day; an impossible stored date is no date, never an error', async () => {
    expect(await ids(and(cond('signup', 'is', '2024-03-02')))).toBe('b');
    expect(await ids(and(cond('signup', 'before', '2024-03-02')))).toBe('ac');
    expect(await ids(and(cond('signup', 'after', '2024-03-01T10:00:00Z')))).toBe('b');
    expect(await ids(and(cond('signup', 'is_set')))).toBe('abcde');
    expect(await ids(and(cond('createdAt', 'is', '2025-06-11')))).toBe('b');
    expect(await ids(and(cond('createdAt', 'before', '2025-06-12')))).toBe('ab');
    expect(await ids(and(cond('createdAt', 'after', '2025-06-13')))).toBe('ef');
  });

  test('strings: exact is, case-insensitive contains / starts / ends with wildcards taken literally, negations keep the unset', async () => {
    expect(await ids(and(cond('plan', 'is', 'pro')))).toBe('a');
    expect(await ids(and(cond('plan', 'contains', 'FREE')))).toBe('b');
    expect(await ids(and(cond('plan', 'contains', '%')))).toBe('c');
    expect(await ids(and(cond('plan', 'contains', '_')))).toBe('c');
    expect(await ids(and(cond('plan', 'starts_with', 'p')))).toBe('a');
    expect(await ids(and(cond('plan', 'ends_with', 'off')))).toBe('c');
    expect(await ids(and(cond('plan', 'not_contains', 'r')))).toBe('cdef');
    expect(await ids(and(cond('plan', 'is_not', 'pro')))).toBe('bcdef');
    expect(await ids(and(cond('plan', 'is_not_set')))).toBe('def');
    // A value full of SQL is only ever a value.
    expect(await ids(and(cond('plan', 'is', "pro'; drop table client_members; --")))).toBe('');
    expect(await ids(or(cond('memberId', 'is', 'a'), and(cond('plan', 'is_set'), cond('visits', 'greater_than', 10))))).toBe('abc');
  });

  test('an attribute of another website is unknown here', async () => {
    const other = await t.createUser({ permissions: ['get_members', 'create_segment', 'update_segment', 'delete_segment', 'create_attributes'] });
    const res = await clients(other, and(cond('visits', 'greater_than', 1)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'predicates.0.attribute': 'Unknown attribute' });
  });
});

describe('compileAudience', () => {
  test('every value and attribute name is a bound parameter, never SQL text', () => {
    const evil = "x'); drop table client_members; --";
    const where = compileAudience(
      and(
        cond('state', 'is', evil),
        cond('plan', 'contains', '50%_'),
        cond('visits', 'at_least', 3),
        cond('signup', 'before', '2024-01-02'),
        cond('newsletter', 'is_true'),
      ),
      new Map([
        ['plan', 'string'],
        ['visits', 'number'],
        ['signup', 'date'],
        ['newsletter', 'boolean'],
      ] as const),
    );
    const query = t.ctx.db.select().from(clientMembers).where(where).toSQL();
    expect(query.sql).not.toContain('drop table');
    expect(query.sql).not.toContain('plan');
    expect(query.sql).not.toContain('2024-01-02');
    expect(query.params).toEqual(expect.arrayContaining([evil, '%50\\%\\_%', 'plan', 'visits', 3, 'signup', '2024-01-02', 'newsletter']));
  });

  test('an empty group is everyone, at any depth', () => {
    const query = t.ctx.db
      .select()
      .from(clientMembers)
      .where(compileAudience(or(and(), or()), new Map()))
      .toSQL();
    expect(query.sql).toMatch(/where \(true or true\)$/);
  });
});

describe('POST /api/clients validation', () => {
  const errorsOf = async (body: unknown, headers: Record<string, string> = {}) => {
    const res = await clients(owner, body, '', headers);
    expect(res.statusCode).toBe(400);
    return res.json().errors;
  };
  beforeAll(async () => {
    await t.ctx.db.insert(attributes).values({ websiteId: owner.websiteId, name: 'age', type: 'number' });
  });

  test('each faulty condition gets its own message at its path in the tree', async () => {
    expect(await errorsOf(and(cond('nope', 'is', 'x')))).toEqual({ 'predicates.0.attribute': 'Unknown attribute' });
    expect(await errorsOf(and(cond('state', 'greater_than', 'x')))).toEqual({ 'predicates.0.comparison': 'This comparison does not fit the attribute type' });
    expect(await errorsOf(and(cond('age', 'contains', '1')))).toEqual({ 'predicates.0.comparison': 'This comparison does not fit the attribute type' });
    expect(await errorsOf(and(cond('state', 'is', '  ')))).toEqual({ 'predicates.0.selectedValue': 'Please enter value' });
    expect(await errorsOf(and(cond('age', 'is', 'ten')))).toEqual({ 'predicates.0.selectedValue': 'Please enter a number' });
    expect(await errorsOf(and(cond('createdAt', 'before', '2024-02-30')))).toEqual({ 'predicates.0.selectedValue': 'Please enter a valid date' });
    expect(await errorsOf(or(cond('state', 'is', 'a'), and(cond('state', 'is', 'b'), cond('age', 'is_true'))))).toEqual({
      'predicates.1.predicates.1.comparison': 'This comparison does not fit the attribute type',
    });
    expect(await errorsOf(and(cond('', 'is', 'x'), or(cond('state', 'bigger', 'x'))))).toEqual({
      'predicates.0.attribute': 'Please select attribute',
      'predicates.1.predicates.0.comparison': 'Please select comparison',
    });
    expect(await errorsOf({ operator: 'xor', predicates: [] })).toEqual({ operator: expect.any(String) });
    const deep = and(and(and(and(and(cond('state', 'is', 'x'))))));
    expect(Object.values(await errorsOf(deep))).toEqual(['At most 4 levels of groups']);
    expect(await errorsOf(and(cond('nope', 'is', 'x')), { 'accept-language': 'fr' })).toEqual({ 'predicates.0.attribute': 'Attribut inconnu' });
  });
});

describe('segments', () => {
  let u: TestUser;
  const name = () => `Segment ${randomId().slice(0, 8)}`;
  const active = and(cond('state', 'is', 'active'));
  beforeAll(async () => {
    u = await t.createUser({ permissions: ['create_segment', 'update_segment', 'delete_segment', 'create_attributes'] });
  });
  const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.request({ method, url, payload, headers: { ...u.headers, ...headers } });

  test('create, list newest first with a name filter, update, delete', async () => {
    const first = await req('POST', '/api/segment', { name: ' Active people ', audience: active });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      message: 'Segment created successfully',
      data: {
        _id: expect.any(String),
        name: 'Active people',
        audience: { operator: 'and', predicates: [{ attribute: 'state', comparison: 'is', selectedValue: 'active' }] },
        createdAt: expect.any(String),
      },
    });
    const second = (await req('POST', '/api/segment', { name: '50% VIPs', audience: or(cond('memberId', 'starts_with', 'vip-')) })).json().data;
    const list = await req('GET', '/api/segment');
    expect(list.json().meta.totalDocs).toBe(2);
    expect(list.json().docs.map((s: { _id: string }) => s._id)).toEqual([second._id, first.json().data._id]);
    const filtered = await req('GET', `/api/segment?name=${encodeURIComponent('%')}`);
    expect(filtered.json().docs.map((s: { name: string }) => s.name)).toEqual(['50% VIPs']);

    const updated = await req('PUT', '/api/segment', { _id: second._id, name: 'VIPs', audience: and() });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({
      message: 'Segment updated successfully',
      data: { ...second, name: 'VIPs', audience: { operator: 'and', predicates: [] } },
    });

    const deleted = await req('DELETE', `/api/segment/${second._id}`);
    expect(deleted.json()).toEqual({ message: 'Segment deleted successfully' });
    expect((await req('DELETE', `/api/segment/${second._id}`)).statusCode).toBe(404);
    expect((await req('GET', '/api/segment')).json().meta.totalDocs).toBe(1);
  });

  test('a duplicate name (any case) answers 409 on name, on create and on rename; another website may reuse it', async () => {
    const n = name();
    expect((await req('POST', '/api/segment', { name: n, audience: active })).statusCode).toBe(201);
    const again = await req('POST', '/api/segment', { name: n.toUpperCase(), audience: active });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A segment with this name already exists', errors: { name: 'A segment with this name already exists' } });
    const otherId = await segmentOf(t, u);
    const rename = await req('PUT', '/api/segment', { _id: otherId, name: n, audience: active });
    expect(rename.statusCode).toBe(409);
    const fr = await req('POST', '/api/segment', { name: n, audience: active }, { 'accept-language': 'fr' });
    expect(fr.json().errors).toEqual({ name: 'Un segment porte déjà ce nom' });
    const [site] = await t.ctx.db
      .insert(websites)
      .values({ organisationId: u.organisationId, name: 'Second', domain: `second-${randomId()}.example.test` })
      .returning();
    expect((await req('POST', '/api/segment', { name: n, audience: active }, { activewebsite: site.id })).statusCode).toBe(201);
    // The second website sees only its own segment, and cannot touch the first website's.
    expect((await req('GET', '/api/segment', undefined, { activewebsite: site.id })).json().meta.totalDocs).toBe(1);
    expect((await req('DELETE', `/api/segment/${otherId}`, undefined, { activewebsite: site.id })).statusCode).toBe(404);
  });

  test('validation: name and the tree, checked against the website’s attributes, messages on their fields', async () => {
    const blank = await req('POST', '/api/segment', { name: ' ', audience: active });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ name: 'Please enter name' });
    const unknown = await req('POST', '/api/segment', { name: name(), audience: and(cond('visits', 'greater_than', 3)) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'audience.predicates.0.attribute': 'Unknown attribute' });
    const noId = await req('PUT', '/api/segment', { _id: 'nope', name: name(), audience: active });
    expect(noId.json().errors).toEqual({ _id: 'Please select segment' });
    const missing = await req('PUT', '/api/segment', { _id: randomId(), name: name(), audience: active });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Segment not found' });
    const count = await t.ctx.db.$count(segments, eq(segments.websiteId, u.websiteId));
    expect(count).toBeGreaterThan(0);
  });

  test('another organisation’s segment answers 404 and stays as it was', async () => {
    const id = await segmentOf(t, owner, 'Theirs');
    const put = await req('PUT', '/api/segment', { _id: id, name: 'Mine now', audience: active });
    expect(put.statusCode).toBe(404);
    const [row] = await t.ctx.db.select().from(segments).where(eq(segments.id, id));
    expect(row.name).toBe('Theirs');
    expect((await req('GET', '/api/segment')).json().docs.some((s: { _id: string }) => s._id === id)).toBe(false);
  });
});
