import { eq } from 'drizzle-orm';
import { type AudienceGroup, type ExplainResponse, type ScriptContentAnswer } from 'contracts';
import { withTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { bannerBody, contentOf, popupBody, pushBody } from './support/campaigns';
import { attributes, clientMembers, contents, groupMembers, groups, segments } from '../src/db/schema';
import { identityHash } from '../src/lib/identity-hash';
import { postVisitorEvents } from './support/visitor-events';

/**
 * "Why not shown?" (POST /api/{kind}/{id}/explain): the content call's own decision for one item,
 * one visitor or person and one page, step by step, on PGlite and PostgreSQL. Each case is checked
 * against what the content call itself answers the same visitor, so the explanation cannot drift
 * from the decision.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const site = () => newSite(t);

const BASE = { popup: '/api/popups', banner: '/api/banners', push: '/api/push-notification' } as const;
type Kind = keyof typeof BASE;
const add = (s: Site, kind: Kind, body?: object) => contentOf(t, s.u, kind, body);

function explainCall(s: Site, kind: Kind, id: string, payload: object, headers: Record<string, string> = {}) {
  return t.request({ method: 'POST', url: `${BASE[kind]}/${id}/explain`, headers: { ...s.u.headers, ...headers }, payload });
}

async function explain(s: Site, kind: Kind, id: string, payload: object, headers: Record<string, string> = {}): Promise<ExplainResponse['data']> {
  const res = await explainCall(s, kind, id, payload, headers);
  expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return (res.json() as ExplainResponse).data;
}

const stepOf = (data: ExplainResponse['data'], check: string) => data.steps.find((st) => st.check === check);
const failing = (data: ExplainResponse['data']) => data.steps.filter((st) => !st.ok).map((st) => st.check);

/** What the content call itself answers the visitor (ids). */
async function shown(s: Site, visitorId: string, url: string, device: 'web' | 'mobile' = 'web'): Promise<string[]> {
  const query = new URLSearchParams({ visitorId, url, device });
  const res = await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as ScriptContentAnswer).items.map((i) => i.id);
}

const identify = (s: Site, visitorId: string, externalId: string, attributes: Record<string, string | number>) =>
  t.request({
    method: 'POST',
    url: `/api/public/${s.key}/identify`,
    payload: { userHash: identityHash(s.secret, externalId), visitorId, externalId, attributes },
  });

const planIs = (value: string): AudienceGroup => ({ operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: value }] });
const ALL_CHECKS = ['status', 'schedule', 'device', 'audience', 'pageRule', 'replay', 'dailyCap', 'slot'];

test('would show: every step passes, as the content call shows it', async () => {
  const s = await site();
  const popup = await add(s, 'popup', popupBody());
  const url = `https://${s.domain}/`;
  const data = await explain(s, 'popup', popup, { visitorId: 'fresh', url });
  expect(data.wouldShow).toBe(true);
  expect(data.steps.map((st) => st.check)).toEqual(ALL_CHECKS);
  expect(data.steps.every((st) => st.ok)).toBe(true);
  expect(stepOf(data, 'status')!.message).toBe('Published: visitors are served its published version');
  expect(stepOf(data, 'dailyCap')!.details).toEqual({ today: 0, perDay: 3 });
  expect(await shown(s, 'fresh', url)).toEqual([popup]);
});

test('wrong device: the device step fails with what it read', async () => {
  const s = await site();
  const banner = await add(s, 'banner', bannerBody({ settings: { targetDevice: 'mobile' } } as object));
  const url = `https://${s.domain}/`;
  const web = await explain(s, 'banner', banner, { visitorId: 'v1', url, device: 'web' });
  expect(web.wouldShow).toBe(false);
  expect(failing(web)).toEqual(['device']);
  expect(stepOf(web, 'device')).toEqual({
    check: 'device',
    ok: false,
    message: 'Not for this device: it is shown on mobile devices only',
    details: { device: 'web', itemDevice: 'mobile' },
  });
  expect(await shown(s, 'v1', url, 'web')).toEqual([]);
  const mobile = await explain(s, 'banner', banner, { visitorId: 'v1', url, device: 'mobile' });
  expect(mobile.wouldShow).toBe(true);
  expect(await shown(s, 'v1', url, 'mobile')).toEqual([banner]);
});

