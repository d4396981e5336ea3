import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type ScriptContentAnswer } from 'contracts';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { contentOf } from './support/campaigns';
import { postVisitorEvents } from './support/visitor-events';
import { visitorEvents, websites } from '../src/db/schema';

/**
 * What a tour played on a page reports (step, complete, snooze, dismiss, element_missing with the page
 * and selector) through the public events call, counted on the tour's view screen; and the content
 * call serving a tour the visitor already started (the page resumes it from their progress).
 */
let t: TestApp;
let u: TestUser;
let key: string;
let domain: string;
beforeAll(async () => {
  t = await createTestApp();
  u = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, u.websiteId));
  key = w.publicKey;
  domain = w.domain;
});
afterAll(() => t?.close());

const tourOf = async () => {
  const id = await contentOf(t, u, 'tour');
  const res = await t.request({ method: 'GET', url: `/api/product-tours/${id}`, headers: u.headers });
  return { id, steps: (res.json().data.steps as { id: string }[]).map((s) => s.id) };
};

test("a tour's events are stored with their step and detail, and counted on its view screen", async () => {
  const { id, steps } = await tourOf();
  const [s1, s2] = steps;
  const [res] = await postVisitorEvents(t, key, [
    { type: 'view', visitorId: 'p1', contentId: id },
    { type: 'step', visitorId: 'p1', contentId: id, target: s1 },
    { type: 'element_missing', visitorId: 'p1', contentId: id, target: s2, detail: { page: 'https://x.test/pricing', selector: '#plans' } },
    { type: 'complete', visitorId: 'p1', contentId: id },
    { type: 'view', visitorId: 'p2', contentId: id },
    { type: 'snooze', visitorId: 'p2', contentId: id },
    { type: 'view', visitorId: 'p3', contentId: id },
    { type: 'dismiss', visitorId: 'p3', contentId: id },
  ]);
  expect(res.statusCode).toBe(202);
  const [missing] = await t.ctx.db.select().from(visitorEvents).where(eq(visitorEvents.type, 'element_missing'));
  expect(missing).toMatchObject({ target: s2, detail: { page: 'https://x.test/pricing', selector: '#plans' }, contentKind: 'tour' });
  const stats = await t.request({ method: 'GET', url: `/api/product-tours/${id}/stats`, headers: u.headers });
  expect(stats.json().data.funnel).toMatchObject({ started: 3, completed: 1, snoozed: 1, dismissed: 1 });
  expect(stats.json().data.funnel.steps[0]).toMatchObject({ id: s1, seen: 1 });
  expect(stats.json().data.missingElements).toEqual([expect.objectContaining({ stepId: s2, selector: '#plans', count: 1 })]);
});

test('tour events on another kind, or without their step or detail, are refused', async () => {
  const popup = await contentOf(t, u, 'popup');
  const { id } = await tourOf();
  const [wrongKind] = await postVisitorEvents(t, key, [{ type: 'step', visitorId: 'q1', contentId: popup, target: 'x' }]);
  expect(wrongKind.statusCode).toBe(400);
  expect(wrongKind.json().errors).toHaveProperty(['events.0.contentId']);
  const [noStep] = await postVisitorEvents(t, key, [{ type: 'step', visitorId: 'q1', contentId: id }]);
  expect(noStep.statusCode).toBe(400);
  expect(noStep.json().errors).toHaveProperty(['events.0.target']);
  const [noDetail] = await postVisitorEvents(t, key, [{ type: 'element_missing', visitorId: 'q1', contentId: id, target: 'x' }]);
  expect(noDetail.statusCode).toBe(400);
  expect(noDetail.json().errors).toHaveProperty(['events.0.detail']);
});

test('a tour the visitor started is served again on their next page (the page resumes it from their progress)', async () => {
  const { id } = await tourOf();
  const served = async (visitorId: string) => {
    const query = new URLSearchParams({ visitorId, url: `https://${domain}/pricing`, device: 'web' });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/${key}/content?${query}` });
    return (res.json() as ScriptContentAnswer).items.map((i) => i.id);
  };
  expect(await served('r1')).toContain(id);
  await postVisitorEvents(t, key, [
    { type: 'view', visitorId: 'r1', contentId: id },
    { type: 'step', visitorId: 'r1', contentId: id, target: 'a' },
  ]);
  expect(await served('r1')).toContain(id);
});

test('a tour takes an interruption of the daily cap like a popup: seen, it counts; the cap used, it is not served', async () => {
  // A website of its own, so the other tests' tours do not take the one interruption.
  const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [site] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  const settings = await t.request({
    method: 'PUT',
    url: `/api/websites/${owner.websiteId}/settings`,
    headers: owner.headers,
    payload: { interruptionsPerDay: 1 },
  });
  expect(settings.statusCode).toBe(200);
  const tour = await contentOf(t, owner, 'tour');
  const popup = await contentOf(t, owner, 'popup');
  const served = async (visitorId: string) => {
    const query = new URLSearchParams({ visitorId, url: `https://${site.domain}/`, device: 'web' });
    const res = await t.app.inject({ method: 'GET', url: `/api/public/${site.publicKey}/content?${query}` });
    const answer = res.json() as ScriptContentAnswer;
    return { ids: answer.items.map((i) => i.id), today: answer.interruptions.today };
  };

  // The visitor saw the tour today: it is their one interruption; the tour still plays on, the popup waits.
  await postVisitorEvents(t, site.publicKey, [{ type: 'view', visitorId: 'cap-1', contentId: tour }]);
  expect(await served('cap-1')).toEqual({ ids: [tour], today: 1 });

  // Another saw the popup today: the cap is used, the tour is not served to them.
  await postVisitorEvents(t, site.publicKey, [{ type: 'view', visitorId: 'cap-2', contentId: popup }]);
  expect(await served('cap-2')).toEqual({ ids: [], today: 1 });
  // A new visitor: the newer popup takes the one interruption, the tour is left out.
  expect(await served('cap-3')).toEqual({ ids: [popup], today: 0 });
});
