import { eq } from 'drizzle-orm';
import { LIMITS } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { clientMembers, groupMembers, groups, websites } from '../src/db/schema';
import { DEMO_WEBSITE, seedDatabase } from '../src/db/seed';
import { demoMembers, seedDemoMembers } from '../src/db/seed-demo-members';
import { TEST_ADMIN } from './support/constants';
import { groupOf, membersOf } from './matrix/groups';

/** Groups and client members: behaviour beyond the authorization matrix. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser(
  { permissions: ['get_group', 'create_group', 'update_group', 'delete_group', 'get_members'] },
  (testApp, testUser) => ([t, owner] = [testApp, testUser]),
);

const groupName = () => `Group ${randomId().slice(0, 8)}`;
const create = (u: TestUser, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url: '/api/groups', payload: payload as object, headers: { ...u.headers, ...headers } });

describe('demo people', () => {
  test('the seed gives the demo website 60 deterministic people, and seeding again adds none', async () => {
    const [demo] = await t.ctx.db.select().from(websites).where(eq(websites.domain, DEMO_WEBSITE.domain));
    const rows = await t.ctx.db.select().from(clientMembers).where(eq(clientMembers.websiteId, demo.id));
    expect(rows).toHaveLength(60);
    expect(rows.map((r) => r.memberId).sort()).toEqual(
      demoMembers()
        .map((m) => m.memberId)
        .sort(),
    );
    expect(rows.filter((r) => r.memberId.startsWith('vip-'))).toHaveLength(6);
    expect(new Set(rows.map((r) => r.division))).toEqual(new Set(['north', 'south', 'east', 'west']));
    expect(new Set(rows.map((r) => r.state))).toEqual(new Set(['active', 'inactive', 'trial']));
    expect(new Set(rows.map((r) => r.username)).size).toBe(60);
    expect(rows.every((r) => r.domain === 'demo.signpost.local')).toBe(true);
    expect(demoMembers()).toEqual(demoMembers());
    expect(await seedDemoMembers(t.ctx.db, demo.id)).toBe(0);
    expect(await seedDatabase(t.ctx.db, TEST_ADMIN)).toBe(false);
    expect(await t.ctx.db.$count(clientMembers, eq(clientMembers.websiteId, demo.id))).toBe(60);
  });
});

describe('GET /api/client-members', () => {
  test('lists the active website’s people, newest first, searched by member id, username or e-mail', async () => {
    const u = await t.createUser({ permissions: ['get_members'] });
    await t.ctx.db.insert(clientMembers).values([
      { websiteId: u.websiteId, memberId: 'cus-1', username: 'alice', division: 'north', state: 'active', domain: 'x.test', email: 'a.liddell@wonder.example' },
      { websiteId: u.websiteId, memberId: 'vip-7', username: 'bob', division: 'south', state: 'trial', domain: 'x.test' },
    ]);
    await membersOf(t, owner.websiteId, 3); // another organisation's people: never listed
    const all = await t.request({ method: 'GET', url: '/api/client-members', headers: u.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().meta).toEqual({ totalDocs: 2, page: 1, limit: 10, hasMore: false, nextPage: null });
    expect(all.json().docs[0]).toEqual({
      _id: expect.any(String),
      memberId: 'cus-1',
      username: 'alice',
      division: 'north',
      state: 'active',
      domain: 'x.test',
      reach: { email: 'subscribed', pushSubscriptions: 0 },
    });
    for (const [search, expected] of [
      ['VIP', ['vip-7']],
      ['ali', ['cus-1']],
      ['WONDER.example', ['cus-1']],
      ['%', []],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/api/client-members?search=${encodeURIComponent(search)}`, headers: u.headers });
      expect(res.json().docs.map((d: { memberId: string }) => d.memberId)).toEqual(expected);
    }
  });
});

describe('POST /api/groups', () => {
  test('creates a group of the active website: 201, listed first with its member count, readable', async () => {
    const members = await membersOf(t, owner.websiteId, 3);
    const name = groupName();
    const res = await create(owner, { name: ` ${name} `, members });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Group created successfully',
      data: { _id: expect.any(String), name, members: expect.any(Array), membersCount: 3, createdAt: expect.any(String) },
    });
    expect([...body.data.members].sort()).toEqual([...members].sort());
    const list = await t.request({ method: 'GET', url: '/api/groups', headers: owner.headers });
    const { members: _ids, ...row } = body.data;
    expect(list.json().docs[0]).toEqual(row);
    const one = await t.request({ method: 'GET', url: `/api/groups/${body.data._id}`, headers: owner.headers });
    expect(one.json()).toEqual({ data: body.data });
  });

  test('the members error is on `members`: empty, missing, malformed, repeated, unknown, another website’s', async () => {
    const own = await membersOf(t, owner.websiteId, 1);
    const other = await t.createUser({ permissions: [] });
    const foreign = await membersOf(t, other.websiteId, 1);
    const cases: [unknown, string][] = [
      [[], 'Please select at least one member'],
      [undefined, 'Please select at least one member'],
      [['nope'], 'Some selected members are not people of this website'],
      [[own[0], own[0]], 'Each member may appear only once'],
      [[own[0], randomId()], 'Some selected members are not people of this website'],
      [[own[0], foreign[0]], 'Some selected members are not people of this website'],
    ];
    for (const [members, message] of cases) {
      const res = await create(owner, { name: groupName(), members });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ members: message });
    }
    const blank = await create(owner, { name: '  ', members: own });
    expect(blank.json().errors).toEqual({ name: 'Please enter name' });
    // A group's own wording, not a role's, with the limit of LIMITS.
    const long = await create(owner, { name: 'g'.repeat(LIMITS.nameMax + 1), members: own });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual({ name: `Group name must be at most ${LIMITS.nameMax} characters` });
    const longFr = await create(owner, { name: 'g'.repeat(LIMITS.nameMax + 1), members: own }, { 'accept-language': 'fr' });
    expect(longFr.json().errors).toEqual({ name: `Le nom du groupe doit comporter au plus ${LIMITS.nameMax} caractères` });
    expect((await create(owner, { name: `${groupName()} `.padEnd(LIMITS.nameMax, 'g'), members: own })).statusCode).toBe(201);
    const fr = await create(owner, { name: groupName(), members: [] }, { 'accept-language': 'fr' });
    expect(fr.json().errors).toEqual({ members: 'Veuillez sélectionner au moins un membre' });
  });

  test('a name already used on the website, in any case, answers 409 on `name`; another website may reuse it', async () => {
    const members = await membersOf(t, owner.websiteId, 1);
    const name = groupName();
    expect((await create(owner, { name, members })).statusCode).toBe(201);
    const again = await create(owner, { name: name.toUpperCase(), members });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'A group with this name already exists', errors: { name: 'A group with this name already exists' } });
    // A second website of the same organisation has its own names and its own people.
    const [site] = await t.ctx.db
      .insert(websites)
      .values({ organisationId: owner.organisationId, name: 'Second', domain: `second-${randomId()}.example.test` })
      .returning();
    const siteMembers = await membersOf(t, site.id, 1);
    const headers = { activewebsite: site.id };
    expect((await create(owner, { name, members: siteMembers }, headers)).statusCode).toBe(201);
    const crossed = await create(owner, { name: groupName(), members }, headers);
    expect(crossed.json().errors).toEqual({ members: 'Some selected members are not people of this website' });
    const listed = await t.request({ method: 'GET', url: '/api/groups', headers: { ...owner.headers, ...headers } });
    expect(listed.json().meta.totalDocs).toBe(1);
  });
});

describe('PUT /api/groups/:id', () => {
  test('replaces the name and the members; the list shows the new count', async () => {
    const members = await membersOf(t, owner.websiteId, 3);
    const created = (await create(owner, { name: groupName(), members })).json().data;
    const renamed = groupName();
    const res = await t.request({
      method: 'PUT',
      url: `/api/groups/${created._id}`,
      headers: owner.headers,
      payload: { name: renamed, members: members.slice(1) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Group updated successfully');
    expect(res.json().data).toMatchObject({ _id: created._id, name: renamed, membersCount: 2, createdAt: created.createdAt });
    expect([...res.json().data.members].sort()).toEqual(members.slice(1).sort());
    // Keeping its own name (even re-cased) is not a conflict.
    const same = await t.request({
      method: 'PUT',
      url: `/api/groups/${created._id}`,
      headers: owner.headers,
      payload: { name: renamed.toLowerCase(), members },
    });
    expect(same.statusCode).toBe(200);
    const bad = await t.request({ method: 'PUT', url: `/api/groups/${created._id}`, headers: owner.headers, payload: { name: renamed, members: [] } });
    expect(bad.json().errors).toEqual({ members: 'Please select at least one member' });
    const missing = await t.request({ method: 'PUT', url: `/api/groups/${randomId()}`, headers: owner.headers, payload: { name: renamed, members } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Group not found' });
  });

  test('taking another group’s name answers 409 on `name`', async () => {
    const members = await membersOf(t, owner.websiteId, 1);
    const a = (await create(owner, { name: groupName(), members })).json().data;
    const b = (await create(owner, { name: groupName(), members })).json().data;
    const res = await t.request({ method: 'PUT', url: `/api/groups/${b._id}`, headers: owner.headers, payload: { name: a.name, members } });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ name: 'A group with this name already exists' });
  });
});

describe('preview and members', () => {
  test('GET /api/group/:id gives the first 10 members; GET /api/groups/:groupId/members pages through all', async () => {
    const members = await membersOf(t, owner.websiteId, 23);
    const created = (await create(owner, { name: groupName(), members })).json().data;
    const preview = await t.request({ method: 'GET', url: `/api/group/${created._id}`, headers: owner.headers });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({ _id: created._id, name: created.name, membersCount: 23 });
    expect(preview.json().data.members).toHaveLength(10);
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const res = await t.request({ method: 'GET', url: `/api/groups/${created._id}/members?page=${page}&pageSize=10`, headers: owner.headers });
      const body = res.json();
      expect(body.meta).toEqual({ totalDocs: 23, page, limit: 10, hasMore: page < 3, nextPage: page < 3 ? page + 1 : null });
      if (page === 1) expect(body.docs).toEqual(preview.json().data.members);
      seen.push(...body.docs.map((d: { _id: string }) => d._id));
    }
    expect(seen.sort()).toEqual([...members].sort());
  });
});

describe('DELETE', () => {
  test('one group: gone with its memberships, the people stay', async () => {
    const id = await groupOf(t, owner);
    const res = await t.request({ method: 'DELETE', url: `/api/groups/${id}`, headers: owner.headers });
    expect(res.json()).toEqual({ message: 'Group deleted successfully' });
    expect(await t.ctx.db.$count(groups, eq(groups.id, id))).toBe(0);
    expect(await t.ctx.db.$count(groupMembers, eq(groupMembers.groupId, id))).toBe(0);
    const again = await t.request({ method: 'DELETE', url: `/api/groups/${id}`, headers: owner.headers });
    expect(again.statusCode).toBe(404);
  });

  test('bulk: deletes them all; one foreign or missing id → 404 and nothing deleted', async () => {
    const a = await groupOf(t, owner);
    const b = await groupOf(t, owner);
    const stranger = await t.createUser({ permissions: [] });
    const foreign = await groupOf(t, stranger);
    for (const ids of [
      [a, b, foreign],
      [a, randomId()],
    ]) {
      const res = await t.request({ method: 'DELETE', url: '/api/groups', headers: owner.headers, payload: { groups: ids } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Group not found' });
    }
    expect(await t.ctx.db.$count(groups, eq(groups.id, a))).toBe(1);
    expect(await t.ctx.db.$count(groups, eq(groups.id, foreign))).toBe(1);
    const empty = await t.request({ method: 'DELETE', url: '/api/groups', headers: owner.headers, payload: { groups: [] } });
    expect(empty.json().errors).toEqual({ groups: 'Please select at least one group' });
    const ok = await t.request({ method: 'DELETE', url: '/api/groups', headers: owner.headers, payload: { groups: [a, b, a] } });
    expect(ok.json()).toEqual({ message: 'Groups deleted successfully' });
    expect(await t.ctx.db.$count(groups, eq(groups.id, b))).toBe(0);
  });
});
