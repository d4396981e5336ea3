import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type ScriptContentAnswer, type Tour } from 'contracts';
import { withTestAppAndUser, type TestApp, type TestUser } from './support/test-app';
import { visitorEvents, websites } from '../src/db/schema';
import { contentOf, tourBody } from './support/campaigns';
import { postVisitorEvents } from './support/visitor-events';

/**
 * Product tours under /api/product-tours: the calls of the banners' shape (the shared machinery is
 * covered by popups.test.ts and the authorization matrix), what is particular to tours (create
 * without a body, server-made step ids, publishing needs a complete tour), the content call serving
 * the published tour only, the view screen's statistics and the dashboard's count.
 */
let t: TestApp;
let owner: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, owner] = [testApp, testUser]));

const BASE = '/api/product-tours';
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, u = owner) =>
  t.request({ method, url: `${BASE}${url}`, headers: u.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
const createDraft = async (query = '', u = owner): Promise<Tour> => {
  const res = await call('POST', query, undefined, u);
  expect(res.statusCode).toBe(201);
  return res.json().data;
};
/** A complete tour, saved through the update call: its id and the saved document. */
async function savedTour(body = tourBody(), u = owner): Promise<Tour> {
  const draft = await createDraft('', u);
  const res = await call('PUT', `/${draft._id}`, body, u);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

test('create takes no body and answers a new draft with the default settings', async () => {
  const res = await call('POST', '');
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({
    message: 'Product tour created successfully',
    data: {
      title: '',
      steps: [],
      insertable_url: '',
      restartable: false,
      snoozeable: true,
      end_tour_animation: 'noanimation',
      button_color: '#0078ff',
      settings: { priority: 'normal', devices: 'all', showProgress: true, overlay: true, dismissible: true },
      showSender: false,
      status: 'draft',
      workspace: null,
      hasDraft: false,
      publishedAt: null,
      sender: { _id: owner.id },
    },
  });
});

test('create puts the draft in the workspace of ?workSpace=, which must be a tour workspace of the website', async () => {
  const ws = async (service: string, u = owner) => {
    const r = await t.request({ method: 'POST', url: '/api/workspaces', headers: u.headers, payload: { name: `Tours ${service}`, icon: 'folder', service } });
    expect(r.statusCode).toBe(201);
    return r.json().data._id as string;
  };
  const tours = await ws('tour');
  expect((await createDraft(`?workSpace=${tours}`)).workspace).toBe(tours);

  const popups = await ws('popup');
  const wrongService = await call('POST', `?workSpace=${popups}`);
  expect(wrongService.statusCode).toBe(400);
  expect(wrongService.json().errors).toEqual({ workspace: expect.any(String) });

  const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
  const foreign = await call('POST', `?workSpace=${await ws('tour', stranger)}`);
  expect(foreign.statusCode).toBe(400);
  const notAnId = await call('POST', '?workSpace=nope');
  expect(notAnId.statusCode).toBe(400);

  const list = await call('GET', `?workSpace=${tours}`);
  expect(list.json().docs.map((r: { workspace: string }) => r.workspace)).toEqual([tours]);
});

test('the server makes step ids, keeps them across saves and reorders, and replaces ids it never made', async () => {
  const tour = await savedTour();
  const [first, second] = tour.steps;
  expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
  expect(second.id).not.toBe(first.id);
  expect(first).toMatchObject({ title: 'Welcome', content: 'This is the menu', placement: 'auto', advanceOn: 'next', whenMissing: 'skip', url: '' });
  expect(first.target).toEqual({ selector: '#menu', fallback: { text: '', tag: '', index: null, landmarks: [] } });
  expect(second.target).toBeNull();

  const res = await call('PUT', `/${tour._id}`, {
    ...tourBody({ title: tour.title }),
    steps: [
      { ...second, content: [{ id: 'b1', kind: 'text', text: 'Our plans, in blocks' }] },
      first,
      { id: 'made-up-by-the-page', content: 'New' },
      { content: 'Also new' },
    ],
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().message).toBe('Product tour updated successfully');
  const steps = (res.json().data as Tour).steps;
  expect(steps.slice(0, 2).map((s) => s.id)).toEqual([second.id, first.id]);
  expect(steps[0].content).toEqual([{ id: 'b1', kind: 'text', text: 'Our plans, in blocks', align: 'start' }]);
  expect(steps[2].id).not.toBe('made-up-by-the-page');
  expect(new Set(steps.map((s) => s.id)).size).toBe(4);
  // Another tour's step id is not this tour's either.
  const other = await savedTour();
  const copied = await call('PUT', `/${tour._id}`, { ...tourBody(), steps: [{ ...other.steps[0] }] });
  expect((copied.json().data as Tour).steps[0].id).not.toBe(other.steps[0].id);
});

test('validation answers 400 with a message per field and changes nothing', async () => {
  const tour = await savedTour();
  const res = await call('PUT', `/${tour._id}`, {
    title: 'x'.repeat(201),
    button_color: 'blue',
    end_tour_animation: 'explode',
    steps: [
      { content: 'Click it', advanceOn: 'click' },
      { content: 'Where', url: 'mailto:a@b.c' },
      { content: 'x', target: { selector: '' } },
    ],
  });
  expect(res.statusCode).toBe(400);
  expect(Object.keys(res.json().errors).sort()).toEqual([
    'button_color',
    'end_tour_animation',
    'steps.0.advanceOn',
    'steps.1.url',
    'steps.2.target.selector',
    'title',
  ]);
  expect(res.json().errors['steps.0.advanceOn']).toBe('A step that advances on a click needs an element to click');
  const tooMany = await call('PUT', `/${tour._id}`, tourBody({ steps: Array.from({ length: 31 }, () => ({ content: 'x' })) }));
  expect(tooMany.statusCode).toBe(400);
  expect(tooMany.json().errors.steps).toBe('A tour has at most 30 steps');
  expect((await call('GET', `/${tour._id}`)).json().data.steps).toEqual(tour.steps);
});

test('a tour goes live only complete: 409 with the fields to fill, then published as a version', async () => {
  const empty = await createDraft();
  const refused = await call('PUT', `/publish/${empty._id}`);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().errors).toEqual({ title: 'Please enter title', steps: 'A tour needs at least one step' });
  const scheduleRefused = await call('PUT', `/schedule/${empty._id}`, { startsAt: new Date(Date.now() + 3_600_000).toISOString() });
  expect(scheduleRefused.statusCode).toBe(409);

  const tour = await savedTour();
  const published = await call('PUT', `/publish/${tour._id}`);
  expect(published.statusCode).toBe(200);
  expect(published.json()).toMatchObject({ message: 'Product tour published', data: { status: 'public', hasDraft: false } });
  const versions = await call('GET', `/${tour._id}/versions`);
  expect(versions.json().data).toEqual([expect.objectContaining({ number: 1, live: true })]);

  // Editing a live tour goes to its unpublished changes.
  const edited = await call('PUT', `/${tour._id}`, { ...tourBody({ title: 'Edited' }), steps: tour.steps });
  expect(edited.json().data).toMatchObject({ title: 'Edited', status: 'public', hasDraft: true });
  const discarded = await call('DELETE', `/draft/${tour._id}`);
  expect(discarded.json().data).toMatchObject({ title: tour.title, hasDraft: false });
});

describe('the list and the actions', () => {
  test('filters by title, status and priority; duplicate, cancel, delete and bulk delete', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const a = await savedTour(tourBody({ title: 'Onboarding', settings: { priority: 'high' } }), u);
    const b = await savedTour(tourBody({ title: 'Billing' }), u);
    await call('PUT', `/publish/${b._id}`, undefined, u);
    const rows = async (q: string) => ((await call('GET', `?page=1&pageSize=10${q}`, undefined, u)).json().docs as { title: string }[]).map((r) => r.title);
    expect(await rows('')).toEqual(['Billing', 'Onboarding']);
    expect(await rows('&title=board')).toEqual(['Onboarding']);
    expect(await rows('&status=public')).toEqual(['Billing']);
    expect(await rows('&priority=high')).toEqual(['Onboarding']);
    expect((await call('GET', '?status=nope', undefined, u)).statusCode).toBe(400);

    const dup = await call('PUT', `/duplicate/${b._id}`, undefined, u);
    expect(dup.statusCode).toBe(201);
    expect(dup.json()).toMatchObject({ message: 'Product tour duplicated successfully', data: { title: 'Billing (copy)', status: 'draft' } });
    expect(dup.json().data.steps.map((s: { title: string }) => s.title)).toEqual(['Welcome', 'Pricing']);

    const cancelled = await call('DELETE', `/cancel/${b._id}`, undefined, u);
    expect(cancelled.json()).toMatchObject({ message: 'Product tour cancelled successfully', data: { status: 'cancelled' } });

    expect((await call('DELETE', `/${a._id}`, undefined, u)).json()).toEqual({ message: 'Product tour deleted successfully' });
    const bulk = await call('DELETE', '', { productTours: [b._id, dup.json().data._id] }, u);
    expect(bulk.json()).toEqual({ message: 'Product tours deleted successfully' });
    expect(await rows('')).toEqual([]);
  });

  test('comments, reactions and their counts answer for a tour', async () => {
    const tour = await savedTour();
    expect((await call('GET', `/${tour._id}/comments?page=1&pageSize=10`)).json()).toMatchObject({ docs: [] });
    expect((await call('GET', `/${tour._id}/reacts`)).statusCode).toBe(200);
    expect((await call('GET', `/${tour._id}/count-reacts`)).json()).toEqual({ data: [], total: 0 });
  });

  test("another organisation's tour, and a popup asked for as a tour, answer 404", async () => {
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    const theirs = await savedTour(tourBody(), stranger);
    for (const [method, url] of [
      ['GET', `/${theirs._id}`],
      ['PUT', `/publish/${theirs._id}`],
      ['GET', `/${theirs._id}/stats`],
      ['DELETE', `/${theirs._id}`],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Product tour not found' });
    }
    const popup = await contentOf(t, owner, 'popup');
    expect((await call('GET', `/${popup}`)).statusCode).toBe(404);
  });
});

/** Waits until the content answer satisfies `check` (the NOTIFY of a change arrives just after its commit). */
async function eventually<T>(read: () => Promise<T[]>, check: (items: T[]) => boolean): Promise<T[]> {
  let items: T[] = [];
  for (let i = 0; i < 20; i++) {
    items = await read();
    if (check(items)) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
  return items;
}

describe('the website script', () => {
  async function siteKey(u: TestUser) {
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
    return { key: w.publicKey, domain: w.domain };
  }
  const served = async (u: TestUser, visitorId = 'v1', path = '/') => {
    const { key, domain } = await siteKey(u);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/public/${key}/content?${new URLSearchParams({ visitorId, url: `https://${domain}${path}`, device: 'web' })}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json() as ScriptContentAnswer).items.filter((i) => i.kind === 'tour');
  };

  test('serves the published tour as published, on any page; a draft and unpublished changes never', async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const tour = await savedTour(tourBody({ title: 'Live', showSender: true, insertable_url: '/start' }), u);
    await savedTour(tourBody({ title: 'Never published' }), u);
    expect(await served(u)).toEqual([]);

    await call('PUT', `/publish/${tour._id}`, undefined, u);
    await call('PUT', `/${tour._id}`, { ...tourBody({ title: 'Changed, not published' }), steps: [{ content: 'Secret' }] }, u);
    const items = await eventually(
      () => served(u, 'v1', '/pricing'),
      (list) => list.length === 1,
    );
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: tour._id, kind: 'tour', sender: expect.any(String) });
    const published = (items[0] as { tour: Record<string, unknown> }).tour;
    expect(published).toMatchObject({ title: 'Live', insertable_url: '/start', button_color: '#0078ff', snoozeable: true });
    expect(published.steps).toEqual(tour.steps);
    // Targeting is the console's, not the page's.
    expect(published).not.toHaveProperty('groups');

    await call('DELETE', `/cancel/${tour._id}`, undefined, u);
    expect(
      await eventually(
        () => served(u),
        (list) => list.length === 0,
      ),
    ).toEqual([]);
  });

  test("a visitor's page reports starting a tour (its view), counted on the view screen", async () => {
    const u = await t.createUser({ permissions: ALL_PERMISSIONS });
    const tour = await savedTour(tourBody(), u);
    await call('PUT', `/publish/${tour._id}`, undefined, u);
    const { key } = await siteKey(u);
    const [res] = await postVisitorEvents(t, key, [{ type: 'view', visitorId: 'starter', contentId: tour._id }]);
    expect(res.statusCode).toBe(202);
    expect((await call('GET', `/${tour._id}/stats`, undefined, u)).json().data.funnel.started).toBe(1);
  });
});

