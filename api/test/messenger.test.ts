import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Permission } from 'contracts';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import {
  clientMembers,
  contentComments,
  conversationMessages,
  conversations,
  formAnswers,
  visitorEvents,
  visitors,
  websiteInstallations,
  websites,
} from '../src/db/schema';
import { contentOf } from './support/campaigns';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';
import { openStream } from './support/live-streams';

/**
 * The messenger, on PGlite and PostgreSQL: the bubble config (defaults, round trip, validation, who
 * may read and write it), conversations between a visitor and the staff (public calls bound to the
 * visitor token and the website's key), staff notifications, and the live streams (Server-Sent
 * Events over a real socket), including an event written by one API process reaching a stream held
 * by another.
 */
let t: TestApp;
withTestApp((app) => (t = app));

interface Site {
  owner: TestUser;
  id: string;
  key: string;
  domain: string;
}

async function newSite(permissions: Permission[] = ALL_PERMISSIONS): Promise<Site> {
  const owner = await t.createUser({ permissions });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  return { owner, id: w.id, key: w.publicKey, domain: w.domain };
}

const getBubble = (u: TestUser, app = t.app) => app.inject({ method: 'GET', url: '/api/bubble/my-website', headers: u.headers });
const putBubble = (u: TestUser, payload: unknown) =>
  t.request({ method: 'PUT', url: '/api/bubble/my-website', headers: u.headers, payload: payload as object });

/** A visitor's token, as the content call gives it to the page. */
async function visitorToken(s: Site, visitorId: string, app = t.app): Promise<string> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/public/${s.key}/content?${new URLSearchParams({ visitorId, url: `https://${s.domain}/`, device: 'web' })}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

const writeAsVisitor = (s: Site, payload: Record<string, unknown>, key = s.key) =>
  t.request({ method: 'POST', url: `/api/public/${key}/messenger/messages`, payload });
const stateOf = (s: Site, token: string, key = s.key) => t.request({ method: 'GET', url: `/api/public/${key}/messenger?token=${encodeURIComponent(token)}` });

