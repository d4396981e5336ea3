import { and, count, eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { checklistBody, contentOf } from './support/campaigns';
import { postVisitorEvents, visitorToken } from './support/visitor-events';
import { contentComments, contents, staffNotifications, visitorEvents, websites } from '../src/db/schema';

/**
 * What the events call counts and grants, whatever a page sends: a view once per visitor, item and
 * page view; a checklist or tour completed only by the rules the server knows; step ids of the
 * published tour only; no event on an item that is not live; and a burst of comments on one item
 * notifying staff once.
 */
let t: TestApp;
let u: TestUser;
let key: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  key = w.publicKey;
});
afterAll(() => t?.close());

const post = (token: string, events: object[]) => t.request({ method: 'POST', url: `/api/public/${key}/events`, payload: { token, events } });
const eventsOf = async (contentId: string, type: 'view' | 'complete' | 'comment' | 'step') => {
  const [{ n }] = await t.ctx.db
    .select({ n: count() })
    .from(visitorEvents)
    .where(and(eq(visitorEvents.contentId, contentId), eq(visitorEvents.type, type)));
  return Number(n);
};
/** A new page view: the content call answers the visitor a new token (tokens are signed to the second). */
const pageView = async (visitorId: string) => {
  await new Promise((r) => setTimeout(r, 1100));
  const query = new URLSearchParams({ visitorId, url: 'https://page.example.test/' });
  const res = await t.request({ method: 'GET', url: `/api/public/${key}/content?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
};

describe('views', () => {
  test('1,000 views of one item from one token count 1; the next page view counts again', async () => {
    const popup = await contentOf(t, u, 'popup');
    const token = await visitorToken(t, key, 'v-flood');
    for (let b = 0; b < 10; b++) {
      const res = await post(
        token,
        Array.from({ length: 100 }, () => ({ type: 'view', visitorId: 'v-flood', contentId: popup })),
      );
      expect(res.statusCode).toBe(202);
    }
    expect(await eventsOf(popup, 'view')).toBe(1);
    // Another visitor's view is theirs.
    expect((await postVisitorEvents(t, key, [{ type: 'view', visitorId: 'v-other', contentId: popup }]))[0].statusCode).toBe(202);
    expect(await eventsOf(popup, 'view')).toBe(2);
    // The same visitor on the next page: a new view.
    const next = await pageView('v-flood');
    expect((await post(next, [{ type: 'view', visitorId: 'v-flood', contentId: popup }])).statusCode).toBe(202);
    expect(await eventsOf(popup, 'view')).toBe(3);
  });
});

describe('checklists complete when their tasks are done', () => {
  const oneTask = () => checklistBody({ tasks: [{ title: 'Say hello' }, { title: 'Sign up', completion: { type: 'event', name: 'signed-up' } }] });
  const tasksOf = async (id: string) => {
    const [row] = await t.ctx.db.select({ document: contents.document }).from(contents).where(eq(contents.id, id));
    return (row.document as { tasks: { id: string }[] }).tasks.map((x) => x.id);
  };

  test('a `complete` without the tasks done is refused, and stores nothing', async () => {
    const checklist = await contentOf(t, u, 'checklist', oneTask());
    const [manual] = await tasksOf(checklist);
    const token = await visitorToken(t, key, 'v-lazy');
    const res = await post(token, [
      { type: 'view', visitorId: 'v-lazy', contentId: checklist },
      { type: 'complete', visitorId: 'v-lazy', contentId: checklist },
    ]);
    // The view is taken; the `complete` is refused, and the answer says which and why.
    expect(res.statusCode).toBe(202);
    expect(res.json()).toMatchObject({ accepted: 1, errors: { 'events.1.type': 'Not every task of this checklist is done: it cannot be completed' } });
    // One task of two is not enough either.
    const half = await post(token, [
      { type: 'task', visitorId: 'v-lazy', contentId: checklist, target: manual },
      { type: 'complete', visitorId: 'v-lazy', contentId: checklist },
    ]);
    expect(half.json().errors).toEqual({ 'events.1.type': 'Not every task of this checklist is done: it cannot be completed' });
    expect(await eventsOf(checklist, 'complete')).toBe(0);
    // A batch of which nothing is valid is refused whole.
    const none = await post(token, [{ type: 'complete', visitorId: 'v-lazy', contentId: checklist }]);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toEqual({ 'events.0.type': 'Not every task of this checklist is done: it cannot be completed' });
  });

  test('a `complete` stored without its tasks (an import of history) completes nothing', async () => {
    const checklist = await contentOf(t, u, 'checklist', oneTask());
    const [manual] = await tasksOf(checklist);
    const [imported] = await postVisitorEvents(
      t,
      key,
      [
        { type: 'view', visitorId: 'v-imported', contentId: checklist },
        { type: 'task', visitorId: 'v-imported', contentId: checklist, target: manual },
        { type: 'complete', visitorId: 'v-imported', contentId: checklist },
      ],
      { headers: u.headers },
    );
    expect(imported.statusCode).toBe(202);
    const res = await t.request({ method: 'GET', url: `/api/check-list/${checklist}/stats-user`, headers: u.headers });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().docs as { visitorId: string; tasks: unknown[]; completedAt: string | null }[];
    expect(row).toMatchObject({ visitorId: 'v-imported', completedAt: null });
    expect(row.tasks).toHaveLength(1);
    expect(res.json().stats).toMatchObject({ completed: 0 });
  });

  test('with every task done (stored, or in the same batch) the `complete` is taken', async () => {
    const checklist = await contentOf(t, u, 'checklist', oneTask());
    const [manual] = await tasksOf(checklist);
    const token = await visitorToken(t, key, 'v-busy');
    expect((await post(token, [{ type: 'task', visitorId: 'v-busy', contentId: checklist, target: manual }])).statusCode).toBe(202);
    const res = await post(token, [
      { type: 'track', visitorId: 'v-busy', name: 'signed-up' },
      { type: 'complete', visitorId: 'v-busy', contentId: checklist },
    ]);
    expect(res.statusCode).toBe(202);
    expect(await eventsOf(checklist, 'complete')).toBe(1);
  });
});

describe('a batch is taken event by event', () => {
  test('one refused event: the others are stored and the answer names the refused one and why', async () => {
    const checklist = await contentOf(t, u, 'checklist', checklistBody({ tasks: [{ title: 'Take the tour' }] }));
    const popup = await contentOf(t, u, 'popup');
    const token = await visitorToken(t, key, 'v-mixed');
    const res = await post(token, [
      { id: 'e-view', type: 'view', visitorId: 'v-mixed', contentId: checklist },
      // A task's Start button, as the checklist reports it.
      { id: 'e-start', type: 'click', visitorId: 'v-mixed', contentId: checklist, target: '/pricing' },
      { id: 'e-wrong', type: 'step', visitorId: 'v-mixed', contentId: popup, target: 'step-1' },
      { id: 'e-track', type: 'track', visitorId: 'v-mixed', name: 'opened-pricing' },
    ]);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({
      message: 'Some events recorded; the others were refused (see errors)',
      accepted: 3,
      errors: { 'events.2.contentId': 'This event does not apply to this kind of content' },
    });
    const types = await t.ctx.db.select({ type: visitorEvents.type }).from(visitorEvents).where(eq(visitorEvents.visitorId, 'v-mixed'));
    expect(types.map((r) => r.type).sort()).toEqual(['click', 'track', 'view']);
    // A batch with nothing refused answers no errors.
    const clean = await post(token, [{ id: 'e-again', type: 'click', visitorId: 'v-mixed', contentId: checklist, target: '/pricing' }]);
    expect(clean.statusCode).toBe(202);
    expect(clean.json()).toEqual({ message: 'Events recorded', accepted: 1 });
  });
});

describe('tours', () => {
  const tourOf = async () => {
    const id = await contentOf(t, u, 'tour');
    const res = await t.request({ method: 'GET', url: `/api/product-tours/${id}`, headers: u.headers });
    return { id, steps: (res.json().data.steps as { id: string }[]).map((s) => s.id) };
  };

  test('a tour completed without a start is refused; started but with steps unseen too; started and seen, taken', async () => {
    const { id, steps } = await tourOf();
    const token = await visitorToken(t, key, 'v-tour');
    const bare = await post(token, [{ type: 'complete', visitorId: 'v-tour', contentId: id }]);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ 'events.0.type': 'This tour was not started: it cannot be completed' });
    const skipped = await post(token, [
      { type: 'view', visitorId: 'v-tour', contentId: id },
      { type: 'step', visitorId: 'v-tour', contentId: id, target: steps[0] },
      { type: 'complete', visitorId: 'v-tour', contentId: id },
    ]);
    expect(skipped.statusCode).toBe(202);
    expect(skipped.json().errors).toEqual({ 'events.2.type': 'Not every step of this tour was seen: it cannot be completed' });
    expect(await eventsOf(id, 'complete')).toBe(0);
    // Started and the first step seen on one page, the last step and the end on the next.
    expect(
      (
        await post(token, [
          { type: 'view', visitorId: 'v-tour', contentId: id },
          { type: 'step', visitorId: 'v-tour', contentId: id, target: steps[0] },
        ])
      ).statusCode,
    ).toBe(202);
    const done = await post(token, [
      { type: 'element_missing', visitorId: 'v-tour', contentId: id, target: steps[1], detail: { page: 'https://page.example.test/', selector: '#x' } },
      { type: 'complete', visitorId: 'v-tour', contentId: id },
    ]);
    expect(done.statusCode).toBe(202);
    expect(await eventsOf(id, 'complete')).toBe(1);
  });

  test('a step id the published tour does not have is refused', async () => {
    const { id, steps } = await tourOf();
    const token = await visitorToken(t, key, 'v-steps');
    for (const type of ['step', 'element_missing'] as const) {
      const res = await post(token, [
        { type: 'step', visitorId: 'v-steps', contentId: id, target: steps[0] },
        {
          type,
          visitorId: 'v-steps',
          contentId: id,
          target: 'made-up',
          ...(type === 'element_missing' ? { detail: { page: 'https://x.test/', selector: '#y' } } : {}),
        },
      ]);
      expect(res.statusCode).toBe(202);
      expect(res.json().errors).toEqual({ 'events.1.target': 'This tour has no such step' });
    }
    // The valid step beside each refused one is stored (these events carry no id: each is new).
    expect(await eventsOf(id, 'step')).toBe(2);
  });
});

describe('items that are not live take no events', () => {
  test('a draft, a cancelled item and one outside its schedule take no view or comment', async () => {
    const popupAs = async (set: Partial<typeof contents.$inferInsert>) => {
      const id = await contentOf(t, u, 'popup');
      await t.ctx.db.update(contents).set(set).where(eq(contents.id, id));
      return id;
    };
    const draft = await popupAs({ status: 'draft' });
    const cancelled = await popupAs({ status: 'cancelled' });
    const later = await popupAs({ status: 'scheduled', startsAt: new Date(Date.now() + 86_400_000) });
    const ended = await popupAs({ status: 'scheduled', startsAt: new Date(Date.now() - 2 * 86_400_000), endsAt: new Date(Date.now() - 86_400_000) });
    const live = await contentOf(t, u, 'popup');
    const token = await visitorToken(t, key, 'v-draft');
    for (const id of [draft, cancelled, later, ended]) {
      for (const event of [
        { type: 'view', visitorId: 'v-draft', contentId: id },
        { type: 'comment', visitorId: 'v-draft', contentId: id, body: 'first!' },
      ]) {
        const res = await post(token, [{ type: 'view', visitorId: 'v-draft', contentId: live }, event]);
        expect(res.statusCode).toBe(202);
        expect(res.json().errors).toEqual({ 'events.1.contentId': 'Unknown content for this website' });
      }
      expect(await eventsOf(id, 'view')).toBe(0);
      const [{ n }] = await t.ctx.db.select({ n: count() }).from(contentComments).where(eq(contentComments.contentId, id));
      expect(Number(n)).toBe(0);
    }
    // The live one beside them takes its view (once: one page view).
    expect(await eventsOf(live, 'view')).toBe(1);
  });
});

describe('comment notifications', () => {
  test('20 comments on one item make one notification that counts them; another item has its own', async () => {
    const banner = await contentOf(t, u, 'banner');
    const other = await contentOf(t, u, 'banner');
    // Five visitors, four comments each (each visitor's comments are bounded a minute).
    for (let v = 0; v < 5; v++) {
      const events = Array.from({ length: 4 }, (_, i) => ({ type: 'comment', visitorId: `v-talk-${v}`, contentId: banner, body: `comment ${v}.${i}` }));
      const [res] = await postVisitorEvents(t, key, events);
      expect(res.statusCode).toBe(202);
    }
    await postVisitorEvents(t, key, [{ type: 'comment', visitorId: 'v-talk-0', contentId: other, body: 'elsewhere' }]);
    const rows = await t.ctx.db.select().from(staffNotifications).where(eq(staffNotifications.type, 'comment'));
    const of = (id: string) => rows.filter((r) => r.subjectId === id);
    expect(of(banner)).toHaveLength(1);
    expect(of(banner)[0].detail).toMatchObject({ count: 20, text: 'comment 4.3' });
    expect(of(other)).toHaveLength(1);

    // Listed with its count; read, then a new comment makes it unread again (still one).
    const list = async () =>
      (await t.request({ method: 'GET', url: '/api/notifications', headers: u.headers })).json() as {
        docs: { _id: string; subjectId?: string; link: string; count?: number; read: boolean }[];
      };
    const mine = (await list()).docs.find((d) => d.link.endsWith(`/${banner}/comments`));
    expect(mine).toMatchObject({ count: 20, read: false });
    expect((await t.request({ method: 'PUT', url: `/api/notifications/${mine!._id}/read`, headers: u.headers })).statusCode).toBe(200);
    await postVisitorEvents(t, key, [{ type: 'comment', visitorId: 'v-talk-9', contentId: banner, body: 'one more' }]);
    const again = (await list()).docs.filter((d) => d.link.endsWith(`/${banner}/comments`));
    expect(again).toEqual([expect.objectContaining({ _id: mine!._id, count: 21, read: false })]);
  });
});