test('audience: which targeting failed, with the attribute values it read; a person is searched by external id', async () => {
  const s = await site();
  await t.ctx.db.insert(attributes).values({ websiteId: s.u.websiteId, name: 'plan', type: 'string' });
  expect((await identify(s, 'ada-phone', 'ada', { plan: 'free' })).statusCode).toBe(200);
  const [saved] = await t.ctx.db
    .insert(segments)
    .values({ websiteId: s.u.websiteId, name: 'Pro customers', audience: planIs('pro') })
    .returning();
  const [g] = await t.ctx.db.insert(groups).values({ websiteId: s.u.websiteId, name: 'Beta testers' }).returning();
  const dynamic = await add(s, 'banner', bannerBody({ target: 'dynamic', dynamicAudience: planIs('pro') }));
  const bySegment = await add(s, 'banner', bannerBody({ target: 'audiences', audiences: [saved.id] }));
  const byGroup = await add(s, 'banner', bannerBody({ target: 'groups', groups: [g.id] }));
  const url = `https://${s.domain}/`;

  const d = await explain(s, 'banner', dynamic, { personId: 'ada', url });
  expect(d.visitorId).toBe('ada-phone');
  expect(failing(d)).toEqual(['audience']);
  expect(stepOf(d, 'audience')).toMatchObject({
    ok: false,
    message: 'The person does not match its audience’s conditions: plan is “pro”: no, the person’s plan is “free”',
    details: {
      person: 'ada',
      values: { plan: 'free' },
      requirements: [{ met: false, anyOf: [{ type: 'conditions', met: false }] }],
      conditions: ['plan is “pro”: no, the person’s plan is “free”'],
    },
  });
  // In the viewer's language, and each condition alone: the one the person fails is named.
  const both: AudienceGroup = { operator: 'or', predicates: [...planIs('pro').predicates, { attribute: 'plan', comparison: 'is_set', selectedValue: null }] };
  const either = await add(
    s,
    'banner',
    bannerBody({ target: 'dynamic', dynamicAudience: { operator: 'and', predicates: [both, ...planIs('pro').predicates] } }),
  );
  const ar = await explain(s, 'banner', either, { personId: 'ada', url }, { 'accept-language': 'ar' });
  expect(stepOf(ar, 'audience')!.details!.conditions).toEqual([
    'plan يساوي “pro”: لا، قيمة plan لدى الشخص هي “free”',
    'plan محدد: نعم (“free”)',
    'plan يساوي “pro”: لا، قيمة plan لدى الشخص هي “free”',
  ]);
  expect(stepOf(ar, 'audience')!.message).toContain('الشخص لا يستوفي شروط جمهوره');

  const a = await explain(s, 'banner', bySegment, { visitorId: 'ada-phone', url }, { 'accept-language': 'fr' });
  expect(stepOf(a, 'audience')).toMatchObject({
    ok: false,
    message: 'La personne ne correspond à aucune de ses audiences enregistrées (Pro customers)',
    details: { values: { plan: 'free' }, requirements: [{ met: false, anyOf: [{ type: 'audience', id: saved.id, name: 'Pro customers', met: false }] }] },
  });

  const gr = await explain(s, 'banner', byGroup, { personId: 'ada', url });
  expect(stepOf(gr, 'audience')!.message).toBe('The person is in none of its groups (Beta testers)');
  expect(await shown(s, 'ada-phone', url)).toEqual([]);

  // Once Ada is in the group, that item passes.
  const [member] = await t.ctx.db.select().from(clientMembers).where(eq(clientMembers.memberId, 'ada'));
  await t.ctx.db.insert(groupMembers).values({ groupId: g.id, clientMemberId: member.id });
  const now = await explain(s, 'banner', byGroup, { personId: 'ada', url });
  expect(now.wouldShow).toBe(true);
  expect(stepOf(now, 'audience')!.message).toBe('The person is in its audience');

  // A person the script never saw as a visitor: the same compiled conditions, read on their member row.
  await t.ctx.db.insert(clientMembers).values({ websiteId: s.u.websiteId, memberId: 'bob', attributes: { plan: 'pro' } });
  const bob = await explain(s, 'banner', dynamic, { personId: 'bob', url });
  expect(bob).toMatchObject({ wouldShow: true, visitorId: null });
  expect(stepOf(bob, 'audience')).toMatchObject({ ok: true, details: { person: 'bob', values: { plan: 'pro' } } });

  // An anonymous visitor is never in an audience.
  const anonymous = await explain(s, 'banner', byGroup, { visitorId: 'nobody', url });
  expect(stepOf(anonymous, 'audience')).toMatchObject({ ok: false, message: 'For some people only, and this visitor is not identified' });
});

test('page rule: a popup for another page fails the page rule step', async () => {
  const s = await site();
  const popup = await add(s, 'popup', popupBody({ href: '/pricing' }));
  const home = await explain(s, 'popup', popup, { visitorId: 'v1', url: `https://${s.domain}/` });
  expect(failing(home)).toEqual(['pageRule']);
  expect(stepOf(home, 'pageRule')).toMatchObject({
    message: 'The page does not match its page rule “/pricing”',
    details: { rule: '/pricing', url: `https://${s.domain}/` },
  });
  expect(await shown(s, 'v1', `https://${s.domain}/`)).toEqual([]);
  const pricing = await explain(s, 'popup', popup, { visitorId: 'v1', url: `https://${s.domain}/pricing` });
  expect(pricing.wouldShow).toBe(true);
  expect(await shown(s, 'v1', `https://${s.domain}/pricing`)).toEqual([popup]);
});