test('"why not shown?" explains a tour: a draft is not served; a published one shows where it starts by itself, not elsewhere', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const tour = await savedTour(tourBody({ insertable_url: '/start' }), u);
  const ask = async (page: string) => {
    const res = await call('POST', `/${tour._id}/explain`, { visitorId: 'v-explain', url: `https://www.example.com${page}` }, u);
    expect(res.statusCode).toBe(200);
    return res.json().data as { wouldShow: boolean };
  };
  expect((await ask('/start')).wouldShow).toBe(false);
  await call('PUT', `/publish/${tour._id}`, undefined, u);
  expect((await ask('/start')).wouldShow).toBe(true);
  expect((await ask('/elsewhere')).wouldShow).toBe(false);
});

test('the view screen: the step funnel in distinct visitors, and the elements not found by page and selector', async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const tour = await savedTour(tourBody(), u);
  const [s1, s2] = tour.steps;
  const other = await savedTour(tourBody(), u);
  const at = new Date();
  const ev = (type: string, visitorId: string, target: string | null = null, detail: Record<string, unknown> | null = null, contentId = tour._id) => ({
    websiteId: u.websiteId,
    type: type as 'view',
    visitorId,
    contentId,
    contentKind: 'tour' as const,
    occurredAt: at,
    target,
    detail,
  });
  await t.ctx.db.insert(visitorEvents).values([
    ev('view', 'a'),
    ev('view', 'a'),
    ev('view', 'b'),
    ev('view', 'c'),
    ev('step', 'a', s1.id),
    ev('step', 'a', s1.id),
    ev('step', 'b', s1.id),
    ev('step', 'c', s1.id),
    ev('step', 'a', s2.id),
    ev('complete', 'a'),
    ev('snooze', 'b'),
    ev('dismiss', 'c'),
    ev('element_missing', 'b', s1.id, { page: '/home', selector: '#menu' }),
    ev('element_missing', 'c', s1.id, { page: '/home', selector: '#menu' }),
    ev('element_missing', 'c', s1.id, { page: '/about', selector: '#menu' }),
    // Another tour's events are not this tour's.
    ev('view', 'z', null, null, other._id),
    ev('element_missing', 'z', other.steps[0].id, { page: '/home', selector: '#menu' }, other._id),
  ]);
  const res = await call('GET', `/${tour._id}/stats`, undefined, u);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({
    funnel: {
      started: 3,
      steps: [
        { id: s1.id, title: 'Welcome', seen: 3 },
        { id: s2.id, title: 'Pricing', seen: 1 },
      ],
      completed: 1,
      snoozed: 1,
      dismissed: 1,
    },
    missingElements: [
      { stepId: s1.id, page: '/home', selector: '#menu', count: 2, lastSeenAt: at.toISOString() },
      { stepId: s1.id, page: '/about', selector: '#menu', count: 1, lastSeenAt: at.toISOString() },
    ],
  });
});

test("the dashboard counts the website's product tours", async () => {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  await createDraft('', u);
  await savedTour(tourBody(), u);
  const res = await t.request({ method: 'GET', url: '/api/count', headers: u.headers });
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toMatchObject({ popup: 0, productTour: 2 });
});
