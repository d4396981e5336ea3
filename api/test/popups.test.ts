import { eq, sql } from 'drizzle-orm';
import { ALL_PERMISSIONS, POPUP_WIDTHS, type PopupBlockInput } from 'contracts';
import { withTestAppAndUser, randomId, type TestApp, type TestUser } from './support/test-app';
import { clientMembers, contentGroups, contents, tags, visitors, websites, workspaces } from '../src/db/schema';
import { contentOf, popupBody } from './support/campaigns';
import { groupOf, membersOf } from './matrix/groups';
import { segmentOf } from './matrix/audiences';
import { postVisitorEvents } from './support/visitor-events';

/** Popups: behaviour beyond the authorization matrix. */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const create = (u: TestUser, payload: unknown) => t.request({ method: 'POST', url: '/api/popups', payload: payload as object, headers: u.headers });
const update = (u: TestUser, id: string, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/popups/${id}`, payload: payload as object, headers: u.headers });
const get = (u: TestUser, id: string) => t.request({ method: 'GET', url: `/api/popups/${id}`, headers: u.headers });
const list = (u: TestUser, query = '') => t.request({ method: 'GET', url: `/api/popups${query}`, headers: u.headers });

async function tagOf(websiteId: string, name = `Tag ${randomId().slice(0, 6)}`) {
  const [tag] = await t.ctx.db.insert(tags).values({ websiteId, name, color: '#ff0000' }).returning();
  return tag;
}
async function workspaceOf(websiteId: string, service: 'popup' | 'banner' | 'push' = 'popup') {
  const [ws] = await t.ctx.db
    .insert(workspaces)
    .values({ websiteId, name: `WS ${randomId().slice(0, 6)}`, icon: 'folder', service })
    .returning();
  return ws;
}
const textBlock = (id: string): PopupBlockInput => ({ id, kind: 'text', text: 'hi' });
const page = (id: string, blocks: PopupBlockInput[] = [textBlock(`${id}-b`)]) => ({ id, content: blocks });

describe('POST /api/popups', () => {
  test('creates a popup with the default settings, in the workspace of the create route, authored by the caller', async () => {
    const ws = await workspaceOf(owner.websiteId);
    const res = await create(owner, popupBody({ titleOfPopup: { label: 'Welcome' }, workspace: ws.id }));
    expect(res.statusCode).toBe(201);
    const { message, data } = res.json();
    expect(message).toBe('Popup created successfully');
    expect(data).toMatchObject({
      titleOfPopup: { label: 'Welcome', fontSize: 15, fontFamily: 'Poppins' },
      format: 'medium',
      position: 'topR',
      status: 'public',
      priority: 'normal',
      devices: 'all',
      replayType: 'text',
      emojis: expect.any(Array),
      rules: { displayTime: 15000 },
      workspace: ws.id,
      reactCount: 0,
      commentCount: 0,
      sender: { _id: owner.id, name: expect.any(String) },
    });
    expect(data.emojis).toHaveLength(4);
    expect(POPUP_WIDTHS).toEqual({ small: 335, medium: 410, large: 500 });
    const again = await get(owner, data._id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(data);
  });

  test('stores pages of every block kind, targeting by groups and audiences, a tag; the list shows their names', async () => {
    const group = await groupOf(t, owner, `Group ${randomId().slice(0, 6)}`);
    const segment = await segmentOf(t, owner);
    const tag = await tagOf(owner.websiteId);
    const people = await membersOf(t, owner.websiteId, 2);
    const content = [
      page('p1', [textBlock('b1'), { id: 'b2', kind: 'image', url: 'https://cdn.example.test/a.png', alt: 'A' }]),
      page('p2', [{ id: 'q1', kind: 'question', question: 'Your size?', type: 'choice', options: ['S', 'M'], required: true }]),
      page('p3', [
        { id: 'b3', kind: 'button', label: 'Go', action: 'link', url: 'https://example.test' },
        { id: 'b4', kind: 'emojis', emojis: ['👍'] },
      ]),
    ];
    const res = await create(
      owner,
      popupBody({ content, target: 'groups', groups: [group], audiences: [segment], tag: tag.id, listOfAudience: people, format: 'large' }),
    );
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data.content).toHaveLength(3);
    expect(data.content[1].content[0]).toEqual({ id: 'q1', kind: 'question', question: 'Your size?', type: 'choice', options: ['S', 'M'], required: true });
    expect(data).toMatchObject({ groups: [group], audiences: [segment], tag: tag.id, listOfAudience: people, format: 'large' });

    const rows = (await list(owner)).json().docs;
    const row = rows.find((r: { _id: string }) => r._id === data._id);
    const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
    expect(row).toEqual({
      _id: data._id,
      title: data.titleOfPopup.label,
      sender: data.sender.name,
      domain: site.domain,
      position: 'topR',
      status: 'public',
      priority: 'normal',
      style: 'large',
      groups: [{ _id: group, name: expect.stringMatching(/^Group /) }],
      audiences: [{ _id: segment, name: expect.stringMatching(/^Segment /) }],
      tag: { _id: tag.id, name: tag.name, color: '#ff0000' },
      workspace: null,
      devices: 'all',
      reactCount: 0,
      commentCount: 0,
      createdAt: data.createdAt,
      hasDraft: false,
      startsAt: null,
      endsAt: null,
    });
  });

  test('targets, tag and workspace must be the active website’s: 400 on the field, nothing created', async () => {
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    const foreignGroup = await groupOf(t, stranger);
    const foreignSegment = await segmentOf(t, stranger);
    const foreignTag = await tagOf(stranger.websiteId);
    const foreignWs = await workspaceOf(stranger.websiteId);
    const bannerWs = await workspaceOf(owner.websiteId, 'banner');
    const before = await t.ctx.db.$count(contents, eq(contents.websiteId, owner.websiteId));
    for (const [body, field] of [
      [{ groups: [foreignGroup] }, 'groups'],
      [{ groups: [randomId()] }, 'groups'],
      [{ audiences: [foreignSegment] }, 'audiences'],
      [{ tag: foreignTag.id }, 'tag'],
      [{ workspace: foreignWs.id }, 'workspace'],
      [{ workspace: bannerWs.id }, 'workspace'],
      [{ listOfAudience: await membersOf(t, stranger.websiteId, 1) }, 'listOfAudience'],
      [{ target: 'groups', groups: [] }, 'groups'],
      [{ target: 'audiences' }, 'audiences'],
    ] as const) {
      const res = await create(owner, popupBody(body as object));
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    expect(await t.ctx.db.$count(contents, eq(contents.websiteId, owner.websiteId))).toBe(before);
  });

  test('a block of unknown kind, a javascript: link, a choice question without options → 400 on the field', async () => {
    for (const [blocks, field] of [
      [[{ id: 'x', kind: 'video' }], 'content.0.content.0.kind'],
      [[{ id: 'x', kind: 'button', label: 'Go', action: 'link', url: 'javascript:alert(1)' }], 'content.0.content.0.url'],
      [[{ id: 'x', kind: 'question', question: 'Q?', type: 'choice', options: [] }], 'content.0.content.0.options'],
    ] as const) {
      const res = await create(owner, popupBody({ content: [page('p', blocks as never)] }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty([field]);
    }
  });
});

describe('validation of pages, blocks and display time', () => {
  test('6 pages, a page with 0 blocks, display time 0 or 61 s → 400 with a field message, the stored popup unchanged', async () => {
    const created = await create(owner, popupBody({ titleOfPopup: { label: 'Original' } }));
    const id = created.json().data._id;
    const stored = (await get(owner, id)).json().data;
    const cases: [object, string, string][] = [
      [{ content: [1, 2, 3, 4, 5, 6].map((i) => page(`p${i}`)) }, 'content', 'A popup has at most 5 content pages'],
      [{ content: [] }, 'content', 'At least 1 page must remain'],
      [{ content: [page('p1'), { id: 'p2', content: [] }] }, 'content.1.content', 'A page needs at least 1 block'],
      [{ rules: { displayTime: 0 } }, 'rules.displayTime', 'Display time must be between 1 and 60 seconds'],
      [{ rules: { displayTime: 61000 } }, 'rules.displayTime', 'Display time must be between 1 and 60 seconds'],
      [{ rules: { displayTime: 1500 } }, 'rules.displayTime', 'Display time goes by steps of 1 second'],
    ];
    for (const [change, field, message] of cases) {
      const res = await update(owner, id, popupBody({ titleOfPopup: { label: 'Changed' }, ...change }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
      // The same on create: nothing is stored.
      const refused = await create(owner, popupBody(change));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors[field]).toBe(message);
    }
    expect((await get(owner, id)).json().data).toEqual(stored);
    // French field message.
    const fr = await t.request({
      method: 'PUT',
      url: `/api/popups/${id}`,
      payload: popupBody({ rules: { displayTime: 61000 } }),
      headers: { ...owner.headers, 'accept-language': 'fr' },
    });
    expect(fr.json().errors['rules.displayTime']).toBe("La durée d'affichage doit être comprise entre 1 et 60 secondes");
  });

  test('5 pages and display times of 1 and 60 s are accepted, in milliseconds', async () => {
    for (const displayTime of [1000, 60000]) {
      const res = await create(owner, popupBody({ content: [1, 2, 3, 4, 5].map((i) => page(`p${i}`)), rules: { displayTime } }));
      expect(res.statusCode).toBe(201);
      expect(res.json().data.rules.displayTime).toBe(displayTime);
    }
  });
});

describe('PUT /api/popups/{id}', () => {
  test('replaces the document and the targets (a live popup: once published); another website’s popup → 404', async () => {
    const group = await groupOf(t, owner);
    const id = await contentOf(t, owner, 'popup', popupBody({ groups: [group] }));
    const res = await update(owner, id, popupBody({ titleOfPopup: { label: 'Renamed' }, position: 'bottomL', groups: [] }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Popup updated successfully',
      data: { titleOfPopup: { label: 'Renamed' }, position: 'bottomL', groups: [], hasDraft: true, status: 'public' },
    });
    // Visitors keep the published targets until the changes are published.
    expect(await t.ctx.db.$count(contentGroups, eq(contentGroups.contentId, id))).toBe(1);
    expect((await t.request({ method: 'PUT', url: `/api/popups/publish/${id}`, headers: owner.headers })).statusCode).toBe(200);
    expect(await t.ctx.db.$count(contentGroups, eq(contentGroups.contentId, id))).toBe(0);
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    expect((await update(stranger, id, popupBody())).statusCode).toBe(404);
    expect((await get(stranger, id)).json()).toEqual({ message: 'Popup not found' });
  });

  test('a group deleted after saving drops out of the popup, which can be saved again as it reads', async () => {
    const group = await groupOf(t, owner);
    const id = await contentOf(t, owner, 'popup', popupBody({ target: 'all', groups: [group] }));
    await t.request({ method: 'DELETE', url: `/api/groups/${group}`, headers: owner.headers });
    const doc = (await get(owner, id)).json().data;
    expect(doc.groups).toEqual([]);
    const { _id: _i, sender: _s, reactCount: _r, commentCount: _c, createdAt: _ca, updatedAt: _ua, ...body } = doc;
    expect((await update(owner, id, body)).statusCode).toBe(200);
  });
});

describe('GET /api/popups', () => {
  test('newest first, paged, filtered by title, style, status, position, priority, sender, tag and workspace; only this website', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const other = await t.createUser({ organisationId: u.organisationId, permissions: ALL_PERMISSIONS });
    const tag = await tagOf(u.websiteId);
    const ws = await workspaceOf(u.websiteId);
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) ids.push(await contentOf(t, u, 'popup', popupBody({ titleOfPopup: { label: `Item ${i}` } })));
    const special = await contentOf(
      t,
      other,
      'popup',
      popupBody({
        titleOfPopup: { label: 'Summer 50%' },
        format: 'small',
        position: 'center',
        priority: 'high',
        tag: tag.id,
        workspace: ws.id,
      }),
    );
    // A draft (status is not a body field: a duplicate is the console's way to a draft).
    await t.ctx.db.update(contents).set({ status: 'draft' }).where(eq(contents.id, special));
    await contentOf(t, owner, 'popup'); // another organisation: never listed

    const first = (await list(u)).json();
    expect(first.meta).toEqual({ totalDocs: 13, page: 1, limit: 10, hasMore: true, nextPage: 2 });
    expect(first.docs[0]._id).toBe(special);
    expect(first.docs[1]._id).toBe(ids[11]);
    const second = (await list(u, '?page=2&pageSize=10')).json();
    expect(second.docs.map((d: { _id: string }) => d._id)).toEqual([ids[2], ids[1], ids[0]]);

    for (const q of [
      'titleOfPopup=50%25',
      'style=small',
      'status=draft',
      'position=center',
      'priority=high',
      `sender=${other.id}`,
      `tag=${tag.id}`,
      `workSpace=${ws.id}`,
    ]) {
      const res = await list(u, `?${q}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().docs.map((d: { _id: string }) => d._id)).toEqual([special]);
    }
    expect((await list(u, '?status=nope')).statusCode).toBe(400);
  });
});

