import { and, eq } from 'drizzle-orm';
import { type AudienceGroup, type ScriptContentAnswer } from 'contracts';
import { createTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { bannerBody, contentOf, popupBody, pushBody } from './support/campaigns';
import { attributes, clientMembers, contents, groupMembers, groups, segments, visitors, websites } from '../src/db/schema';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { PublicRateLimiter } from '../src/delivery/rate-limiter';
import { identityHash } from '../src/lib/identity-hash';
import { postVisitorEvents } from './support/visitor-events';
import { beforeAndAfterMigration } from './support/migrations';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * The website script's server side: identify, the content decision (targeting, devices,
 * page rules, status, run, fatigue, replay), origins, the installation heartbeat and the cache
 * invalidated through the database (NOTIFY), on PGlite and PostgreSQL.
 */
let t: TestApp;
beforeAll(async () => {
  const saved = process.env.PUBLIC_CONTENT_PER_MINUTE;
  process.env.PUBLIC_CONTENT_PER_MINUTE = '60';
  t = await createTestApp();
  if (saved === undefined) delete process.env.PUBLIC_CONTENT_PER_MINUTE;
  else process.env.PUBLIC_CONTENT_PER_MINUTE = saved;
});
afterAll(() => t?.close());

const site = () => newSite(t);

function content(
  s: Site,
  visitorId: string,
  o: { url?: string; device?: 'web' | 'mobile'; origin?: string; v?: string; token?: string; app?: TestApp['app']; open?: string[]; seen?: string[] } = {},
) {
  const query = new URLSearchParams({
    visitorId,
    url: o.url ?? `https://${s.domain}/`,
    device: o.device ?? 'web',
    ...(o.v ? { v: o.v } : {}),
    ...(o.token ? { token: o.token } : {}),
    ...(o.open ? { open: o.open.join(',') } : {}),
    ...(o.seen ? { seen: o.seen.join(',') } : {}),
  });
  return (o.app ?? t.app).inject({
    method: 'GET',
    url: `/api/public/${s.key}/content?${query}`,
    headers: o.origin === undefined ? {} : { origin: o.origin },
  });
}

async function shown(s: Site, visitorId: string, o: Parameters<typeof content>[2] = {}): Promise<ScriptContentAnswer & { ids: string[] }> {
  const res = await content(s, visitorId, o);
  expect(res.statusCode).toBe(200);
  const body = res.json() as ScriptContentAnswer;
  return { ...body, ids: body.items.map((i) => i.id) };
}

/** A verified identify (its userHash computed with the website's secret); identity-verification.test.ts tests the refusals. */
const identify = (s: Site, body: { externalId?: string; [field: string]: unknown }, headers: Record<string, string> = {}) =>
  t.request({
    method: 'POST',
    url: `/api/public/${s.key}/identify`,
    payload: typeof body.externalId === 'string' ? { userHash: identityHash(s.secret, body.externalId), ...body } : body,
    headers,
  });
/** Events of one visitor, with their token, as their page sends them. */
const events = async (s: Site, list: { visitorId: string; [field: string]: unknown }[]) => {
  const [res] = await postVisitorEvents(t, s.key, list);
  return res;
};

const add = (s: Site, kind: 'popup' | 'banner' | 'push', body?: object) => contentOf(t, s.u, kind, body);

async function group(s: Site, memberIds: string[]): Promise<string> {
  const [g] = await t.ctx.db
    .insert(groups)
    .values({ websiteId: s.u.websiteId, name: `G ${Math.random()}` })
    .returning();
  if (memberIds.length) await t.ctx.db.insert(groupMembers).values(memberIds.map((clientMemberId) => ({ groupId: g.id, clientMemberId })));
  return g.id;
}

async function memberIdOf(s: Site, externalId: string): Promise<string> {
  const [m] = await t.ctx.db
    .select()
    .from(clientMembers)
    .where(and(eq(clientMembers.websiteId, s.u.websiteId), eq(clientMembers.memberId, externalId)));
  return m.id;
}

const planIs = (value: string): AudienceGroup => ({ operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: value }] });