describe('bubble config', () => {
  test('a website that never saved one answers the defaults: launcher hidden, paddings 25, four spaces', async () => {
    const s = await newSite();
    const res = await getBubble(s.owner);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.launcher_settings).toEqual({
      alignment: 'right',
      color: [22, 119, 255],
      horizontal_padding: 25,
      vertical_padding: 25,
      launcher_logo_url: '',
      show_launcher: false,
    });
    expect(data.open_config.open_to).toBe('home');
    expect(data.open_config.spaces.map((x: { type: string }) => x.type)).toEqual(['home', 'messages', 'tasks', 'news']);
  });

  test('round trip: what is saved is read back, by a member without the permission too, and the script gets it', async () => {
    const s = await newSite();
    const config = {
      launcher_settings: {
        alignment: 'left',
        color: [200, 30, 90],
        horizontal_padding: 40,
        vertical_padding: 12,
        launcher_logo_url: 'https://cdn.example.test/logo.png',
        show_launcher: true,
      },
      open_config: {
        open_to: 'messages',
        spaces: [
          { type: 'messages', label: 'Talk to us', navigation_label: 'Chat', badge: true },
          { type: 'news', label: '', navigation_label: '', badge: false },
        ],
      },
    };
    // The script's cached content is loaded before the change: the change must reach it through the database.
    const before = await t.request({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/` });
    expect(before.json().messenger.launcher_settings.show_launcher).toBe(false);
    const res = await putBubble(s.owner, config);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Bubble Updated successfully');
    expect(res.json().data).toEqual(config);
    expect((await getBubble(s.owner)).json().data).toEqual(config);
    const viewer = await t.createUser({ organisationId: s.owner.organisationId, permissions: [] });
    expect((await getBubble(viewer)).json().data).toEqual(config);
    const after = async () => (await t.request({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/` })).json().messenger;
    expect(await eventually(after, (m) => m.launcher_settings.alignment === 'left')).toEqual(config);
  });

  test('writing needs create_websites; another organisation’s website is refused', async () => {
    const s = await newSite();
    const viewer = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_websites'] });
    expect((await putBubble(viewer, {})).statusCode).toBe(403);
    const stranger = await newSite();
    const res = await t.request({ method: 'GET', url: '/api/bubble/my-website', headers: { ...stranger.owner.headers, activewebsite: s.id } });
    expect(res.statusCode).toBe(404);
    const put = await t.request({ method: 'PUT', url: '/api/bubble/my-website', headers: { ...stranger.owner.headers, activewebsite: s.id }, payload: {} });
    expect(put.statusCode).toBe(404);
    expect((await getBubble(s.owner)).json().data.launcher_settings.show_launcher).toBe(false);
  });

  test.each([
    [{ launcher_settings: { alignment: 'middle' } }, 'launcher_settings.alignment', 'The launcher is on the left or on the right'],
    [{ launcher_settings: { color: [300, -1, 0] } }, 'launcher_settings.color.0', 'The colour is three whole numbers from 0 to 255 (red, green, blue)'],
    [{ launcher_settings: { color: [1, 2] } }, 'launcher_settings.color', 'The colour is three whole numbers from 0 to 255 (red, green, blue)'],
    [{ launcher_settings: { horizontal_padding: -5 } }, 'launcher_settings.horizontal_padding', 'The padding is a whole number of pixels from 0 to 400'],
    [{ launcher_settings: { vertical_padding: 2.5 } }, 'launcher_settings.vertical_padding', 'The padding is a whole number of pixels from 0 to 400'],
    [{ launcher_settings: { launcher_logo_url: 'javascript:alert(1)' } }, 'launcher_settings.launcher_logo_url', 'The logo is an http or https address'],
    [{ open_config: { spaces: [{ type: 'chat' }] } }, 'open_config.spaces.0.type', 'A space is home, messages, tasks or news'],
    [{ open_config: { spaces: [{ type: 'home' }, { type: 'home' }] } }, 'open_config.spaces', 'Each space appears once'],
    [{ open_config: { open_to: 'news', spaces: [{ type: 'home' }] } }, 'open_config.open_to', 'The window opens on one of its spaces'],
  ])('400 per field: %j', async (payload, field, message) => {
    const s = await newSite();
    const res = await putBubble(s.owner, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect((await getBubble(s.owner)).json().data.launcher_settings.alignment).toBe('right');
  });
});

/** Polls `read` until `ok` holds (2 s at most), answering the last value. */
async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  let v = await read();
  while (!ok(v) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    v = await read();
  }
  return v;
}

