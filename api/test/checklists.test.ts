import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type Checklist, type ChecklistStats, type Permission } from 'contracts';
import { withTestAppAndUser, type TestApp, type TestUser } from './support/test-app';
import { visitorEvents, websites } from '../src/db/schema';
import { identityHash } from '../src/lib/identity-hash';
import { checklistBody, contentOf } from './support/campaigns';
import { postVisitorEvents } from './support/visitor-events';

/**
 * Checklists under /api/check-list: what is particular to them (their fixed paths and the
 * duplication_checklist permission, 5 a page, server-made task ids, defaults), tenancy, and each
 * completion rule marking a task done from the events visitors really sent. The shared machinery is
 * covered by popups.test.ts and the authorization matrix. On PGlite and PostgreSQL.
 */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const BASE = '/api/check-list';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, u = owner, headers: Record<string, string> = {}) =>
  t.request({ method, url: `${BASE}${url}`, headers: { ...u.headers, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
async function created(body = checklistBody(), u = owner): Promise<Checklist> {
  const res = await call('POST', '', body, u);
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

test('a checklist with only a title and task titles is valid: the defaults fill the rest, it starts as a draft', async () => {
  const res = await call('POST', '', { title: 'Get started', tasks: [{ title: 'Say hello' }] });
  expect(res.statusCode).toBe(201);
  const body = res.json();
  expect(body.message).toBe('Checklist created successfully');
  expect(body.data).toMatchObject({
    title: 'Get started',
    subTitle: '',
    show_sender: false,
    notification_type: 'badge',
    direction: null,
    status: 'draft',
    celebration: { is_enabled: true, show_effect: true },
    tasks: [{ title: 'Say hello', content: '', timing: 1, action: { type: 'none' }, completion: { type: 'manual' } }],
  });
  expect(body.data.tasks[0].id).toMatch(/^[0-9a-f-]{36}$/);
});

test('task ids are the server’s and survive edits and reordering; a made-up id is replaced', async () => {
  const c = await created();
  const [a, b, d] = c.tasks;
  const res = await call('PUT', `/${c._id}`, { ...checklistBody({ title: c.title }), tasks: [{ ...d }, { ...a, title: 'Renamed' }, { ...b, id: 'made-up' }] });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('Checklist updated successfully');
  const tasks = (res.json().data as Checklist).tasks;
  expect(tasks.map((x) => x.id).slice(0, 2)).toEqual([d.id, a.id]);
  expect(tasks[2].id).not.toBe('made-up');
});

test('validation: 400 with a message per field, never a 500', async () => {
  const res = await call('POST', '', {
    title: '',
    tasks: [
      { title: 'x', completion: { type: 'event', name: '' } },
      { title: 'y', timing: -1 },
    ],
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors).toMatchObject({
    title: expect.any(String),
    'tasks.0.completion.name': 'Please enter the event name',
    'tasks.1.timing': expect.any(String),
  });
  expect((await call('POST', '', { title: 'No tasks', tasks: [] })).json().errors).toMatchObject({ tasks: 'A checklist needs at least one task' });
});

test('the list pages 5 by default (the console page size) and filters by title, status and author', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  for (let i = 0; i < 6; i++) await created(checklistBody({ title: `Onboarding ${i}` }), u);
  const res = await call('GET', '', undefined, u);
  expect(res.statusCode).toBe(200);
  expect(res.json().meta).toEqual({ totalDocs: 6, page: 1, limit: 5, hasMore: true, nextPage: 2 });
  expect(res.json().docs).toHaveLength(5);
  expect((await call('GET', '?title=boarding%203', undefined, u)).json().meta.totalDocs).toBe(1);
  expect((await call('GET', '?status=public', undefined, u)).json().meta.totalDocs).toBe(0);
  expect((await call('GET', `?author=${u.id}`, undefined, u)).json().meta.totalDocs).toBe(6);
  expect((await call('GET', `?author=${owner.id}`, undefined, u)).json().meta.totalDocs).toBe(0);
});

test('duplicate is POST /{id}/duplicate and needs duplication_checklist; cancel is POST /{id}/cancel', async () => {
  const c = await created();
  const without = await t.createUser({ permissions: ALL_PERMISSIONS.filter((p) => p !== 'duplication_checklist') });
  const theirs = await created(checklistBody(), without);
  expect((await call('POST', `/${theirs._id}/duplicate`, undefined, without)).statusCode).toBe(403);
  const dup = await call('POST', `/${c._id}/duplicate`);
  expect(dup.statusCode).toBe(201);
  expect(dup.json()).toMatchObject({ message: 'Checklist duplicated successfully', data: { title: `${c.title} (copy)`, status: 'draft' } });
  const cancelled = await call('POST', `/${c._id}/cancel`);
  expect(cancelled.statusCode).toBe(200);
  expect(cancelled.json()).toMatchObject({ message: 'Checklist cancelled successfully', data: { status: 'cancelled' } });
  expect((await call('DELETE', '', { checklists: [dup.json().data._id] })).json().message).toBe('Checklist deleted successfully');
  expect((await call('DELETE', `/${c._id}`)).json().message).toBe('Checklist deleted successfully');
});

test('messages come in the caller’s language', async () => {
  const fr = await call('POST', '', checklistBody(), owner, { 'accept-language': 'fr' });
  expect(fr.json().message).toBe('Checklist créée avec succès');
  const ar = await call('POST', '', checklistBody(), owner, { 'accept-language': 'ar' });
  expect(ar.json().message).toBe('تم إنشاء قائمة المهام بنجاح');
});

test("another organisation's checklist answers 404 like a missing one, on every call", async () => {
  const other = await t.createUser({ permissions: ALL_PERMISSIONS });
  const theirs = await contentOf(t, other, 'checklist');
  for (const [method, url] of [
    ['GET', `/${theirs}`],
    ['PUT', `/${theirs}`],
    ['DELETE', `/${theirs}`],
    ['POST', `/${theirs}/duplicate`],
    ['POST', `/${theirs}/cancel`],
    ['GET', `/${theirs}/stats-user`],
  ] as const) {
    const res = await call(method, url, method === 'PUT' ? checklistBody() : undefined);
    expect([method, url, res.statusCode]).toEqual([method, url, 404]);
    expect(res.json().message).toBe('Checklist not found');
  }
  // A tour of the caller's own website is not a checklist either.
  expect((await call('GET', `/${await contentOf(t, owner, 'tour')}`)).statusCode).toBe(404);
});

test('publishing follows the lifecycle: a draft goes live and is kept as version 1', async () => {
  const c = await created();
  const res = await t.request({ method: 'PUT', url: `${BASE}/publish/${c._id}`, headers: owner.headers });
  expect(res.statusCode).toBe(200);
  expect(res.json()).toMatchObject({ message: 'Checklist published', data: { status: 'public' } });
  expect((await call('GET', `/${c._id}/versions`)).json().data).toHaveLength(1);
});

test('the dashboard counts the website’s checklists', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  await created(checklistBody(), u);
  await created(checklistBody(), u);
  const res = await t.request({ method: 'GET', url: '/api/count', headers: u.headers });
  expect(res.json().data).toMatchObject({ checklist: 2 });
});

describe('completion from real events', () => {
  test('each rule marks its task done for that visitor only; stats-user pages, searches and counts the funnel', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    expect((await t.request({ method: 'POST', url: '/api/attributes', headers: u.headers, payload: { name: 'plan', type: 'string' } })).statusCode).toBe(201);
    const tour = await contentOf(t, u, 'tour');
    const c = await created(
      checklistBody({
        title: 'Every rule',
        tasks: [
          { title: 'Tick me' },
          { title: 'Visit pricing', completion: { type: 'page', url: '/pricing' } },
          { title: 'Click upgrade', completion: { type: 'click', selector: '#upgrade' } },
          { title: 'Sign up', completion: { type: 'event', name: 'signed-up' } },
          { title: 'Go pro', completion: { type: 'attribute', attribute: 'plan', value: 'pro' } },
          { title: 'Take the tour', completion: { type: 'tour', tourId: tour }, action: { type: 'tour', tourId: tour } },
        ],
      }),
      u,
    );
    await t.request({ method: 'PUT', url: `${BASE}/publish/${c._id}`, headers: u.headers });
    const [tick, page, click, event, attribute, tourTask] = c.tasks.map((x) => x.id);

    // Ada does everything: the page reports the ticked and clicked tasks; the server sees her visit to
    // the pricing page (her page's content call), the tracked event, her attribute and the tour's
    // completion itself.
    const onPage = async (visitorId: string, path: string) => {
      const q = new URLSearchParams({ visitorId, url: `https://${w.domain}${path}`, device: 'web' });
      expect((await t.app.inject({ method: 'GET', url: `/api/public/${w.publicKey}/content?${q}` })).statusCode).toBe(200);
    };
    await onPage('ada', '/pricing');
    await onPage('ada', '/pricing');
    await onPage('bob', '/about');
    // A tour played to its end, as a page reports it: started, every step shown, completed.
    const played = async (visitorId: string, tourId: string) => {
      const steps = (await t.request({ method: 'GET', url: `/api/product-tours/${tourId}`, headers: u.headers })).json().data.steps as { id: string }[];
      return [
        { visitorId, type: 'view', contentId: tourId },
        ...steps.map((step) => ({ visitorId, type: 'step', contentId: tourId, target: step.id })),
        { visitorId, type: 'complete', contentId: tourId },
      ];
    };
    const answers = await postVisitorEvents(t, w.publicKey, [
      { visitorId: 'ada', type: 'view', contentId: c._id },
      { visitorId: 'ada', type: 'task', contentId: c._id, target: tick },
      { visitorId: 'ada', type: 'task', contentId: c._id, target: click },
      { visitorId: 'ada', type: 'track', name: 'signed-up' },
      ...(await played('ada', tour)),
      // Bob only sees it and tracks another event: nothing of his is done.
      { visitorId: 'bob', type: 'view', contentId: c._id },
      { visitorId: 'bob', type: 'track', name: 'something-else' },
      ...(await played('bob', await contentOf(t, u, 'tour'))),
    ]);
    for (const a of answers) expect(a.statusCode).toBe(202);
    const identify = await t.request({
      method: 'POST',
      url: `/api/public/${w.publicKey}/identify`,
      payload: { visitorId: 'ada', externalId: 'ada-1', name: 'Ada Lovelace', attributes: { plan: 'pro' }, userHash: identityHash(w.identitySecret, 'ada-1') },
    });
    expect(identify.statusCode).toBeLessThan(300);

    // The tracked event is stored on no content, with its name; the visit once, however many views.
    const tracked = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.visitorId, 'ada'));
    expect(tracked.find((e) => e.type === 'track')).toMatchObject({ contentId: null, detail: { name: 'signed-up' } });
    expect(tracked.filter((e) => e.type === 'task' && e.target === page)).toHaveLength(1);

    const res = await call('GET', `/${c._id}/stats-user`, undefined, u);
    expect(res.statusCode).toBe(200);
    const stats = res.json() as ChecklistStats;
    expect(stats.meta).toMatchObject({ totalDocs: 2, limit: 5 });
    const ada = stats.docs.find((d) => d.visitorId === 'ada')!;
    expect(ada.tasks.map((x) => x.id).sort()).toEqual([tick, page, click, event, attribute, tourTask].sort());
    expect(ada.completedAt).not.toBeNull();
    expect(ada.person).toMatchObject({ name: 'Ada Lovelace' });
    const bob = stats.docs.find((d) => d.visitorId === 'bob')!;
    expect(bob.tasks).toEqual([]);
    expect(bob.completedAt).toBeNull();
    expect(stats.stats).toEqual({ seen: 2, completed: 1, dismissed: 0 });
    expect(stats.progress.Tasks.map((x) => x.done)).toEqual([1, 1, 1, 1, 1, 1]);

    const searched = (await call('GET', `/${c._id}/stats-user?search=lovelace`, undefined, u)).json() as ChecklistStats;
    expect(searched.docs.map((d) => d.visitorId)).toEqual(['ada']);
    expect(searched.stats.seen).toBe(2);
  });

  test("a page's task event is checked against the task: it must exist and be done by the page (ticked, clicked)", async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    const c = await created(
      checklistBody({
        tasks: [
          { title: 'Tick me' },
          { title: 'Click upgrade', completion: { type: 'click', selector: '#upgrade' } },
          { title: 'Visit pricing', completion: { type: 'page', url: '/pricing' } },
          { title: 'Sign up', completion: { type: 'event', name: 'signed-up' } },
        ],
      }),
      u,
    );
    await t.request({ method: 'PUT', url: `${BASE}/publish/${c._id}`, headers: u.headers });
    const [tick, click, page, event] = c.tasks.map((x) => x.id);
    const send = async (target: string) => (await postVisitorEvents(t, w.publicKey, [{ visitorId: 'eve', type: 'task', contentId: c._id, target }]))[0];
    for (const target of [page, event]) {
      const res = await send(target);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ 'events.0.target': 'This task is done by what the server sees, not reported by the page' });
    }
    const unknown = await send('no-such-task');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'events.0.target': 'This checklist has no such task' });
    for (const target of [tick, click]) expect((await send(target)).statusCode).toBe(202);
    const stats = (await call('GET', `/${c._id}/stats-user`, undefined, u)).json() as ChecklistStats;
    expect(
      stats.docs
        .find((d) => d.visitorId === 'eve')!
        .tasks.map((x) => x.id)
        .sort(),
    ).toEqual([tick, click].sort());
  });

  test('a task event needs a checklist: on a popup it is refused', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    const popup = await contentOf(t, u, 'popup');
    const [res] = await postVisitorEvents(t, w.publicKey, [{ visitorId: 'v', type: 'task', contentId: popup, target: 'x' }]);
    expect(res.statusCode).toBe(400);
  });
});