/** Waits until the content answer satisfies `check` (the NOTIFY of a change arrives just after its commit). */
async function eventually(read: () => Promise<string[]>, check: (ids: string[]) => boolean): Promise<string[]> {
  let ids: string[] = [];
  for (let i = 0; i < 20; i++) {
    ids = await read();
    if (check(ids)) return ids;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ids;
}

describe('identify', () => {
  test('creates then updates the client member, links the visitor, stores declared attributes', async () => {
    const s = await site();
    await t.ctx.db.insert(attributes).values([
      { websiteId: s.u.websiteId, name: 'plan', type: 'string' },
      { websiteId: s.u.websiteId, name: 'seats', type: 'number' },
      { websiteId: s.u.websiteId, name: 'trial', type: 'boolean' },
      { websiteId: s.u.websiteId, name: 'renewal', type: 'date' },
    ]);
    const first = await identify(s, {
      visitorId: 'v1',
      externalId: 'user-42',
      name: 'Ada',
      email: 'ada@example.test',
      attributes: { plan: 'pro', seats: 3, trial: false, renewal: '2027-01-31' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Visitor identified', memberId: 'user-42', verified: true });
    const again = await identify(s, { visitorId: 'v2', externalId: 'user-42', attributes: { seats: 5 } });
    expect(again.statusCode).toBe(200);
    const [m] = await t.ctx.db.select().from(clientMembers).where(eq(clientMembers.websiteId, s.u.websiteId));
    expect(m).toMatchObject({
      memberId: 'user-42',
      username: 'Ada',
      email: 'ada@example.test',
      attributes: { plan: 'pro', seats: 5, trial: false, renewal: '2027-01-31' },
    });
    const linked = await t.ctx.db.select().from(visitors).where(eq(visitors.websiteId, s.u.websiteId));
    expect(linked.map((v) => [v.visitorId, v.clientMemberId]).sort()).toEqual([
      ['v1', m.id],
      ['v2', m.id],
    ]);
  });

  test('an undeclared attribute or a value of another type → 400 on the field, nothing stored', async () => {
    const s = await site();
    await t.ctx.db.insert(attributes).values([
      { websiteId: s.u.websiteId, name: 'seats', type: 'number' },
      { websiteId: s.u.websiteId, name: 'renewal', type: 'date' },
    ]);
    const unknown = await identify(s, { visitorId: 'v1', externalId: 'u1', attributes: { seats: 2, favourite: 'red' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'attributes.favourite': 'Unknown attribute: declare it on the people-data screen first' });
    const wrong = await identify(s, { visitorId: 'v1', externalId: 'u1', attributes: { seats: 'two', renewal: '2027-02-30' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      'attributes.seats': 'This value does not match the attribute type',
      'attributes.renewal': 'This value does not match the attribute type',
    });
    const fr = await identify(s, { visitorId: 'v1', externalId: 'u1', attributes: { seats: true } }, { 'accept-language': 'fr' });
    expect(fr.json().errors['attributes.seats']).not.toBe('This value does not match the attribute type');
    expect(await t.ctx.db.$count(clientMembers, eq(clientMembers.websiteId, s.u.websiteId))).toBe(0);
    expect(await t.ctx.db.$count(visitors, eq(visitors.websiteId, s.u.websiteId))).toBe(0);
    const missing = await identify(s, { visitorId: 'v1' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ externalId: 'Please enter externalId' });
  });
});

describe('what to show', () => {
  test('targeting: everyone, groups, saved audiences, dynamic audiences, listed people; an anonymous visitor gets only content for everyone', async () => {
    const s = await site();
    await t.ctx.db.insert(attributes).values({ websiteId: s.u.websiteId, name: 'plan', type: 'string' });
    await identify(s, { visitorId: 'pro-visitor', externalId: 'pro', attributes: { plan: 'pro' } });
    await identify(s, { visitorId: 'free-visitor', externalId: 'free', attributes: { plan: 'free' } });
    const pro = await memberIdOf(s, 'pro');
    const free = await memberIdOf(s, 'free');
    const proGroup = await group(s, [pro]);
    const [proSegment] = await t.ctx.db
      .insert(segments)
      .values({ websiteId: s.u.websiteId, name: 'Pros', audience: planIs('pro') })
      .returning();

    const everyone = await add(s, 'banner', bannerBody({ target: 'all' }));
    const byGroup = await add(s, 'banner', bannerBody({ target: 'groups', groups: [proGroup] }));
    const bySegment = await add(s, 'banner', bannerBody({ target: 'audiences', audiences: [proSegment.id] }));
    const byDynamic = await add(s, 'banner', bannerBody({ target: 'dynamic', dynamicAudience: planIs('free') }));
    const listed = await add(s, 'popup', popupBody({ target: 'groups', groups: [proGroup], listOfAudience: [free] }));
    const pushToGroup = await add(s, 'push', pushBody({ group: proGroup }));

    const forPro = await shown(s, 'pro-visitor');
    expect(forPro.ids.sort()).toEqual([everyone, byGroup, bySegment, listed, pushToGroup].sort());
    const forFree = await shown(s, 'free-visitor');
    expect(forFree.ids.sort()).toEqual([everyone, byDynamic, listed].sort());
    const anonymous = await shown(s, 'nobody-knows-me');
    expect(anonymous.ids).toEqual([everyone]);
    // Only what renders: no targeting data in the answer.
    const text = JSON.stringify(forPro);
    expect(text).not.toContain(proGroup);
    expect(text).not.toContain('dynamicAudience');
    expect(text).not.toContain('listOfAudience');
    // The author's name only where the item shows it (a banner's showSender).
    expect(forPro.items.every((i) => i.sender === null)).toBe(true);
    const signed = await add(s, 'banner', bannerBody({ showSender: true }));
    const withSender = await eventually(
      async () => (await shown(s, 'nobody-knows-me')).ids,
      (ids) => ids.includes(signed),
    );
    expect(withSender).toContain(signed);
    const signedItem = (await shown(s, 'nobody-knows-me')).items.find((i) => i.id === signed)!;
    expect(signedItem.sender).toEqual(expect.any(String));
  });

  test('the per-visitor statement (prepared once) reads quotes, backslashes and SQL in visitor ids and audience values as data', async () => {
    const s = await site();
    await t.ctx.db.insert(attributes).values({ websiteId: s.u.websiteId, name: 'plan', type: 'string' });
    const odd = "o'brien\\'); drop table visitors; --";
    const value = "pro'\\ or 1=1 --";
    await identify(s, { visitorId: odd, externalId: 'odd', attributes: { plan: value } });
    await identify(s, { visitorId: 'plain', externalId: 'plain', attributes: { plan: 'pro' } });
    const everyone = await add(s, 'banner', bannerBody({ target: 'all' }));
    const byDynamic = await add(s, 'banner', bannerBody({ target: 'dynamic', dynamicAudience: planIs(value) }));
    // Many calls on the same statement (PostgreSQL plans it generically after five), both visitors each time.
    for (let i = 0; i < 7; i++) {
      expect((await shown(s, odd)).ids.sort()).toEqual([everyone, byDynamic].sort());
      expect((await shown(s, 'plain')).ids).toEqual([everyone]);
      expect((await shown(s, `${odd}-${i}`)).ids).toEqual([everyone]);
    }
    expect(await t.ctx.db.select().from(visitors).where(eq(visitors.websiteId, s.u.websiteId))).toHaveLength(2);
    // PGlite keeps it prepared in its one session: dropped there, it is prepared again on the next call.
    if (t.database.pglite) {
      await t.database.pglite.exec('DEALLOCATE ALL');
      expect((await shown(s, odd)).ids.sort()).toEqual([everyone, byDynamic].sort());
    }
  });

  test('devices, page rules, status, the popup’s run; ordered by priority then newest', async () => {
    const s = await site();
    const webOnly = await add(s, 'popup', popupBody({ devices: 'web', priority: 'high' }));
    const mobileBanner = await add(s, 'banner', bannerBody({ settings: { targetDevice: 'mobile' } }));
    const pricing = await add(s, 'popup', popupBody({ href: '/pricing', priority: 'high' }));
    const absolute = await add(s, 'popup', popupBody({ href: `https://${s.domain}/docs/*`, priority: 'high' }));
    const low = await add(s, 'banner', bannerBody({ settings: { priority: 'low', targetDevice: 'all' } }));
    const high = await add(s, 'banner', bannerBody({ settings: { priority: 'high', targetDevice: 'all' } }));
    const normal = await add(s, 'banner', bannerBody({ settings: { priority: 'normal', targetDevice: 'all' } }));
    const newerNormal = await add(s, 'banner', bannerBody({ settings: { priority: 'normal', targetDevice: 'all' } }));
    await t.ctx.db
      .update(contents)
      .set({ createdAt: new Date(Date.now() + 1000) })
      .where(eq(contents.id, newerNormal));

    const web = await shown(s, 'v', { url: `https://${s.domain}/` });
    // The high banner is newer than the high popup.
    expect(web.ids).toEqual([high, webOnly, newerNormal, normal, low]);
    const mobile = await shown(s, 'v', { device: 'mobile', url: `https://${s.domain}/` });
    expect(mobile.ids).toEqual([high, newerNormal, normal, mobileBanner, low]);
    // On /pricing both the page's popup and the web popup qualify: both are returned, the page shows them one at a time.
    const onPricing = await shown(s, 'v2', { url: `https://${s.domain}/pricing/?x=1` });
    expect(onPricing.ids).toEqual([high, pricing, webOnly, newerNormal, normal, low]);
    // The rule names that page exactly: not the pages below it.
    expect((await shown(s, 'v2', { url: `https://${s.domain}/pricing/plans` })).ids).not.toContain(pricing);
    const mobilePricing = await shown(s, 'v3', { device: 'mobile', url: `https://${s.domain}/pricing` });
    expect(mobilePricing.ids).toContain(pricing);
    const mobileAbout = await shown(s, 'v3', { device: 'mobile', url: `https://${s.domain}/about` });
    expect(mobileAbout.ids).not.toContain(pricing);
    expect(mobileAbout.ids).not.toContain(absolute);
    const mobileDocs = await shown(s, 'v4', { device: 'mobile', url: `https://${s.domain}/docs/start` });
    expect(mobileDocs.ids).toContain(absolute);

    // Cancelled (through the console's call) and drafts are not shown; the next answer reflects the cancel.
    const cancel = await t.request({ method: 'DELETE', url: `/api/popups/cancel/${webOnly}`, headers: s.u.headers });
    expect(cancel.statusCode).toBe(200);
    const afterCancel = await eventually(
      async () => (await shown(s, 'v5')).ids,
      (ids) => !ids.includes(webOnly),
    );
    expect(afterCancel).not.toContain(webOnly);
    const draft = await add(s, 'banner', bannerBody({ settings: { targetDevice: 'all' } }));
    await t.ctx.db.update(contents).set({ status: 'draft' }).where(eq(contents.id, draft));
    expect(
      await eventually(
        async () => (await shown(s, 'v5')).ids,
        (ids) => !ids.includes(draft),
      ),
    ).not.toContain(draft);

    // A popup whose run (duration days after publication) is over.
    const short = await add(s, 'popup', popupBody({ duration: 1, priority: 'high', devices: 'mobile' }));
    expect(
      await eventually(
        async () => (await shown(s, 'v6', { device: 'mobile' })).ids,
        (ids) => ids.includes(short),
      ),
    ).toContain(short);
    // The run counts from when the popup went live.
    await t.ctx.db
      .update(contents)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000), publishedAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(eq(contents.id, short));
    expect(
      await eventually(
        async () => (await shown(s, 'v7', { device: 'mobile' })).ids,
        (ids) => !ids.includes(short),
      ),
    ).not.toContain(short);
  });

  test('fatigue: the cap counts only the interruptive items the visitor saw; banners still show; an item seen today comes back without counting twice', async () => {
    const s = await site();
    const settings = await t.request({
      method: 'PUT',
      url: `/api/websites/${s.u.websiteId}/settings`,
      headers: s.u.headers,
      payload: { interruptionsPerDay: 2 },
    });
    expect(settings.statusCode).toBe(200);
    // Settings not sent take their defaults: one interruptive item at a time, 3 quiet seconds after one
    // ends; the time zone, not sent, keeps the stored one.
    const stored = { interruptionsPerDay: 2, pushesBesidePopup: false, quietAfterCloseSeconds: 3, timeZone: 'UTC' };
    expect(settings.json()).toEqual({ message: 'Website settings updated', data: stored });
    const read = await t.request({ method: 'GET', url: `/api/websites/${s.u.websiteId}/settings`, headers: s.u.headers });
    expect(read.json()).toEqual({ data: stored });
    const popup = await add(s, 'popup', popupBody({ priority: 'high' }));
    // Equal priority: the newer push comes first.
    const push2 = await add(s, 'push', pushBody());
    const push = await add(s, 'push', pushBody());
    await t.ctx.db
      .update(contents)
      .set({ createdAt: new Date(Date.now() + 1000) })
      .where(eq(contents.id, push));
    const banner = await add(s, 'banner', bannerBody({ settings: { targetDevice: 'all' } }));

    // Two may be shown today: the popup and the first push are offered; the page shows the popup first.
    const first = await shown(s, 'tired');
    expect(first.ids).toEqual([popup, push, banner]);
    expect(first.interruptions).toEqual({ perDay: 2, today: 0, pushesBesidePopup: false, quietAfterCloseSeconds: 3 });
    expect((await events(s, [{ type: 'view', visitorId: 'tired', contentId: popup }])).statusCode).toBe(202);
    // The push was offered but never on screen (it waited for the popup): it does not count, and is offered again.
    const again = await shown(s, 'tired', { url: `https://${s.domain}/next`, open: [popup], seen: [popup] });
    expect(again.ids).toEqual([popup, push, banner]);
    expect(again.interruptions.today).toBe(1);
    // The popup closed by itself (no close event): seen, so not offered again; the push still is.
    const closed = await shown(s, 'tired', { url: `https://${s.domain}/next` });
    expect(closed.ids).toEqual([push, banner]);
    await events(s, [{ type: 'view', visitorId: 'tired', contentId: push }]);
    // Two seen: the cap is reached, the second push waits for tomorrow; banners still show.
    const capped = await shown(s, 'tired');
    expect(capped.ids).toEqual([banner]);
    expect(capped.interruptions.today).toBe(2);
    expect(capped.ids).not.toContain(push2);
    // Another visitor has their own day.
    expect((await shown(s, 'fresh')).ids).toEqual([popup, push, banner]);
    // A dismissed banner does not come back; a viewed push notification is shown once.
    await events(s, [{ type: 'close', visitorId: 'fresh', contentId: banner }]);
    expect((await shown(s, 'fresh')).ids).not.toContain(banner);
    const pushOnly = await site();
    const once = await add(pushOnly, 'push', pushBody());
    expect((await shown(pushOnly, 'p')).ids).toEqual([once]);
    expect((await events(pushOnly, [{ type: 'view', visitorId: 'p', contentId: once }])).statusCode).toBe(202);
    expect((await shown(pushOnly, 'p')).ids).toEqual([]);
  });

  test('the content call honours what the page says is open: a popup closed a moment ago holds nothing, one still open stays on any page', async () => {
    const s = await site();
    const first = await add(s, 'popup', popupBody({ priority: 'high', href: '/' }));
    const second = await add(s, 'popup', popupBody({ priority: 'normal', href: '/docs' }));
    const at = (path: string) => `https://${s.domain}${path}`;
    expect((await shown(s, 'nav', { url: at('/') })).ids).toEqual([first]);
    // The view reached the server; the visitor pressed Esc, and navigated before the close left the page's batch.
    await events(s, [{ type: 'view', visitorId: 'nav', contentId: first }]);
    const next = await shown(s, 'nav', { url: at('/docs'), open: [], seen: [first] });
    expect(next.ids).toEqual([second]);
    // The page says its view too, before the event arrives: seen, counted once.
    const other = await shown(s, 'nav2', { url: at('/'), seen: [first] });
    expect(other.ids).toEqual([]);
    expect(other.interruptions.today).toBe(1);
    // Still open on the page after a client-side navigation to a page its rule does not name: it stays.
    const kept = await shown(s, 'nav3', { url: at('/docs'), open: [first], seen: [first] });
    expect(kept.ids).toEqual([first, second]);
    expect(kept.interruptions.today).toBe(1);
    // Ids the website does not hold, or too many, are harmless.
    expect((await shown(s, 'nav4', { url: at('/'), open: ['nope', ...Array.from({ length: 60 }, (_, i) => `x${i}`)] })).ids).toEqual([first]);
    const tooLong = await content(s, 'nav4', { open: ['y'.repeat(3000)] });
    expect(tooLong.statusCode).toBe(400);
  });

  test('page rules on hash routes match on a client-side navigation; a rule that can never match is refused', async () => {
    const s = await site();
    const completed = await add(s, 'popup', popupBody({ href: '#/completed' }));
    const active = await add(s, 'popup', popupBody({ href: '/index.html#/active' }));
    const at = (path: string) => ({ url: `http://${s.domain}${path}` });
    // The app's first page, then its hash router moving on without a reload: the script asks again with the new address.
    expect((await shown(s, 'todo', at('/#/'))).ids).toEqual([]);
    expect((await shown(s, 'todo', at('/#/completed'))).ids).toEqual([completed]);
    expect((await shown(s, 'todo2', at('/index.html#/completed'))).ids).toEqual([completed]);
    expect((await shown(s, 'todo3', at('/#/active'))).ids).toEqual([active]);
    expect((await shown(s, 'todo3', at('/other#/active'))).ids).toEqual([]);

    for (const href of ['mailto:team@example.com', 'example.com:8080/pricing', '/pricing page']) {
      const refused = await t.request({ method: 'POST', url: '/api/popups', headers: s.u.headers, payload: popupBody({ href }) });
      expect([href, refused.statusCode, refused.json().errors?.href]).toEqual([
        href,
        400,
        'This rule can never match a page: write a path such as /pricing, /docs/* or #/completed',
      ]);
    }
  });

  test('settings: pushes beside a popup and the quiet seconds are stored, checked and given to the page', async () => {
    const s = await site();
    const put = (payload: object) => t.request({ method: 'PUT', url: `/api/websites/${s.u.websiteId}/settings`, headers: s.u.headers, payload });
    const saved = await put({ interruptionsPerDay: 4, pushesBesidePopup: true, quietAfterCloseSeconds: 0 });
    expect(saved.statusCode).toBe(200);
    const bad = await put({ interruptionsPerDay: 4, pushesBesidePopup: 'yes', quietAfterCloseSeconds: 601 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ pushesBesidePopup: expect.any(String), quietAfterCloseSeconds: 'Between 0 and 600 seconds' });
    const answer = await eventually(
      async () => [JSON.stringify((await shown(s, 'settings')).interruptions)],
      ([i]) => i.includes('"perDay":4'),
    );
    expect(JSON.parse(answer[0])).toEqual({ perDay: 4, today: 0, pushesBesidePopup: true, quietAfterCloseSeconds: 0 });
  });

  test('replay: a closed popup does not come back with showAgain never, does with always', async () => {
    const s = await site();
    const never = await add(s, 'popup', popupBody({ href: '/never' }));
    const always = await add(s, 'popup', popupBody({ href: '/always', rules: { displayTime: 15000, showAgain: 'always' } }));
    const daily = await add(s, 'popup', popupBody({ href: '/daily', rules: { displayTime: 15000, showAgain: 'daily' } }));
    const at = (path: string) => ({ url: `https://${s.domain}${path}` });
    for (const [id, path] of [
      [never, '/never'],
      [always, '/always'],
      [daily, '/daily'],
    ]) {
      expect((await shown(s, 'r', at(path))).ids).toEqual([id]);
      await events(s, [
        { type: 'view', visitorId: 'r', contentId: id },
        { type: 'close', visitorId: 'r', contentId: id },
      ]);
    }
    expect((await shown(s, 'r', at('/never'))).ids).toEqual([]);
    expect((await shown(s, 'r', at('/always'))).ids).toEqual([always]);
    expect((await shown(s, 'r', at('/daily'))).ids).toEqual([]);
    // Closed yesterday: a daily popup comes back today.
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    await events(s, [
      { type: 'view', visitorId: 'y', contentId: daily, occurredAt: yesterday },
      { type: 'close', visitorId: 'y', contentId: daily, occurredAt: yesterday },
    ]);
    expect((await shown(s, 'y', at('/daily'))).ids).toEqual([daily]);
    expect((await shown(s, 'y', at('/never'))).ids).toEqual([never]);
  });

  test('replay: a visitor who answered a popup has finished it, as if they had closed it', async () => {
    const s = await site();
    const popup = await add(s, 'popup', popupBody());
    expect((await shown(s, 'a')).ids).toEqual([popup]);
    const answered = await events(s, [
      { type: 'view', visitorId: 'a', contentId: popup },
      { type: 'answer', visitorId: 'a', contentId: popup, answers: [{ blockId: 'q1', question: 'Why?', answer: 'Because' }] },
    ]);
    expect(answered.statusCode).toBe(202);
    expect((await shown(s, 'a')).ids).toEqual([]);
    expect((await shown(s, 'b')).ids).toEqual([popup]);
  });
});

describe('origins, keys, installation', () => {
  test('unknown key → 404; a page outside the domain → 403; the domain, a subdomain and no Origin pass', async () => {
    const s = await site();
    const unknown = await t.request({ method: 'GET', url: `/api/public/nope-${Date.now()}/content?visitorId=v&url=https://x.test/` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Unknown website key' });
    for (const origin of ['https://evil.test', `https://${s.domain}.evil.test`, 'http://localhost:3005', 'null']) {
      const res = await content(s, 'v', { origin });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "This page's address is not the website's domain" });
    }
    for (const origin of [`https://${s.domain}`, `http://www.${s.domain}:8080`, undefined]) expect((await content(s, 'v', { origin })).statusCode).toBe(200);
    const refusedIdentify = await identify(s, { visitorId: 'v', externalId: 'x' }, { origin: 'https://evil.test' });
    expect(refusedIdentify.statusCode).toBe(403);
    // A localhost website accepts its own port only.
    await t.ctx.db
      .update(websites)
      .set({ domain: `localhost:${40000 + Math.floor(Math.random() * 1000)}` })
      .where(eq(websites.id, s.u.websiteId));
    const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, s.u.websiteId));
    const local = { ...s, domain: w.domain };
    expect(
      await eventually(
        async () => [String((await content(local, 'v', { origin: `http://${w.domain}` })).statusCode)],
        (codes) => codes[0] === '200',
      ),
    ).toEqual(['200']);
    expect((await content(local, 'v', { origin: 'http://localhost:1' })).statusCode).toBe(403);
    // The content call answers CORS to any origin, and its preflight too.
    const preflight = await t.request({
      method: 'OPTIONS',
      url: `/api/public/${s.key}/identify`,
      headers: { origin: `http://${w.domain}`, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    // identify accepts JSON sent as text/plain (no preflight needed).
    const plain = await t.request({
      method: 'POST',
      url: `/api/public/${s.key}/identify`,
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ visitorId: 'v', externalId: 'plain', userHash: identityHash(s.secret, 'plain') }),
    });
    expect(plain.statusCode).toBe(200);
  });

  test('install-check: not installed before the script reported, then its origin and version', async () => {
    const s = await site();
    const check = () => t.request({ method: 'GET', url: '/api/public/install-check', headers: { 'x-client-id': s.key, origin: 'http://localhost:3000' } });
    const before = await check();
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ app_is_installed: false, lastSeenAt: null, origin: null, version: null });
    expect(before.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    // A page's first call holds no token yet: answered (with one), not counted.
    const first = await content(s, 'v', { origin: `https://www.${s.domain}`, v: '1.2.3' });
    expect(first.statusCode).toBe(200);
    const token = (first.json() as ScriptContentAnswer).token;
    expect((await check()).json().app_is_installed).toBe(false);
    // Without an Origin (not a browser page: the page address is only the caller's word), with another
    // visitor's token, a token of another website, or a forged one: still not counted.
    expect((await content(s, 'v', { v: '1.2.3', token })).statusCode).toBe(200);
    expect((await content(s, 'w', { origin: `https://www.${s.domain}`, v: '1.2.3', token })).statusCode).toBe(200);
    const other = await site();
    const foreign = (await content(other, 'v', { origin: `https://${other.domain}` })).json().token as string;
    expect((await content(s, 'v', { origin: `https://www.${s.domain}`, v: '1.2.3', token: foreign })).statusCode).toBe(200);
    expect((await content(s, 'v', { origin: `https://www.${s.domain}`, v: '1.2.3', token: `${token.slice(0, -2)}xx` })).statusCode).toBe(200);
    // From a foreign page, the call itself is refused, token or not.
    expect((await content(s, 'v', { origin: 'https://evil.test', v: '1.2.3', token })).statusCode).toBe(403);
    expect((await check()).json().app_is_installed).toBe(false);
    // The page's next call, with the token it was given, from the website's domain: installed.
    expect((await content(s, 'v', { origin: `https://www.${s.domain}`, v: '1.2.3', token })).statusCode).toBe(200);
    const after = (await check()).json();
    expect(after).toEqual({ app_is_installed: true, lastSeenAt: expect.any(String), origin: `https://www.${s.domain}`, version: '1.2.3' });
    expect((await t.request({ method: 'GET', url: '/api/public/install-check' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/public/install-check', headers: { 'x-client-id': 'unknown-key' } })).statusCode).toBe(404);
    const preflight = await t.request({
      method: 'OPTIONS',
      url: '/api/public/install-check',
      headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-client-id' },
    });
    expect(String(preflight.headers['access-control-allow-headers']).toLowerCase()).toContain('x-client-id');
  });

  test('install-check: installed after the first page view, by the events that view sends with its token', async () => {
    const s = await site();
    const check = async () => (await t.request({ method: 'GET', url: '/api/public/install-check', headers: { 'x-client-id': s.key } })).json();
    const origin = `https://www.${s.domain}`;
    const first = await content(s, 'v1', { origin, v: '1.2.3' });
    const token = (first.json() as ScriptContentAnswer).token;
    expect((await check()).app_is_installed).toBe(false);
    const events = (headers: Record<string, string>, body: object) =>
      t.request({
        method: 'POST',
        url: `/api/public/${s.key}/events`,
        headers: { 'content-type': 'text/plain;charset=UTF-8', ...headers },
        payload: JSON.stringify(body),
      });
    // Without the page's Origin (not a browser page), not counted.
    expect((await events({}, { token, v: '1.2.3', events: [{ type: 'session', visitorId: 'v1', device: 'web' }] })).statusCode).toBe(202);
    expect((await check()).app_is_installed).toBe(false);
    expect((await events({ origin }, { token, v: '1.2.3', events: [{ type: 'session', visitorId: 'v1', device: 'web' }] })).statusCode).toBe(202);
    expect(await check()).toEqual({ app_is_installed: true, lastSeenAt: expect.any(String), origin, version: '1.2.3' });
  });

  test('install-snippet: the website’s key, the script’s and the API’s addresses; another organisation’s website → 404', async () => {
    const s = await site();
    const res = await t.request({ method: 'GET', url: `/api/websites/${s.u.websiteId}/install-snippet`, headers: s.u.headers });
    expect(res.statusCode).toBe(200);
    const { snippet } = res.json();
    expect(snippet).toContain(JSON.stringify(s.key));
    expect(snippet).toContain('"http://localhost:3006/signpost.js"');
    expect(snippet).toContain('"http://localhost:80"');
    const stranger = await site();
    expect((await t.request({ method: 'GET', url: `/api/websites/${s.u.websiteId}/install-snippet`, headers: stranger.u.headers })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'PUT', url: `/api/websites/${s.u.websiteId}/settings`, headers: stranger.u.headers, payload: { interruptionsPerDay: 2 } }))
        .statusCode,
    ).toBe(404);
    const bad = await t.request({ method: 'PUT', url: `/api/websites/${s.u.websiteId}/settings`, headers: s.u.headers, payload: { interruptionsPerDay: 51 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ interruptionsPerDay: 'Between 0 and 50' });
  });

  test(
    'rate limit per key and address: 429 with Retry-After; the count is shared by processes through the database',
    async () => {
      // Counted per minute of the system clock: start early in a minute, so the 61 calls fall in one window.
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 20_000) await new Promise((r) => setTimeout(r, left + 50));
      const s = await site();
      const codes: number[] = [];
      for (let i = 0; i < 61; i++)
        codes.push(
          (await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/`, remoteAddress: '203.0.113.5' }))
            .statusCode,
        );
      expect(codes.slice(0, 60).every((c) => c === 200)).toBe(true);
      expect(codes[60]).toBe(429);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/`,
        remoteAddress: '203.0.113.5',
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(
        (await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=v&url=https://${s.domain}/`, remoteAddress: '198.51.100.1' }))
          .statusCode,
      ).toBe(200);

      // Two processes' limiters on one database: what one counted, the other learns at its next flush.
      const a = new PublicRateLimiter(t.ctx.db, 5);
      const b = new PublicRateLimiter(t.ctx.db, 5);
      const key = `test|${Math.random()}`;
      for (let i = 0; i < 5; i++) expect(a.take(key, 1)).toBe(0);
      expect(a.take(key, 1)).toBeGreaterThan(0);
      await a.flush();
      expect(b.take(key, 1)).toBe(0);
      await b.flush();
      expect(b.take(key, 1)).toBeGreaterThan(0);
      await Promise.all([a.close(), b.close()]);
    },
    scaled(90_000),
  );
});

test('cache: a second API instance on the same database sees a published and a cancelled popup through NOTIFY', async () => {
  const s = await site();
  // A second process: on PostgreSQL its own pool and LISTEN connection; on PGlite the same engine.
  const database = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, poolSize: 2 }) : t.database;
  const other = await buildApp(t.config, { database, logger: false });
  try {
    expect((await shown(s, 'v', { app: other })).ids).toEqual([]);
    const popup = await add(s, 'popup', popupBody());
    const read = async () => (await shown(s, 'v', { app: other })).ids;
    expect(await eventually(read, (ids) => ids.includes(popup))).toEqual([popup]);
    expect((await shown(s, 'v')).ids).toEqual([popup]);
    await t.request({ method: 'DELETE', url: `/api/popups/cancel/${popup}`, headers: s.u.headers });
    expect(await eventually(read, (ids) => ids.length === 0)).toEqual([]);
  } finally {
    await other.close();
    if (t.databaseUrl) await database.close();
  }
});

test('migration 0010 moves an existing demo website from demo.signpost.local to localhost:3005, and only it', async () => {
  // The migrations as they were before 0010, applied to a database holding a demo website of before.
  // Up to 0009: migrations are applied in order, and none after 0010 may run before it.
  await beforeAndAfterMigration('0010_website_script', async (pglite, migrateRest) => {
    const org = (await pglite.query<{ id: string }>(`insert into organisations (name) values ('Demo Organisation') returning id`)).rows[0].id;
    await pglite.query(
      `insert into websites (organisation_id, name, domain) values ($1, 'Demo website', 'demo.signpost.local'), ($1, 'Shop', 'shop.example.test')`,
      [org],
    );
    await migrateRest();
    const { rows } = await pglite.query<{ name: string; domain: string; interruptions_per_day: number }>(
      `select name, domain, interruptions_per_day from websites order by name`,
    );
    expect(rows).toEqual([
      { name: 'Demo website', domain: 'localhost:3005', interruptions_per_day: 3 },
      { name: 'Shop', domain: 'shop.example.test', interruptions_per_day: 3 },
    ]);
  });
});