describe('conversations', () => {
  test('round trip: a visitor writes, the staff see it unread, answer, the visitor reads it; the visitor’s badge clears', async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'visitor-a');
    const sent = await writeAsVisitor(s, { token, body: '  Hello, can you help?  ' });
    expect(sent.statusCode).toBe(201);
    const conv = sent.json().conversation;
    expect(conv.messages).toEqual([expect.objectContaining({ author: 'visitor', body: 'Hello, can you help?' })]);

    const list = await t.request({ method: 'GET', url: '/api/conversations', headers: s.owner.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().docs).toEqual([
      expect.objectContaining({ _id: conv._id, visitorId: 'visitor-a', unread: 1, status: 'open', lastMessage: 'Hello, can you help?' }),
    ]);

    const view = await t.request({ method: 'GET', url: `/api/conversations/${conv._id}`, headers: s.owner.headers });
    expect(view.json().data.messages).toHaveLength(1);
    expect((await t.request({ method: 'GET', url: '/api/conversations', headers: s.owner.headers })).json().docs[0].unread).toBe(0);

    const answer = await t.request({
      method: 'POST',
      url: `/api/conversations/${conv._id}/messages`,
      headers: s.owner.headers,
      payload: { body: 'Of course!' },
    });
    expect(answer.statusCode).toBe(201);
    const state = (await stateOf(s, token)).json();
    expect(state.conversations).toEqual([
      expect.objectContaining({
        _id: conv._id,
        unread: 1,
        messages: [expect.objectContaining({ author: 'visitor' }), expect.objectContaining({ author: 'staff', body: 'Of course!' })],
      }),
    ]);
    const read = await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/conversations/${conv._id}/read`, payload: { token } });
    expect(read.statusCode).toBe(200);
    expect((await stateOf(s, token)).json().conversations[0].unread).toBe(0);

    // The visitor continues it; staff close it; writing again opens it again.
    const closed = await t.request({ method: 'PUT', url: `/api/conversations/${conv._id}/close`, headers: s.owner.headers });
    expect(closed.json().data.status).toBe('closed');
    expect((await writeAsVisitor(s, { token, body: 'One more thing', conversationId: conv._id })).statusCode).toBe(201);
    const again = (await t.request({ method: 'GET', url: `/api/conversations/${conv._id}`, headers: s.owner.headers })).json().data;
    expect(again.status).toBe('open');
    expect(again.messages.map((m: { body: string }) => m.body)).toEqual(['Hello, can you help?', 'Of course!', 'One more thing']);
  });

  test('public calls refuse another website’s key, another visitor’s token and a missing token; staff of another organisation see nothing', async () => {
    const s = await newSite();
    const other = await newSite();
    const tokenA = await visitorToken(s, 'visitor-a');
    const tokenB = await visitorToken(s, 'visitor-b');
    const conv = (await writeAsVisitor(s, { token: tokenA, body: 'Private' })).json().conversation;
    // Another website's key with this website's token: the token does not verify there.
    expect((await writeAsVisitor(s, { token: tokenA, body: 'x' }, other.key)).statusCode).toBe(401);
    expect((await stateOf(s, tokenA, other.key)).statusCode).toBe(401);
    // Another visitor's token: their conversation looks missing, and they see none of it.
    expect((await writeAsVisitor(s, { token: tokenB, body: 'x', conversationId: conv._id })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/conversations/${conv._id}/read`, payload: { token: tokenB } })).statusCode,
    ).toBe(404);
    expect((await stateOf(s, tokenB)).json().conversations).toEqual([]);
    expect((await writeAsVisitor(s, { body: 'x' })).statusCode).toBe(400);
    expect((await writeAsVisitor(s, { token: 'forged.token.value', body: 'x' })).statusCode).toBe(401);
    // A page of another domain.
    const foreign = await t.request({
      method: 'POST',
      url: `/api/public/${s.key}/messenger/messages`,
      payload: { token: tokenA, body: 'x' },
      headers: { origin: 'https://evil.test' },
    });
    expect(foreign.statusCode).toBe(403);
    // Staff of the other organisation.
    expect((await t.request({ method: 'GET', url: `/api/conversations/${conv._id}`, headers: other.owner.headers })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/conversations/${conv._id}/messages`, headers: other.owner.headers, payload: { body: 'x' } })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/conversations', headers: other.owner.headers })).json().docs).toEqual([]);
    // Nothing was written by the refused calls.
    const messages = (await t.request({ method: 'GET', url: `/api/conversations/${conv._id}`, headers: s.owner.headers })).json().data.messages;
    expect(messages.map((m: { body: string }) => m.body)).toEqual(['Private']);
  });

  test('validation: an empty or too long message, a bad e-mail, each 400 with its field', async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'v');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ token, body: '   ' }, 'body', 'Please write a message'],
      [{ token, body: 'x'.repeat(2001) }, 'body', 'A message has at most 2000 characters'],
      [{ token, body: 'Hi', email: 'not-an-address' }, 'email', 'Please enter a valid e-mail address'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await writeAsVisitor(s, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(message);
    }
    const conv = await t.request({
      method: 'POST',
      url: '/api/conversations/00000000-0000-4000-8000-000000000000/messages',
      headers: s.owner.headers,
      payload: { body: '' },
    });
    expect(conv.statusCode).toBe(400);
  });

  test('rate-limited per visitor: the 11th message a minute answers 429, another visitor still writes', async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'chatty');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await writeAsVisitor(s, { token, body: `m${i}` })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 201)).toBe(true);
    expect(codes[10]).toBe(429);
    expect((await writeAsVisitor(s, { token: await visitorToken(s, 'quiet'), body: 'hi' })).statusCode).toBe(201);
  });

  test('Home greets an identified visitor by name; News lists the published banners and pushes', async () => {
    const s = await newSite();
    const [member] = await t.ctx.db.insert(clientMembers).values({ websiteId: s.id, memberId: 'ada', username: 'Ada' }).returning();
    await t.ctx.db.insert(visitors).values({ websiteId: s.id, visitorId: 'ada-visitor', clientMemberId: member.id });
    const banner = await contentOf(t, s.owner, 'banner');
    const push = await contentOf(t, s.owner, 'push');
    await contentOf(t, s.owner, 'popup');
    const token = await visitorToken(s, 'ada-visitor');
    const state = (await stateOf(s, token)).json();
    expect(state.name).toBe('Ada');
    expect(state.news.map((n: { _id: string }) => n._id).sort()).toEqual([banner, push].sort());
  });
});

describe('notifications', () => {
  test('a message, a comment, form answers, a first installation and a missing element each notify; newest first, paged, marked read', async () => {
    const s = await newSite();
    const list = (u: TestUser, q = '') => t.request({ method: 'GET', url: `/api/notifications${q}`, headers: u.headers });
    expect((await list(s.owner)).json()).toEqual(expect.objectContaining({ docs: [], unread: 0 }));

    const token = await visitorToken(s, 'v1');
    const conv = (await writeAsVisitor(s, { token, body: 'Where is my order?' })).json().conversation;
    const banner = await contentOf(t, s.owner, 'banner');
    const popup = await contentOf(t, s.owner, 'popup');
    // Through the public events call, as a page sends them.
    const events = await t.request({
      method: 'POST',
      url: `/api/public/${s.key}/events`,
      payload: { token, events: [{ type: 'comment', visitorId: 'v1', contentId: banner, body: 'Love it' }] },
    });
    expect(events.statusCode).toBe(202);
    // One submitted form is several answer rows: one notification.
    await t.ctx.db.insert(formAnswers).values([
      { contentId: popup, visitorId: 'v1', blockId: 'q1', question: 'Name?', answer: 'Ada' },
      { contentId: popup, visitorId: 'v1', blockId: 'q2', question: 'Age?', answer: '36' },
    ]);
    await t.ctx.db.insert(websiteInstallations).values({ websiteId: s.id, origin: `https://${s.domain}` });
    await t.ctx.db.insert(visitorEvents).values({
      websiteId: s.id,
      type: 'element_missing',
      visitorId: 'v1',
      contentId: popup,
      contentKind: 'popup',
      occurredAt: new Date(),
      detail: { page: '/pricing', selector: '#buy' },
    });

    const all = (await list(s.owner, '?pageSize=10')).json();
    expect(all.unread).toBe(5);
    expect(all.meta.totalDocs).toBe(5);
    expect(all.docs.map((n: { type: string }) => n.type)).toEqual(['element_missing', 'installed', 'answers', 'comment', 'message']);
    const byType = Object.fromEntries(all.docs.map((n: { type: string }) => [n.type, n]));
    expect(byType.message).toEqual(expect.objectContaining({ link: `/settings/conversations/${conv._id}`, text: 'Where is my order?', read: false }));
    expect(byType.comment).toEqual(expect.objectContaining({ link: `/banners/${banner}/comments`, text: 'Love it' }));
    expect(byType.answers.link).toBe(`/posts/${popup}/answers`);
    expect(byType.installed).toEqual(expect.objectContaining({ link: '/installation-guide', text: `https://${s.domain}` }));
    expect(byType.element_missing.text).toBe('#buy · /pricing');

    // Paged: two a page, newest first, page 3 holds the oldest.
    const p1 = (await list(s.owner, '?page=1&pageSize=2')).json();
    const p3 = (await list(s.owner, '?page=3&pageSize=2')).json();
    expect(p1.docs.map((n: { type: string }) => n.type)).toEqual(['element_missing', 'installed']);
    expect(p1.meta.hasMore).toBe(true);
    expect(p3.docs.map((n: { type: string }) => n.type)).toEqual(['message']);

    // Read per member: one, then all; a colleague's stay unread.
    const colleague = await t.createUser({ organisationId: s.owner.organisationId, permissions: ALL_PERMISSIONS });
    const one = await t.request({ method: 'PUT', url: `/api/notifications/${byType.message._id}/read`, headers: s.owner.headers });
    expect(one.json()).toEqual({ unread: 4 });
    expect((await list(s.owner)).json().docs.find((n: { _id: string }) => n._id === byType.message._id).read).toBe(true);
    expect((await t.request({ method: 'PUT', url: '/api/notifications/read', headers: s.owner.headers })).json()).toEqual({ unread: 0 });
    expect((await list(colleague)).json().unread).toBe(5);
    // Another organisation's notification looks missing.
    const stranger = await newSite();
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${byType.comment._id}/read`, headers: stranger.owner.headers })).statusCode).toBe(404);
    expect((await list(stranger.owner)).json().docs).toEqual([]);
  });
});

describe('roles: conversations need get_reclamation; notifications follow what they are about', () => {
  test('a member holding only get_websites can neither read, answer nor close a conversation (403); one with get_reclamation can', async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'v-roles');
    const conv = (await writeAsVisitor(s, { token, body: 'My address is ada@example.test', email: 'ada@example.test' })).json().conversation;
    const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_websites', 'get_posts', 'get_banners'] });
    const calls = [
      { method: 'GET', url: '/api/conversations' },
      { method: 'GET', url: `/api/conversations/${conv._id}` },
      { method: 'POST', url: `/api/conversations/${conv._id}/messages`, payload: { body: 'Sneaky answer' } },
      { method: 'PUT', url: `/api/conversations/${conv._id}/close` },
    ] as const;
    for (const call of calls) {
      const res = await t.request({ ...call, headers: member.headers });
      expect([call.url, res.statusCode]).toEqual([call.url, 403]);
      expect(res.body).not.toContain('ada@example.test');
    }
    // Nothing happened to the conversation: still open, no staff answer, still unread for the staff.
    const [row] = await t.ctx.db.select().from(conversations).where(eq(conversations.id, conv._id));
    expect(row).toMatchObject({ status: 'open', staffUnread: 1 });
    expect(await t.ctx.db.$count(conversationMessages, eq(conversationMessages.conversationId, conv._id))).toBe(1);

    const handler = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_reclamation'] });
    const list = await t.request({ method: 'GET', url: '/api/conversations', headers: handler.headers });
    expect(list.statusCode).toBe(200);
    expect(list.json().docs[0]).toMatchObject({ _id: conv._id, email: 'ada@example.test' });
    expect(
      (await t.request({ method: 'POST', url: `/api/conversations/${conv._id}/messages`, headers: handler.headers, payload: { body: 'Hi' } })).statusCode,
    ).toBe(201);
    expect((await t.request({ method: 'PUT', url: `/api/conversations/${conv._id}/close`, headers: handler.headers })).statusCode).toBe(200);
  });

  test("a member sees only the notifications about what they may read: messages with get_reclamation, an item's with its kind's get permission", async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'v-notes');
    await writeAsVisitor(s, { token, body: 'Secret message from a visitor' });
    const banner = await contentOf(t, s.owner, 'banner');
    const popup = await contentOf(t, s.owner, 'popup');
    await t.ctx.db.insert(contentComments).values({ contentId: banner, visitorId: 'v-notes', body: 'Banner comment' });
    await t.ctx.db.insert(formAnswers).values({ contentId: popup, visitorId: 'v-notes', blockId: 'q1', question: 'E-mail?', answer: 'ada@example.test' });
    await t.ctx.db.insert(websiteInstallations).values({ websiteId: s.id, origin: `https://${s.domain}` });

    const seen = async (u: TestUser) => {
      const res = await t.request({ method: 'GET', url: '/api/notifications?pageSize=20', headers: u.headers });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      return { types: (body.docs as { type: string }[]).map((n) => n.type).sort(), unread: body.unread, total: body.meta.totalDocs };
    };
    const websitesOnly = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_websites'] });
    expect(await seen(websitesOnly)).toEqual({ types: ['installed'], unread: 1, total: 1 });
    const banners = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_banners'] });
    expect(await seen(banners)).toEqual({ types: ['comment', 'installed'], unread: 2, total: 2 });
    const popups = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_posts'] });
    expect(await seen(popups)).toEqual({ types: ['answers', 'installed'], unread: 2, total: 2 });
    const handler = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_reclamation'] });
    expect(await seen(handler)).toEqual({ types: ['installed', 'message'], unread: 2, total: 2 });
    expect(await seen(s.owner)).toEqual({ types: ['answers', 'comment', 'installed', 'message'], unread: 4, total: 4 });

    // One they may not see cannot be marked read (it looks missing), and "all read" counts only theirs.
    const all = (await t.request({ method: 'GET', url: '/api/notifications?pageSize=20', headers: s.owner.headers })).json().docs as {
      _id: string;
      type: string;
    }[];
    const message = all.find((n) => n.type === 'message')!;
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${message._id}/read`, headers: websitesOnly.headers })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: '/api/notifications/read', headers: websitesOnly.headers })).json()).toEqual({ unread: 0 });
    // Granted the permission later, the message is there, still unread for them.
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${message._id}/read`, headers: handler.headers })).json()).toEqual({ unread: 1 });
  });
});

