import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';

/** POST and DELETE /api/websites: normalised domains, 409 duplicates, tenancy. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser(
  { permissions: ['get_websites', 'create_websites', 'delete_websites', 'create_tags'] },
  (testApp, testUser) => ([t, owner] = [testApp, testUser]),
  { eachTest: true },
);

const create = (u: TestUser, payload: Record<string, unknown>) => t.request({ method: 'POST', url: '/api/websites', headers: u.headers, payload });
const remove = (u: TestUser, ids: string[]) => t.request({ method: 'DELETE', url: '/api/websites', headers: u.headers, payload: { websites: ids } });
const list = async (u: TestUser) =>
  (await t.request({ method: 'GET', url: '/api/websites?pageSize=100', headers: u.headers })).json().docs as { _id: string; domain: string }[];

describe('POST /api/websites', () => {
  test('adds a website with a normalised domain; it is listed and in /api/users/me', async () => {
    const res = await create(owner, { name: '  Shop  ', domain: 'HTTPS://Shop.Example.COM/some/path?x=1' });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toEqual({ _id: expect.any(String), name: 'Shop', domain: 'shop.example.com', createdAt: expect.any(String) });
    expect((await list(owner)).map((w) => w._id)).toContain(data._id);
    const me = await t.request({ method: 'GET', url: '/api/users/me', headers: owner.headers });
    expect(me.json().data.websites.map((w: { _id: string }) => w._id)).toContain(data._id);
  });

  test("the same domain again (any spelling) → 409 'Website already exists' on the domain field", async () => {
    expect((await create(owner, { name: 'Shop', domain: 'shop.example.com' })).statusCode).toBe(201);
    for (const domain of ['shop.example.com', 'http://SHOP.example.com/', 'shop.example.com/cart']) {
      const res = await create(owner, { name: 'Other name', domain });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'Website already exists', errors: { domain: 'Website already exists' } });
    }
  });

  test('the same domain in another organisation is a different website', async () => {
    const other = await t.createUser({ permissions: ['create_websites', 'delete_websites'] });
    expect((await create(owner, { name: 'Shared', domain: 'shared.example.com' })).statusCode).toBe(201);
    expect((await create(other, { name: 'Shared', domain: 'shared.example.com' })).statusCode).toBe(201);
  });

  test('concurrent adds of one domain: one 201, the rest 409', async () => {
    const domain = `race-${randomId().slice(0, 8)}.example.com`;
    const answers = await Promise.all([1, 2, 3].map(() => create(owner, { name: 'Race', domain })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  test('bad input → 400 with field messages', async () => {
    const empty = await create(owner, { name: '', domain: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ name: 'Please enter name', domain: 'Please enter domain' });
    const bad = await create(owner, { name: 'x', domain: 'not a domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ domain: expect.any(String) });
    const missing = await create(owner, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['domain', 'name']);
  });
});

describe('DELETE /api/websites', () => {
  test("deletes websites of the organisation: 'Website deleted successfully'; their tags go with them", async () => {
    const a = (await create(owner, { name: 'A', domain: `a-${randomId()}.example.com` })).json().data._id;
    const b = (await create(owner, { name: 'B', domain: `b-${randomId()}.example.com` })).json().data._id;
    const tag = await t.request({
      method: 'POST',
      url: '/api/tags',
      headers: { ...owner.headers, activewebsite: a },
      payload: { name: 'Gone', color: '#000000' },
    });
    expect(tag.statusCode).toBe(201);
    const res = await remove(owner, [a, b]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Website deleted successfully' });
    expect((await list(owner)).map((w) => w._id)).toEqual([owner.websiteId]);
    // The deleted website can no longer be the active one.
    const stale = await t.request({ method: 'GET', url: '/api/tags', headers: { ...owner.headers, activewebsite: a } });
    expect(stale.statusCode).toBe(404);
  });

  test('an id of another organisation → 404 and nothing is deleted', async () => {
    const stranger = await t.createUser({ permissions: ['create_websites', 'delete_websites'] });
    const mine = (await create(owner, { name: 'Mine', domain: `m-${randomId()}.example.com` })).json().data._id;
    const res = await remove(stranger, [stranger.websiteId, mine]);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Website not found' });
    expect((await list(owner)).map((w) => w._id)).toContain(mine);
    const unknown = await remove(owner, [randomId()]);
    expect(unknown.statusCode).toBe(404);
  });

  test("the organisation's last website cannot be deleted → 409 with a clear message", async () => {
    const res = await remove(owner, [owner.websiteId]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/at least one website/);
    expect((await list(owner)).map((w) => w._id)).toEqual([owner.websiteId]);
  });

  test('deleting every website at once is refused too; bad ids → 400', async () => {
    const extra = (await create(owner, { name: 'X', domain: `x-${randomId()}.example.com` })).json().data._id;
    expect((await remove(owner, [owner.websiteId, extra])).statusCode).toBe(409);
    const bad = await remove(owner, ['nope']);
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)[0]).toMatch(/^websites/);
    const none = await remove(owner, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ websites: 'Please select at least one website' });
  });

  test('get_websites alone may list but neither add nor delete', async () => {
    const reader = await t.createUser({ permissions: ['get_websites'] });
    expect((await create(reader, { name: 'R', domain: 'r.example.com' })).statusCode).toBe(403);
    expect((await remove(reader, [reader.websiteId])).statusCode).toBe(403);
  });
});