test('daily cap: reached, with today’s count', async () => {
  const s = await site();
  const settings = { method: 'PUT' as const, url: `/api/websites/${s.u.websiteId}/settings`, headers: s.u.headers, payload: { interruptionsPerDay: 1 } };
  expect((await t.request(settings)).statusCode).toBe(200);
  const seen = await add(s, 'push', pushBody());
  const popup = await add(s, 'popup', popupBody());
  await postVisitorEvents(t, s.key, [{ type: 'view', visitorId: 'tired', contentId: seen }]);
  const url = `https://${s.domain}/`;
  const data = await explain(s, 'popup', popup, { visitorId: 'tired', url });
  expect(data.wouldShow).toBe(false);
  expect(failing(data)).toEqual(['dailyCap']);
  expect(stepOf(data, 'dailyCap')).toMatchObject({ message: 'The daily limit of interruptions is reached (1 of 1 today)', details: { today: 1, perDay: 1 } });
  expect(await shown(s, 'tired', url)).not.toContain(popup);

  // One interruption left today, taken by an item with a higher priority.
  expect((await t.request({ ...settings, payload: { interruptionsPerDay: 2 } })).statusCode).toBe(200);
  const urgent = await add(s, 'popup', popupBody({ priority: 'high' } as object));
  const left = await explain(s, 'popup', popup, { visitorId: 'tired', url });
  expect(failing(left)).toEqual(['dailyCap']);
  expect(stepOf(left, 'dailyCap')).toMatchObject({
    message: 'The interruptions left today (1) go to items with a higher priority',
    details: { today: 1, perDay: 2 },
  });
  expect((await explain(s, 'popup', urgent, { visitorId: 'tired', url })).wouldShow).toBe(true);
  expect(await shown(s, 'tired', url)).toEqual([urgent]);
});

test('replay: a popup seen once and a closed banner do not come back', async () => {
  const s = await site();
  const popup = await add(s, 'popup', popupBody());
  const banner = await add(s, 'banner', bannerBody());
  await postVisitorEvents(t, s.key, [
    { type: 'view', visitorId: 'back', contentId: popup },
    { type: 'close', visitorId: 'back', contentId: banner },
  ]);
  const url = `https://${s.domain}/`;
  const p = await explain(s, 'popup', popup, { visitorId: 'back', url });
  expect(failing(p)).toEqual(['replay']);
  expect(stepOf(p, 'replay')).toMatchObject({
    message: 'The visitor already saw this popup, and it is set to show once',
    details: { showAgain: 'never', lastView: expect.any(String), lastClose: null },
  });
  // The popup seen today is still counted today: the cap is not what stops it.
  expect(stepOf(p, 'dailyCap')!.ok).toBe(true);
  const b = await explain(s, 'banner', banner, { visitorId: 'back', url });
  expect(failing(b)).toEqual(['replay']);
  expect(stepOf(b, 'replay')!.message).toBe('The visitor closed this banner: it stays closed');
  expect(await shown(s, 'back', url)).toEqual([]);
});

test('draft and cancelled items fail the status step and nothing else is decided; a schedule not started fails its step', async () => {
  const s = await site();
  const popup = await add(s, 'popup', popupBody());
  const url = `https://${s.domain}/`;
  await t.ctx.db.update(contents).set({ status: 'draft' }).where(eq(contents.id, popup));
  const draft = await explain(s, 'popup', popup, { visitorId: 'v1', url });
  expect(draft).toEqual({
    wouldShow: false,
    visitorId: 'v1',
    steps: [{ check: 'status', ok: false, message: 'A draft is never shown: publish it first', details: { status: 'draft' } }],
  });
  const ar = await explain(s, 'popup', popup, { visitorId: 'v1', url }, { 'accept-language': 'ar' });
  expect(ar.steps[0].message).toBe('المسودة لا تُعرض أبدًا: انشرها أولًا');
  await t.ctx.db.update(contents).set({ status: 'cancelled' }).where(eq(contents.id, popup));
  expect((await explain(s, 'popup', popup, { visitorId: 'v1', url })).steps).toEqual([
    { check: 'status', ok: false, message: 'Cancelled: it is not shown until it is published again', details: { status: 'cancelled' } },
  ]);
  const later = new Date(Date.now() + 86_400_000);
  await t.ctx.db.update(contents).set({ status: 'scheduled', startsAt: later, endsAt: null }).where(eq(contents.id, popup));
  const scheduled = await explain(s, 'popup', popup, { visitorId: 'v1', url });
  expect(scheduled.wouldShow).toBe(false);
  expect(scheduled.steps.map((st) => [st.check, st.ok])).toEqual([
    ['status', true],
    ['schedule', false],
  ]);
  expect(scheduled.steps[1]).toMatchObject({ message: 'Its schedule has not started yet', details: { startsAt: later.toISOString(), endsAt: null } });
  expect(await shown(s, 'v1', url)).toEqual([]);
});

