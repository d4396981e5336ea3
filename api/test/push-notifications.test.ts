import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { contents } from '../src/db/schema';
import { contentOf, pushBody } from './support/campaigns';
import { groupOf } from './matrix/groups';
import { segmentOf } from './matrix/audiences';

/** Push notifications: PUT and DELETE on the collection path, cancel by PATCH. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const base = '/api/push-notification';

test('create with the default settings, read, update with _id in the body', async () => {
  const group = await groupOf(t, owner);
  const segment = await segmentOf(t, owner);
  const res = await t.request({
    method: 'POST',
    url: base,
    headers: owner.headers,
    payload: pushBody({
      push_notification_title: 'Launch',
      icon: 'https://cdn.example.test/i.png',
      action: { url: 'https://example.test/new' },
      group,
      audience: segment,
    }),
  });
  expect(res.statusCode).toBe(201);
  const data = res.json().data;
  expect(res.json().message).toBe('Push notification created successfully');
  expect(data).toMatchObject({
    push_notification_title: 'Launch',
    title: 'New feature',
    body: 'Try it now',
    icon: 'https://cdn.example.test/i.png',
    action: { url: 'https://example.test/new', target: '_blank' },
    devices: 'all',
    audio: false,
    group,
    audience: segment,
    status: 'public',
  });
  expect((await t.request({ method: 'GET', url: `${base}/${data._id}`, headers: owner.headers })).json().data).toEqual(data);

  const upd = await t.request({
    method: 'PUT',
    url: base,
    headers: owner.headers,
    payload: { ...pushBody({ title: 'Changed', devices: 'mobile' }), _id: data._id },
  });
  expect(upd.statusCode).toBe(200);
  expect(upd.json()).toMatchObject({
    message: 'Push notification updated successfully',
    data: { _id: data._id, title: 'Changed', devices: 'mobile', group: null },
  });

  const missingId = await t.request({ method: 'PUT', url: base, headers: owner.headers, payload: pushBody() });
  expect(missingId.statusCode).toBe(400);
  expect(Object.keys(missingId.json().errors)).toEqual(['_id']);
  const unknown = await t.request({ method: 'PUT', url: base, headers: owner.headers, payload: { ...pushBody(), _id: randomId() } });
  expect(unknown.statusCode).toBe(404);
  expect(unknown.json()).toEqual({ message: 'Push notification not found' });
});

test('refused bodies: a foreign group, a bad icon address, a duration out of range → 400 on the field', async () => {
  const stranger = await t.createUser({ permissions: [] });
  for (const [body, field] of [
    [{ group: await groupOf(t, stranger) }, 'group'],
    [{ audience: await segmentOf(t, stranger) }, 'audience'],
    [{ icon: 'javascript:alert(1)' }, 'icon'],
    [{ duration: 0 }, 'duration'],
    [{ title: '' }, 'title'],
  ] as const) {
    const res = await t.request({ method: 'POST', url: base, headers: owner.headers, payload: pushBody(body as object) });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  }
});

test('list filters (title, status, devices), duplicate, cancel by PATCH, delete by body notifications', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const a = await contentOf(t, u, 'push', pushBody({ push_notification_title: 'Alpha' }));
  const b = await contentOf(t, u, 'push', pushBody({ push_notification_title: 'Beta', devices: 'web' }));
  await contentOf(t, u, 'popup'); // another kind: not listed
  const list = async (q = '') => (await t.request({ method: 'GET', url: `${base}${q}`, headers: u.headers })).json();
  expect((await list()).docs.map((d: { _id: string }) => d._id)).toEqual([b, a]);
  expect((await list('?title=alp')).docs.map((d: { _id: string }) => d._id)).toEqual([a]);
  expect((await list('?devices=web')).docs.map((d: { _id: string }) => d._id)).toEqual([b]);

  const dup = await t.request({ method: 'PUT', url: `${base}/duplicate/${a}`, headers: u.headers });
  expect(dup.statusCode).toBe(201);
  expect(dup.json().data).toMatchObject({ push_notification_title: 'Alpha (copy)', status: 'draft' });

  const cancel = await t.request({ method: 'PATCH', url: `${base}/cancel/${b}`, headers: u.headers });
  expect(cancel.json()).toMatchObject({ message: 'Push notification cancelled successfully', data: { status: 'cancelled' } });
  expect((await list('?status=cancelled')).docs.map((d: { _id: string }) => d._id)).toEqual([b]);

  const del = await t.request({ method: 'DELETE', url: base, headers: u.headers, payload: { notifications: [a, b] } });
  expect(del.json()).toEqual({ message: 'Push notifications deleted successfully' });
  expect(await t.ctx.db.$count(contents, eq(contents.id, a))).toBe(0);
  expect((await list()).meta.totalDocs).toBe(1);
});
