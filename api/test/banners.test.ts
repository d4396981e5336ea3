import { eq } from 'drizzle-orm';
import { ACCESSIBLE_BRAND_COLOR, ALL_PERMISSIONS } from 'contracts';
import { withTestAppAndUser, type TestApp, type TestUser } from './support/test-app';
import { contents, websites } from '../src/db/schema';
import { bannerBody, contentOf } from './support/campaigns';
import { groupOf } from './matrix/groups';
import { postVisitorEvents } from './support/visitor-events';

/** Banners: behaviour beyond the authorization matrix (the shared machinery is covered by popups.test.ts). */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const create = (payload: unknown, u = owner) => t.request({ method: 'POST', url: '/api/banners', payload: payload as object, headers: u.headers });
const list = (query = '', u = owner) => t.request({ method: 'GET', url: `/api/banners${query}`, headers: u.headers });

test('creates a banner with the default settings (settings, dismiss button, no action)', async () => {
  const res = await create(bannerBody({ titleOfBanner: 'Sale' }));
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    message: 'Banner created successfully',
    data: {
      titleOfBanner: 'Sale',
      content: 'Spring sale',
      settings: { priority: 'normal', backgroundColor: ACCESSIBLE_BRAND_COLOR, targetDevice: 'web', bannerStyle: 'inline', bannerPosition: 'top' },
      showSender: false,
      dismissButton: true,
      actions: { type: 'none' },
      status: 'public',
    },
  });
});

test('actions: url (text, url, new tab, close on click) and reactions (list, close on click)', async () => {
  const url = await create(
    bannerBody({ actions: { type: 'url', urlText: 'Shop now', url: 'https://shop.example.test', isUrlOpenedInNewTab: false, closeBannerOnClick: true } }),
  );
  expect(url.statusCode).toBe(201);
  expect(url.json().data.actions).toEqual({
    type: 'url',
    urlText: 'Shop now',
    url: 'https://shop.example.test',
    isUrlOpenedInNewTab: false,
    closeBannerOnClick: true,
  });
  const reactions = await create(bannerBody({ actions: { type: 'reactions', reactionsList: ['🎉', '👍'] } }));
  expect(reactions.json().data.actions).toEqual({ type: 'reactions', reactionsList: ['🎉', '👍'], closeBannerOnClick: false });
  const badUrl = await create(bannerBody({ actions: { type: 'url', urlText: 'x', url: 'javascript:alert(1)' } as never }));
  expect(badUrl.statusCode).toBe(400);
  expect(badUrl.json().errors).toHaveProperty(['actions.url']);
  const noText = await create(bannerBody({ actions: { type: 'url', url: 'https://a.test' } as never }));
  expect(noText.json().errors['actions.urlText']).toBe('Please enter url text');
  const missing = await create({ content: 'x' });
  expect(missing.json().errors.titleOfBanner).toBe('Please enter title');
});

test('the list filters by titleOfBanner, style, position, priority, status; columns come from the settings', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const group = await groupOf(t, u, 'VIP');
  const plain = await contentOf(t, u, 'banner');
  const special = await contentOf(
    t,
    u,
    'banner',
    bannerBody({
      titleOfBanner: 'Black Friday',
      settings: { priority: 'high', bannerStyle: 'floating', bannerPosition: 'bottom', targetDevice: 'mobile' },
      target: 'groups',
      groups: [group],
    }),
  );
  const all = (await list('', u)).json();
  expect(all.docs.map((d: { _id: string }) => d._id)).toEqual([special, plain]);
  const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  expect(all.docs[0]).toMatchObject({
    title: 'Black Friday',
    position: 'bottom',
    priority: 'high',
    style: 'floating',
    devices: 'mobile',
    domain: site.domain,
    groups: [{ _id: group, name: 'VIP' }],
  });
  for (const q of ['titleOfBanner=friday', 'style=floating', 'position=bottom', 'priority=high']) {
    expect((await list(`?${q}`, u)).json().docs.map((d: { _id: string }) => d._id)).toEqual([special]);
  }
});

test('duplicate, cancel, delete and bulk delete (body banners)', async () => {
  const id = await contentOf(t, owner, 'banner', bannerBody({ titleOfBanner: 'Hello' }));
  const dup = await t.request({ method: 'PUT', url: `/api/banners/duplicate/${id}`, headers: owner.headers });
  expect(dup.statusCode).toBe(201);
  expect(dup.json().data).toMatchObject({ titleOfBanner: 'Hello (copy)', status: 'draft' });
  const cancel = await t.request({ method: 'DELETE', url: `/api/banners/cancel/${id}`, headers: owner.headers });
  expect(cancel.json().data.status).toBe('cancelled');
  const popup = await contentOf(t, owner, 'popup');
  // A popup id is not a banner: 404, nothing deleted.
  const wrongKind = await t.request({ method: 'DELETE', url: '/api/banners', payload: { banners: [id, popup] }, headers: owner.headers });
  expect(wrongKind.statusCode).toBe(404);
  expect((await t.request({ method: 'GET', url: `/api/banners/${popup}`, headers: owner.headers })).statusCode).toBe(404);
  const bulk = await t.request({ method: 'DELETE', url: '/api/banners', payload: { banners: [id, dup.json().data._id] }, headers: owner.headers });
  expect(bulk.json()).toEqual({ message: 'Banners deleted successfully' });
  expect(await t.ctx.db.$count(contents, eq(contents.id, id))).toBe(0);
  expect(await t.ctx.db.$count(contents, eq(contents.id, popup))).toBe(1);
});

test('reactions posted through the public events call are counted per emoji', async () => {
  const id = await contentOf(t, owner, 'banner');
  const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  const events = ['🎉', '🎉', '👍'].map((emoji, i) => ({ type: 'react', visitorId: `v${i}`, contentId: id, emoji }));
  for (const posted of await postVisitorEvents(t, site.publicKey, events)) expect(posted.statusCode).toBe(202);
  const counts = await t.request({ method: 'GET', url: `/api/banners/${id}/count-reacts`, headers: owner.headers });
  expect(counts.json()).toEqual({
    data: [
      { emoji: '🎉', count: 2 },
      { emoji: '👍', count: 1 },
    ],
    total: 3,
  });
});
