import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';

/** People-data attributes of the active website. */
let t: TestApp;
let u: TestUser;
withTestAppAndUser({ permissions: ['create_attributes', 'update_attributes', 'delete_attributes'] }, (testApp, testUser) => ([t, u] = [testApp, testUser]), {
  eachTest: true,
});

const create = (payload: Record<string, unknown>, who = u) => t.request({ method: 'POST', url: '/api/attributes', headers: who.headers, payload });
const list = async (who = u) => (await t.request({ method: 'GET', url: '/api/attributes', headers: who.headers })).json();

test('create answers 201 with the message to start sending it from the code; listed newest first', async () => {
  const first = await create({ name: 'plan', type: 'string' });
  expect(first.statusCode).toBe(201);
  expect(first.json()).toEqual({
    message: 'Attribute created: start sending its data by adding it to your code',
    data: { _id: expect.any(String), name: 'plan', type: 'string', createdAt: expect.any(String) },
  });
  await create({ name: 'signup_date', type: 'date' });
  const body = await list();
  expect(body.docs.map((d: { name: string }) => d.name)).toEqual(['signup_date', 'plan']);
  expect(body.meta).toMatchObject({ totalDocs: 2, page: 1, limit: 10 });
});

test('the message is translated', async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/attributes',
    headers: { ...u.headers, 'accept-language': 'fr' },
    payload: { name: 'age', type: 'number' },
  });
  expect(res.json().message).toBe('Attribut créé : commencez à envoyer ses données en l’ajoutant à votre code');
});

test('names: letters, digits and underscore, starting with a letter; a type of the list', async () => {
  for (const name of ['1abc', 'has space', 'dash-ed', '_x', '']) {
    const res = await create({ name, type: 'string' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual(['name']);
  }
  const badType = await create({ name: 'ok', type: 'color' });
  expect(badType.statusCode).toBe(400);
  expect(Object.keys(badType.json().errors)).toEqual(['type']);
});

test('a duplicate name (any case) → 409 on `name`; the same name on another website is fine', async () => {
  expect((await create({ name: 'Plan', type: 'string' })).statusCode).toBe(201);
  const dup = await create({ name: 'plan', type: 'number' });
  expect(dup.statusCode).toBe(409);
  expect(dup.json()).toEqual({ message: 'An attribute with this name already exists', errors: { name: 'An attribute with this name already exists' } });
  const other = await t.createUser({ permissions: ['create_attributes', 'update_attributes', 'delete_attributes'] });
  expect((await create({ name: 'plan', type: 'string' }, other)).statusCode).toBe(201);
});

test('PUT renames and retypes; a clash → 409; another website’s attribute → 404 on PUT and DELETE', async () => {
  const a = (await create({ name: 'score', type: 'string' })).json().data;
  await create({ name: 'taken', type: 'string' });
  const put = await t.request({ method: 'PUT', url: `/api/attributes/${a._id}`, headers: u.headers, payload: { name: 'Score', type: 'number' } });
  expect(put.statusCode).toBe(200);
  expect(put.json().data).toMatchObject({ _id: a._id, name: 'Score', type: 'number' });
  const clash = await t.request({ method: 'PUT', url: `/api/attributes/${a._id}`, headers: u.headers, payload: { name: 'TAKEN', type: 'number' } });
  expect(clash.statusCode).toBe(409);
  expect(clash.json().errors).toEqual({ name: 'An attribute with this name already exists' });

  const stranger = await t.createUser({ permissions: ['create_attributes', 'update_attributes', 'delete_attributes'] });
  const foreignPut = await t.request({ method: 'PUT', url: `/api/attributes/${a._id}`, headers: stranger.headers, payload: { name: 'x', type: 'string' } });
  expect(foreignPut.statusCode).toBe(404);
  const foreignDelete = await t.request({ method: 'DELETE', url: `/api/attributes/${a._id}`, headers: stranger.headers });
  expect(foreignDelete.statusCode).toBe(404);
  expect(foreignDelete.json()).toEqual({ message: 'Attribute not found' });

  const del = await t.request({ method: 'DELETE', url: `/api/attributes/${a._id}`, headers: u.headers });
  expect(del.statusCode).toBe(200);
  expect((await list()).docs.map((d: { _id: string }) => d._id)).not.toContain(a._id);
  expect((await t.request({ method: 'DELETE', url: `/api/attributes/${randomId()}`, headers: u.headers })).statusCode).toBe(404);
});

test('the website of another organisation sees only its own attributes', async () => {
  await create({ name: 'only_here', type: 'boolean' });
  const site = await t.createOrganisation();
  const mate = await t.createUser({ organisationId: site.id, permissions: ['create_attributes', 'update_attributes', 'delete_attributes'] });
  expect((await list(mate)).docs).toEqual([]);
});

test('an attribute a saved audience uses cannot be deleted, renamed or retyped (409 naming the audiences)', async () => {
  const owner = await t.createUser({ permissions: ['create_attributes', 'update_attributes', 'delete_attributes', 'create_segment'] });
  const created = await t.request({ method: 'POST', url: '/api/attributes', headers: owner.headers, payload: { name: 'plan', type: 'string' } });
  const id = created.json().data._id;
  const audience = { operator: 'and', predicates: [{ operator: 'or', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }] }] };
  const seg = await t.request({ method: 'POST', url: '/api/segment', headers: owner.headers, payload: { name: 'Pro customers', audience } });
  expect(seg.statusCode).toBe(201);
  const del = await t.request({ method: 'DELETE', url: `/api/attributes/${id}`, headers: owner.headers });
  expect(del.statusCode).toBe(409);
  expect(del.json().message).toBe('This attribute is used by saved audiences: Pro customers');
  const rename = await t.request({ method: 'PUT', url: `/api/attributes/${id}`, headers: owner.headers, payload: { name: 'tier', type: 'string' } });
  expect(rename.statusCode).toBe(409);
  const retype = await t.request({ method: 'PUT', url: `/api/attributes/${id}`, headers: owner.headers, payload: { name: 'plan', type: 'number' } });
  expect(retype.statusCode).toBe(409);
  // An attribute no audience uses goes as before.
  const free = await t.request({ method: 'POST', url: '/api/attributes', headers: owner.headers, payload: { name: 'unused', type: 'string' } });
  expect((await t.request({ method: 'DELETE', url: `/api/attributes/${free.json().data._id}`, headers: owner.headers })).statusCode).toBe(200);
});