// Keeps the permission list honest: the console has always spelt the checklist's duplicate permission this way.
test('duplication_checklist is a permission', () => {
  expect(ALL_PERMISSIONS).toContain('duplication_checklist' as Permission);
});

describe('the content call', () => {
  test('serves the published checklist only, with the tasks the server saw this visitor do', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    const c = await created(checklistBody({ title: 'Served' }), u);
    await created(checklistBody({ title: 'Draft, never served' }), u);
    const content = async (visitorId: string) => {
      const q = new URLSearchParams({ visitorId, url: `https://${w.domain}/`, device: 'web' });
      const res = await t.app.inject({ method: 'GET', url: `/api/public/${w.publicKey}/content?${q}` });
      expect(res.statusCode).toBe(200);
      return res.json() as { items: { kind: string; id: string; checklist?: { title: string } }[]; checklistsDone: Record<string, string[]> };
    };
    expect((await content('zoe')).items.filter((i) => i.kind === 'checklist')).toEqual([]);
    await t.request({ method: 'PUT', url: `${BASE}/publish/${c._id}`, headers: u.headers });
    // The content cache forgets the website when the publish's NOTIFY arrives, just after its commit.
    let before = await content('zoe');
    for (const deadline = Date.now() + 5_000; !before.items.some((i) => i.kind === 'checklist') && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 25));
      before = await content('zoe');
    }
    expect(before.items.filter((i) => i.kind === 'checklist').map((i) => i.checklist?.title)).toEqual(['Served']);
    expect(before.checklistsDone).toEqual({ [c._id]: [] });
    const signUp = c.tasks.find((x) => x.completion.type === 'event')!.id;
    await postVisitorEvents(t, w.publicKey, [{ visitorId: 'zoe', type: 'track', name: 'signed-up' }]);
    expect((await content('zoe')).checklistsDone).toEqual({ [c._id]: [signUp] });
    expect((await content('someone-else')).checklistsDone).toEqual({ [c._id]: [] });
  });

  test('a page visited counts from its content call, once identified on any of the person’s devices', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    const c = await created(checklistBody({ title: 'Visits', tasks: [{ title: 'Visit pricing', completion: { type: 'page', url: '/pricing' } }] }), u);
    await t.request({ method: 'PUT', url: `${BASE}/publish/${c._id}`, headers: u.headers });
    const [visit] = c.tasks.map((x) => x.id);
    const content = async (visitorId: string, path: string) => {
      const q = new URLSearchParams({ visitorId, url: `https://${w.domain}${path}`, device: 'web' });
      const res = await t.app.inject({ method: 'GET', url: `/api/public/${w.publicKey}/content?${q}` });
      expect(res.statusCode).toBe(200);
      return (res.json() as { checklistsDone: Record<string, string[]> }).checklistsDone[c._id];
    };
    const identify = async (visitorId: string) =>
      expect(
        (
          await t.request({
            method: 'POST',
            url: `/api/public/${w.publicKey}/identify`,
            payload: { visitorId, externalId: 'kim-1', name: 'Kim', userHash: identityHash(w.identitySecret, 'kim-1') },
          })
        ).statusCode,
      ).toBeLessThan(300);
    expect(await content('kim-laptop', '/')).toEqual([]);
    expect(await content('kim-phone', '/pricing')).toEqual([visit]);
    // The laptop has not visited it; once both are Kim, the phone's visit counts there too.
    expect(await content('kim-laptop', '/about')).toEqual([]);
    await identify('kim-phone');
    await identify('kim-laptop');
    expect(await content('kim-laptop', '/about')).toEqual([visit]);
    expect(await content('stranger', '/about')).toEqual([]);
  });
});