describe('duplicate, cancel, delete', () => {
  test('PUT /api/popups/duplicate/{id}: a draft copy titled "… (copy)" with the same pages and targets', async () => {
    const group = await groupOf(t, owner);
    const src = (await create(owner, popupBody({ titleOfPopup: { label: 'Promo' }, target: 'groups', groups: [group] }))).json().data;
    const res = await t.request({ method: 'PUT', url: `/api/popups/duplicate/${src._id}`, headers: owner.headers });
    expect(res.statusCode).toBe(201);
    const copy = res.json().data;
    expect(res.json().message).toBe('Popup duplicated successfully');
    expect(copy._id).not.toBe(src._id);
    expect(copy).toMatchObject({ titleOfPopup: { ...src.titleOfPopup, label: 'Promo (copy)' }, status: 'draft', content: src.content, groups: [group] });
    expect(await t.ctx.db.$count(contentGroups, eq(contentGroups.contentId, copy._id))).toBe(1);
  });

  test('DELETE /api/popups/cancel/{id}: status cancelled, the popup stays listed', async () => {
    const id = await contentOf(t, owner, 'popup');
    const res = await t.request({ method: 'DELETE', url: `/api/popups/cancel/${id}`, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Popup cancelled successfully', data: { _id: id, status: 'cancelled' } });
    const rows = (await list(owner, '?status=cancelled&pageSize=100')).json().docs;
    expect(rows.map((r: { _id: string }) => r._id)).toContain(id);
  });

  test('DELETE /api/popups/{id} and DELETE /api/popups (bulk, all or nothing)', async () => {
    const [a, b, c] = [await contentOf(t, owner, 'popup'), await contentOf(t, owner, 'popup'), await contentOf(t, owner, 'popup')];
    const foreign = await contentOf(t, await t.createUser({ permissions: [] }), 'popup');
    expect((await t.request({ method: 'DELETE', url: `/api/popups/${a}`, headers: owner.headers })).json()).toEqual({ message: 'Popup deleted successfully' });
    expect((await get(owner, a)).statusCode).toBe(404);
    const refused = await t.request({ method: 'DELETE', url: '/api/popups', payload: { popups: [b, foreign] }, headers: owner.headers });
    expect(refused.statusCode).toBe(404);
    expect((await get(owner, b)).statusCode).toBe(200);
    const bulk = await t.request({ method: 'DELETE', url: '/api/popups', payload: { popups: [b, c] }, headers: owner.headers });
    expect(bulk.json()).toEqual({ message: 'Popups deleted successfully' });
    expect(await t.ctx.db.$count(contents, eq(contents.id, c))).toBe(0);
    const empty = await t.request({ method: 'DELETE', url: '/api/popups', payload: { popups: [] }, headers: owner.headers });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.popups).toBe('Please select at least one item');
  });
});

describe('comments and reactions posted through the public events call', () => {
  test('GET …/comments, …/reacts (emoji filter) and …/count-reacts', async () => {
    const id = await contentOf(t, owner, 'popup');
    const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
    const events = [
      { type: 'comment', visitorId: 'v1', contentId: id, body: 'Nice' },
      { type: 'comment', visitorId: 'v2', contentId: id, body: 'Great' },
      { type: 'react', visitorId: 'v1', contentId: id, emoji: '👍' },
      { type: 'react', visitorId: 'v2', contentId: id, emoji: '👍' },
      { type: 'react', visitorId: 'v3', contentId: id, emoji: '😂' },
    ];
    for (const posted of await postVisitorEvents(t, site.publicKey, events)) expect(posted.statusCode).toBe(202);

    const comments = await t.request({ method: 'GET', url: `/api/popups/${id}/comments`, headers: owner.headers });
    expect(comments.statusCode).toBe(200);
    expect(comments.json().meta.totalDocs).toBe(2);
    expect(
      comments
        .json()
        .docs.map((c: { body: string }) => c.body)
        .sort(),
    ).toEqual(['Great', 'Nice']);

    // Once `identify` linked a visitor to a person, the console gets the person's name; the others stay anonymous (null).
    const [ada] = await t.ctx.db
      .insert(clientMembers)
      .values({ websiteId: owner.websiteId, memberId: `ada-${randomId()}`, username: 'Ada Lovelace' })
      .returning();
    await t.ctx.db.insert(visitors).values({ websiteId: owner.websiteId, visitorId: 'v1', clientMemberId: ada.id });
    const named = (await t.request({ method: 'GET', url: `/api/popups/${id}/comments`, headers: owner.headers })).json().docs;
    expect(Object.fromEntries(named.map((c: { body: string; visitorName: string | null }) => [c.body, c.visitorName]))).toEqual({
      Nice: 'Ada Lovelace',
      Great: null,
    });
    const reacted = (await t.request({ method: 'GET', url: `/api/popups/${id}/reacts`, headers: owner.headers })).json().docs;
    expect(reacted.map((r: { visitorName: string | null }) => r.visitorName).sort()).toEqual(['Ada Lovelace', null, null]);

    const thumbs = await t.request({ method: 'GET', url: `/api/popups/${id}/reacts?emoji=${encodeURIComponent('👍')}`, headers: owner.headers });
    expect(thumbs.json().docs).toHaveLength(2);
    expect(thumbs.json().docs.every((r: { emoji: string }) => r.emoji === '👍')).toBe(true);
    const all = await t.request({ method: 'GET', url: `/api/popups/${id}/reacts`, headers: owner.headers });
    expect(all.json().meta.totalDocs).toBe(3);

    const counts = await t.request({ method: 'GET', url: `/api/popups/${id}/count-reacts`, headers: owner.headers });
    expect(counts.json()).toEqual({
      data: [
        { emoji: '👍', count: 2 },
        { emoji: '😂', count: 1 },
      ],
      total: 3,
    });

    const row = (await list(owner, '?pageSize=100')).json().docs.find((r: { _id: string }) => r._id === id);
    expect(row).toMatchObject({ reactCount: 3, commentCount: 2 });
  });

  test('comments of another website’s popup → 404', async () => {
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    const id = await contentOf(t, stranger, 'popup');
    for (const path of ['comments', 'reacts', 'count-reacts']) {
      expect((await t.request({ method: 'GET', url: `/api/popups/${id}/${path}`, headers: owner.headers })).statusCode).toBe(404);
    }
  });
});

describe('status is an action, not a field', () => {
  const cancel = (u: TestUser, id: string) => t.request({ method: 'DELETE', url: `/api/popups/cancel/${id}`, headers: u.headers });
  const get = (u: TestUser, id: string) => t.request({ method: 'GET', url: `/api/popups/${id}`, headers: u.headers });

  test('a status sent on create is ignored: a new popup is public', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const res = await t.request({ method: 'POST', url: '/api/popups', headers: u.headers, payload: { ...popupBody(), status: 'cancelled' } });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.status).toBe('public');
  });

  test('update_posts alone cannot cancel: a status in the body is ignored', async () => {
    const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
    const editor = await t.createUser({ organisationId: owner.organisationId, permissions: ['update_posts', 'get_posts'] });
    const id = await contentOf(t, owner, 'popup');
    const res = await t.request({
      method: 'PUT',
      url: `/api/popups/${id}`,
      headers: { ...editor.headers, activewebsite: owner.websiteId },
      payload: { ...popupBody(), status: 'cancelled' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('public');
    const [row] = await t.ctx.db
      .select({ status: contents.status, doc: sql<string>`${contents.document}->>'status'` })
      .from(contents)
      .where(eq(contents.id, id));
    expect(row).toEqual({ status: 'public', doc: 'public' });
  });

  test('a cancelled popup stays cancelled through an update: no revival, and a PUT without status keeps it', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const id = await contentOf(t, u, 'popup');
    expect((await cancel(u, id)).statusCode).toBe(200);
    const revive = await t.request({
      method: 'PUT',
      url: `/api/popups/${id}`,
      headers: u.headers,
      payload: { ...popupBody({ titleOfPopup: { label: 'Edited' } }), status: 'public' },
    });
    expect(revive.statusCode).toBe(200);
    expect(revive.json().data.status).toBe('cancelled');
    const plain = await t.request({
      method: 'PUT',
      url: `/api/popups/${id}`,
      headers: u.headers,
      payload: popupBody({ titleOfPopup: { label: 'Edited again' } }),
    });
    expect(plain.json().data.status).toBe('cancelled');
    const stored = (await get(u, id)).json().data;
    expect(stored).toMatchObject({ status: 'cancelled', titleOfPopup: { label: 'Edited again' } });
  });

  test('the same holds for banners and push notifications', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const { bannerBody, pushBody } = await import('./support/campaigns');
    const banner = await t.request({ method: 'POST', url: '/api/banners', headers: u.headers, payload: { ...bannerBody(), status: 'cancelled' } });
    expect(banner.json().data.status).toBe('public');
    const push = await t.request({ method: 'POST', url: '/api/push-notification', headers: u.headers, payload: { ...pushBody(), status: 'draft' } });
    expect(push.json().data.status).toBe('public');
    const id = push.json().data._id;
    expect((await t.request({ method: 'PATCH', url: `/api/push-notification/cancel/${id}`, headers: u.headers })).statusCode).toBe(200);
    const revive = await t.request({ method: 'PUT', url: '/api/push-notification', headers: u.headers, payload: { ...pushBody(), _id: id, status: 'public' } });
    expect(revive.json().data.status).toBe('cancelled');
  });
});