test('slot: a higher-priority interruptive item would be shown first', async () => {
  const s = await site();
  const high = await add(s, 'popup', popupBody({ priority: 'high' } as object));
  const normal = await add(s, 'popup', popupBody());
  const url = `https://${s.domain}/`;
  const second = await explain(s, 'popup', normal, { visitorId: 'v1', url });
  expect(failing(second)).toEqual(['slot']);
  expect(stepOf(second, 'slot')).toMatchObject({
    message: expect.stringMatching(/^“[^”]+” would be shown first: this one waits until it is closed$/),
    details: { before: [{ id: high, kind: 'popup' }] },
  });
  expect((await explain(s, 'popup', high, { visitorId: 'v1', url })).wouldShow).toBe(true);
  expect(await shown(s, 'v1', url)).toEqual([high, normal]);

  // A push waits for the popup, unless the website lets pushes show beside one; a popup always waits for a push.
  const push = await add(s, 'push', pushBody());
  expect(stepOf(await explain(s, 'push', push, { visitorId: 'v2', url }), 'slot')).toMatchObject({
    ok: false,
    details: { before: [{ id: high, kind: 'popup' }] },
  });
  const beside = {
    method: 'PUT' as const,
    url: `/api/websites/${s.u.websiteId}/settings`,
    headers: s.u.headers,
    payload: { interruptionsPerDay: 3, pushesBesidePopup: true },
  };
  expect((await t.request(beside)).statusCode).toBe(200);
  expect(await explain(s, 'push', push, { visitorId: 'v2', url })).toMatchObject({ wouldShow: true });
  // A push's priority is not in its document: stored as high straight in the table.
  const urgentPush = await add(s, 'push', pushBody());
  await t.ctx.db.update(contents).set({ priority: 'high' }).where(eq(contents.id, urgentPush));
  const waiting = await explain(s, 'popup', high, { visitorId: 'v3', url });
  expect(stepOf(waiting, 'slot')).toMatchObject({ ok: false, details: { before: [{ id: urgentPush, kind: 'push' }] } });
  // Pushes beside a popup or not, two popups never share the screen.
  await t.ctx.db.update(contents).set({ status: 'cancelled' }).where(eq(contents.id, urgentPush));
  const queued = await explain(s, 'popup', normal, { visitorId: 'v4', url });
  // (The newer push, beside the popup, is on screen too: the popup waits for both.)
  expect(stepOf(queued, 'slot')).toMatchObject({
    ok: false,
    details: {
      before: [
        { id: high, kind: 'popup' },
        { id: push, kind: 'push' },
      ],
    },
  });
});

test('another organisation’s item or person is not found; the body is checked field by field', async () => {
  const s = await site();
  const other = await site();
  const mine = await add(s, 'push', pushBody());
  const theirs = await add(other, 'push', pushBody());
  expect((await identify(other, 'their-visitor', 'their-person', {})).statusCode).toBe(200);
  const url = `https://${s.domain}/`;
  const foreign = await explainCall(s, 'push', theirs, { visitorId: 'v1', url });
  expect([foreign.statusCode, foreign.json().message]).toEqual([404, 'Push notification not found']);
  // The same item through another kind's path is not found either.
  expect((await explainCall(s, 'popup', mine, { visitorId: 'v1', url })).statusCode).toBe(404);
  const person = await explainCall(s, 'push', mine, { personId: 'their-person', url });
  expect([person.statusCode, person.json().message]).toEqual([404, 'This person is not a member of this website']);

  const both = await explainCall(s, 'push', mine, { visitorId: 'v1', personId: 'p', url });
  expect(both.statusCode).toBe(400);
  expect(both.json().errors).toEqual({
    visitorId: 'Give either a visitor id or a person, not both',
    personId: 'Give either a visitor id or a person, not both',
  });
  const neither = await explainCall(s, 'push', mine, { url });
  expect(neither.statusCode).toBe(400);
  expect(Object.keys(neither.json().errors).sort()).toEqual(['personId', 'visitorId']);
  const wrong = await explainCall(s, 'push', mine, { visitorId: 'v1', url: 'ftp://x', device: 'tv' });
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().errors).toEqual({ url: 'Please enter a valid URL (http:// or https://)', device: expect.any(String) });
});