describe('live streams (Server-Sent Events)', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  test('the staff’s stream gets a visitor’s message and its notification; the visitor’s stream gets the answer; a reconnect gets what it missed', async () => {
    const s = await newSite();
    const token = await visitorToken(s, 'live-visitor');
    const staff = await openStream(`${base}/api/live`, s.owner.headers);
    expect(staff.status).toBe(200);
    expect(staff.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await staff.next((e) => e.event === 'ready');
    const conv = (await writeAsVisitor(s, { token, body: 'Live hello' })).json().conversation;
    expect((await staff.next((e) => e.event === 'notification')).data).toEqual(expect.objectContaining({ type: 'message' }));
    expect((await staff.next((e) => e.event === 'message')).data).toEqual(
      expect.objectContaining({ _id: conv.messages[0]._id, conversationId: conv._id, body: 'Live hello' }),
    );

    const visitor = await openStream(`${base}/api/public/${s.key}/messenger/live?token=${encodeURIComponent(token)}`);
    await visitor.next((e) => e.event === 'ready');
    const started = Date.now();
    await t.request({ method: 'POST', url: `/api/conversations/${conv._id}/messages`, headers: s.owner.headers, payload: { body: 'Live answer' } });
    const got = await visitor.next((e) => e.event === 'message' && (e.data as { author: string }).author === 'staff');
    expect(Date.now() - started).toBeLessThan(1000);
    expect(got.data).toEqual(expect.objectContaining({ body: 'Live answer' }));
    // Another visitor's stream hears nothing of it.
    const otherToken = await visitorToken(s, 'someone-else');
    const other = await openStream(`${base}/api/public/${s.key}/messenger/live?token=${encodeURIComponent(otherToken)}`);
    await other.next((e) => e.event === 'ready');
    visitor.close();
    await t.request({ method: 'POST', url: `/api/conversations/${conv._id}/messages`, headers: s.owner.headers, payload: { body: 'While you were away' } });
    // Reconnecting with the last event id: the missed answer comes first.
    const again = await openStream(`${base}/api/public/${s.key}/messenger/live?token=${encodeURIComponent(token)}`, { 'last-event-id': got.id });
    expect((await again.next((e) => e.event === 'message')).data).toEqual(expect.objectContaining({ body: 'While you were away' }));
    await new Promise((r) => setTimeout(r, 200));
    expect(other.events.filter((e) => e.event === 'message')).toEqual([]);
    // A stream with another website's key, or without a token, is refused.
    const stranger = await newSite();
    expect((await openStream(`${base}/api/public/${stranger.key}/messenger/live?token=${encodeURIComponent(token)}`)).status).toBe(401);
    expect((await openStream(`${base}/api/live`, { authorization: 'Bearer nope', activewebsite: s.id })).status).toBe(401);
    expect((await openStream(`${base}/api/live`, { activewebsite: s.id })).status).toBe(401);
    expect((await openStream(`${base}/api/live`, { ...stranger.owner.headers, activewebsite: s.id })).status).toBe(404);
    for (const x of [staff, again, other]) x.close();
  });

  test('a member without get_reclamation gets no visitor message on the staff stream, nor the notice of one', async () => {
    const s = await newSite();
    const member = await t.createUser({ organisationId: s.owner.organisationId, permissions: ['get_websites'] });
    const memberStream = await openStream(`${base}/api/live`, member.headers);
    const ownerStream = await openStream(`${base}/api/live`, s.owner.headers);
    await memberStream.next((e) => e.event === 'ready');
    await ownerStream.next((e) => e.event === 'ready');
    const token = await visitorToken(s, 'v-live-roles');
    await writeAsVisitor(s, { token, body: 'For the support team only' });
    await ownerStream.next((e) => e.event === 'message');
    // A notification the member may see, written after: once it arrives, anything before it has too.
    await t.ctx.db.insert(websiteInstallations).values({ websiteId: s.id, origin: `https://${s.domain}` });
    await memberStream.next((e) => e.event === 'notification' && (e.data as { type: string }).type === 'installed');
    expect(memberStream.events.filter((e) => e.event === 'message')).toEqual([]);
    expect(memberStream.events.filter((e) => e.event === 'notification').map((e) => (e.data as { type: string }).type)).toEqual(['installed']);
    expect(JSON.stringify(memberStream.events)).not.toContain('For the support team only');
    // Reconnecting with an old event id replays nothing of it either.
    const again = await openStream(`${base}/api/live`, { ...member.headers, 'last-event-id': '1' });
    await again.next((e) => e.event === 'ready');
    expect(again.events.filter((e) => e.event === 'message' || (e.data as { type?: string } | null)?.type === 'message')).toEqual([]);
    for (const x of [memberStream, ownerStream, again]) x.close();
  });

  test('an event written by one API process reaches a stream held by another (two app instances on one database)', async () => {
    const s = await newSite();
    const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 }) : t.database;
    const other = await buildApp(t.config, { database, logger: false });
    try {
      const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
      const staff = await openStream(`${otherBase}/api/live`, s.owner.headers);
      await staff.next((e) => e.event === 'ready');
      // Written through the first process.
      const token = await visitorToken(s, 'cross-process');
      await writeAsVisitor(s, { token, body: 'Across processes' });
      expect((await staff.next((e) => e.event === 'message')).data).toEqual(expect.objectContaining({ body: 'Across processes' }));
      // And a bubble change made through the first reaches the second's script cache.
      expect((await getBubble(s.owner, other)).json().data.launcher_settings.show_launcher).toBe(false);
      const cached = async () =>
        (await other.inject({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/` })).json().messenger;
      expect((await cached()).launcher_settings.show_launcher).toBe(false);
      await putBubble(s.owner, { launcher_settings: { show_launcher: true } });
      expect((await eventually(cached, (m) => m.launcher_settings.show_launcher)).launcher_settings.show_launcher).toBe(true);
      staff.close();
    } finally {
      await other.close();
      if (t.databaseUrl) await database.close();
    }
  });
});

test('comments imported with old dates notify nobody (an import of history is not news)', async () => {
  const s = await newSite();
  const banner = await contentOf(t, s.owner, 'banner');
  await t.ctx.db.insert(contentComments).values({ contentId: banner, visitorId: 'old', body: 'old', createdAt: new Date(Date.now() - 5 * 86_400_000) });
  expect((await t.request({ method: 'GET', url: '/api/notifications', headers: s.owner.headers })).json().unread).toBe(0);
});
