import { sql } from 'drizzle-orm';
import type { PersonExport, PersonRow, TimelineEntry } from 'contracts';
import { withTestApp, randomId, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { checklistBody, contentOf, popupBody } from './support/campaigns';
import { postVisitorEvents, acceptedOf } from './support/visitor-events';
import { identityHash } from '../src/lib/identity-hash';
import {
  contentComments,
  contentProgress,
  contentReactions,
  contents,
  conversationMessages,
  conversations,
  emailJobs,
  emailSuppressions,
  formAnswers,
  groupMembers,
  groups,
  liveEvents,
  pushJobs,
  pushSubscriptions,
  segments,
  visitorEvents,
} from '../src/db/schema';

/**
 * People (/api/people): the list of identified people and anonymous visitors of the active website,
 * a person's page and timeline, what they would be shown now, their export and their deletion, on
 * PGlite and PostgreSQL. Data comes in through the public calls a page makes (identify, events),
 * and straight into the tables for what other areas write (e-mails, pushes, conversations).
 */
let t: TestApp;
withTestApp((app) => (t = app));

const get = (s: Site, url: string, headers: Record<string, string> = {}) => t.request({ method: 'GET', url, headers: { ...s.u.headers, ...headers } });

/** The people-data attributes identify may send (declared on the people-data screen). */
async function declareAttributes(s: Site) {
  const { attributes } = await import('../src/db/schema');
  await t.ctx.db
    .insert(attributes)
    .values([
      { websiteId: s.u.websiteId, name: 'plan', type: 'string' as const },
      { websiteId: s.u.websiteId, name: 'company', type: 'string' as const },
      { websiteId: s.u.websiteId, name: 'seats', type: 'number' as const },
    ])
    .onConflictDoNothing();
}

async function identify(s: Site, visitorId: string, externalId: string, extra: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: `/api/public/${s.key}/identify`,
    payload: { visitorId, externalId, userHash: identityHash(s.secret, externalId), ...extra },
  });
  if (res.statusCode !== 200) throw new Error(`identify answered ${res.statusCode}: ${res.body}`);
}

async function list(s: Site, query = ''): Promise<{ docs: PersonRow[]; meta: { totalDocs: number } }> {
  const res = await get(s, `/api/people${query}`);
  expect([res.statusCode, res.body.slice(0, 300)]).toEqual([200, expect.any(String)]);
  return res.json();
}

/** Ada (identified, two browsers, a popup answered, a checklist completed, an e-mail, a push, a conversation) and an anonymous visitor. */
async function population(s: Site) {
  const tag = randomId().slice(0, 8);
  const ada = { externalId: `ada-${tag}`, email: `ada-${tag}@example.test`, visitors: [`ada-laptop-${tag}`, `ada-phone-${tag}`] };
  const anonymous = `anon-${tag}`;
  const popup = await contentOf(t, s.u, 'popup', popupBody({ name: 'Welcome popup' } as object));
  const checklist = await contentOf(t, s.u, 'checklist', checklistBody());
  await declareAttributes(s);
  await identify(s, ada.visitors[0], ada.externalId, { name: 'Ada Lovelace', email: ada.email, attributes: { plan: 'pro', company: `Analytical ${tag}` } });
  await identify(s, ada.visitors[1], ada.externalId, { attributes: { plan: 'pro' } });
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
  acceptedOf(
    await postVisitorEvents(t, s.key, [
      { type: 'session', visitorId: ada.visitors[0], device: 'web', occurredAt: at(30) },
      { type: 'view', visitorId: ada.visitors[0], contentId: popup, occurredAt: at(29) },
      { type: 'session', visitorId: ada.visitors[1], device: 'mobile', occurredAt: at(20) },
      { type: 'session', visitorId: anonymous, device: 'web', occurredAt: at(0) },
    ]),
  );
  const db = t.ctx.db;
  // The checklist's tasks done on the phone and the checklist completed (checked by their own tests: the server decides a task is done).
  await db.insert(visitorEvents).values([
    {
      websiteId: s.u.websiteId,
      type: 'task',
      visitorId: ada.visitors[1],
      contentId: checklist,
      contentKind: 'checklist',
      target: 't1',
      occurredAt: new Date(now - 11 * 60_000),
    },
    {
      websiteId: s.u.websiteId,
      type: 'complete',
      visitorId: ada.visitors[1],
      contentId: checklist,
      contentKind: 'checklist',
      occurredAt: new Date(now - 10 * 60_000),
    },
  ]);
  const memberId = (
    (await db.execute(sql`select id::text as id from client_members where website_id = ${s.u.websiteId} and member_id = ${ada.externalId}`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows[0].id;
  await db
    .insert(formAnswers)
    .values({ contentId: popup, visitorId: ada.visitors[0], blockId: 'q1', question: 'How did you find us?', answer: `A friend ${tag}` });
  await db.insert(contentComments).values({ contentId: popup, visitorId: ada.visitors[0], body: `Lovely ${tag}` });
  await db
    .update(contents)
    .set({ commentCount: sql`${contents.commentCount} + 1`, reactCount: sql`${contents.reactCount} + 1` })
    .where(sql`${contents.id} = ${popup}`);
  await db.insert(contentReactions).values({ contentId: popup, visitorId: ada.visitors[0], emoji: '🎉' });
  await db
    .insert(contentProgress)
    .values({ websiteId: s.u.websiteId, contentId: checklist, clientMemberId: memberId, state: { done: ['t1'], completed: true } });
  const [conversation] = await db
    .insert(conversations)
    .values({ websiteId: s.u.websiteId, visitorId: ada.visitors[0], clientMemberId: memberId })
    .returning({ id: conversations.id });
  await db.insert(conversationMessages).values({ conversationId: conversation.id, author: 'visitor', body: `Hello from ${tag}` });
  const email = await contentOf(t, s.u, 'email');
  await db.insert(emailJobs).values({
    websiteId: s.u.websiteId,
    contentId: email,
    clientMemberId: memberId,
    email: ada.email,
    token: `tok-${tag}`,
    status: 'sent',
    sentAt: new Date(now - 15 * 60_000),
    openedAt: new Date(now - 14 * 60_000),
  });
  await db.insert(emailSuppressions).values({ websiteId: s.u.websiteId, email: ada.email.toLowerCase(), reason: 'unsubscribed', clientMemberId: memberId });
  const [subscription] = await db
    .insert(pushSubscriptions)
    .values({
      websiteId: s.u.websiteId,
      visitorId: ada.visitors[1],
      clientMemberId: memberId,
      endpoint: `https://push.example.test/${tag}`,
      p256dh: 'k',
      auth: 'a',
    })
    .returning({ id: pushSubscriptions.id });
  const push = await contentOf(t, s.u, 'push');
  await db.insert(pushJobs).values({
    websiteId: s.u.websiteId,
    contentId: push,
    subscriptionId: subscription.id,
    visitorId: ada.visitors[1],
    token: `push-${tag}`,
    status: 'sent',
    sentAt: new Date(now - 12 * 60_000),
  });
  await db.insert(liveEvents).values({ websiteId: s.u.websiteId, visitorId: ada.visitors[0], type: 'message', payload: { text: 'hi' } });
  const [group] = await db
    .insert(groups)
    .values({ websiteId: s.u.websiteId, name: `Pioneers ${tag}` })
    .returning({ id: groups.id });
  await db.insert(groupMembers).values({ groupId: group.id, clientMemberId: memberId });
  const [segment] = await db
    .insert(segments)
    .values({
      websiteId: s.u.websiteId,
      name: `Pro ${tag}`,
      audience: { operator: 'and', predicates: [{ attribute: 'username', comparison: 'contains', selectedValue: 'Ada' }] },
    })
    .returning({ id: segments.id });
  return { tag, ada: { ...ada, memberId }, anonymous, popup, checklist, group: group.id, segment: segment.id, conversation: conversation.id };
}

describe('the list', () => {
  test('identified and anonymous people, newest visit first, with sessions, devices and reach', async () => {
    const s = await newSite(t);
    // Another website's people, who must not show.
    await population(await newSite(t));
    const p = await population(s);
    const { docs, meta } = await list(s);
    expect(meta.totalDocs).toBe(2);
    expect(docs.map((d) => d._id)).toEqual([`visitor:${p.anonymous}`, p.ada.memberId]);
    expect(docs[1]).toMatchObject({
      identified: true,
      externalId: p.ada.externalId,
      name: 'Ada Lovelace',
      email: p.ada.email,
      attributes: { plan: 'pro' },
      sessions: 2,
      devices: ['mobile', 'web'],
      reach: { email: 'unsubscribed', pushSubscriptions: 1 },
    });
    expect(docs[0]).toMatchObject({ identified: false, externalId: null, sessions: 1, devices: ['web'], reach: { email: 'none', pushSubscriptions: 0 } });
  });

  test('search by e-mail, name, external id and any attribute; filter by group, audience and identity; sort and paging', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const ids = async (q: string) => (await list(s, q)).docs.map((d) => d._id);
    expect(await ids(`?search=${encodeURIComponent(p.ada.email.toUpperCase())}`)).toEqual([p.ada.memberId]);
    expect(await ids('?search=lovelace')).toEqual([p.ada.memberId]);
    expect(await ids(`?search=${p.ada.externalId}`)).toEqual([p.ada.memberId]);
    expect(await ids(`?search=Analytical%20${p.tag}`)).toEqual([p.ada.memberId]);
    expect(await ids(`?search=${p.anonymous}`)).toEqual([`visitor:${p.anonymous}`]);
    expect(await ids('?search=nobody-at-all')).toEqual([]);
    expect(await ids(`?group=${p.group}`)).toEqual([p.ada.memberId]);
    expect(await ids(`?segment=${p.segment}`)).toEqual([p.ada.memberId]);
    expect(await ids('?identity=anonymous')).toEqual([`visitor:${p.anonymous}`]);
    expect(await ids('?sort=lastSeen&order=asc')).toEqual([p.ada.memberId, `visitor:${p.anonymous}`]);
    const first = await list(s, '?pageSize=1&page=2');
    expect(first.meta.totalDocs).toBe(2);
    expect(first.docs.map((d) => d._id)).toEqual([p.ada.memberId]);
    expect((await list(s, '?pageSize=1&page=9')).meta.totalDocs).toBe(2);
  });

  test('bad filters answer 400 per field; another website’s audience or group finds nobody of it', async () => {
    const s = await newSite(t);
    const other = await newSite(t);
    const p = await population(other);
    const res = await get(s, '/api/people?sort=age&segment=nope&pageSize=0');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(['pageSize', 'segment', 'sort']);
    expect((await get(s, `/api/people?segment=${p.segment}`)).statusCode).toBe(404);
    expect((await list(s, `?group=${p.group}`)).docs).toEqual([]);
  });
});

describe('a person', () => {
  test('their page: attributes with when each changed, groups and audiences matched now, browsers', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const res = await get(s, `/api/people/${p.ada.memberId}`);
    expect(res.statusCode).toBe(200);
    const person = res.json().data;
    expect(person.attributeList.map((a: { name: string }) => a.name)).toEqual(['company', 'plan']);
    for (const a of person.attributeList) expect(Date.parse(a.changedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(person.groups).toEqual([{ _id: p.group, name: `Pioneers ${p.tag}` }]);
    expect(person.audiences).toEqual([{ _id: p.segment, name: `Pro ${p.tag}` }]);
    expect(person.visitors.map((v: { visitorId: string }) => v.visitorId).sort()).toEqual([...p.ada.visitors].sort());
    const anonymous = await get(s, `/api/people/${encodeURIComponent(`visitor:${p.anonymous}`)}`);
    expect(anonymous.json().data).toMatchObject({ identified: false, visitors: [{ visitorId: p.anonymous, device: 'web' }] });
  });

  test('an attribute identify repeats unchanged keeps its time; a changed one gets a new time', async () => {
    const s = await newSite(t);
    await declareAttributes(s);
    await identify(s, 'v-1', 'kim', { attributes: { plan: 'free', seats: 1 } });
    const [m] = await list(s, '?search=kim').then((l) => l.docs);
    const times = async () =>
      Object.fromEntries(
        ((await get(s, `/api/people/${m._id}`)).json().data.attributeList as { name: string; changedAt: string }[]).map((a) => [a.name, a.changedAt]),
      );
    const before = await times();
    await new Promise((r) => setTimeout(r, 20));
    await identify(s, 'v-1', 'kim', { attributes: { plan: 'free', seats: 2 } });
    const after = await times();
    expect(after.plan).toBe(before.plan);
    expect(Date.parse(after.seats)).toBeGreaterThan(Date.parse(before.seats));
  });

  test('tenancy: another website’s person, or a missing one, answers 404 on every call', async () => {
    const s = await newSite(t);
    const other = await newSite(t);
    const p = await population(other);
    for (const id of [p.ada.memberId, `visitor:${p.anonymous}`, randomId(), 'visitor:nobody']) {
      const path = `/api/people/${encodeURIComponent(id)}`;
      for (const [method, url] of [
        ['GET', path],
        ['GET', `${path}/timeline`],
        ['GET', `${path}/export`],
        ['DELETE', path],
      ] as const) {
        const res = await t.request({ method, url, headers: s.u.headers });
        expect([url, res.statusCode, res.json().message]).toEqual([url, 404, 'Person not found']);
      }
    }
    expect((await get(s, '/api/people/not-a-person')).statusCode).toBe(400);
    // Still all there for their own website.
    expect((await list(other)).meta.totalDocs).toBe(2);
  });

  test('the timeline: newest first, from every table, paged, filtered by kind', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const timeline = async (q = ''): Promise<{ docs: TimelineEntry[]; meta: { totalDocs: number } }> =>
      (await get(s, `/api/people/${p.ada.memberId}/timeline${q}`)).json();
    const all = await timeline('?pageSize=200');
    const kinds = new Set(all.docs.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['answer', 'checklist', 'comment', 'content', 'conversation', 'email', 'progress', 'push', 'session'].sort());
    const times = all.docs.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(all.docs.find((e) => e.kind === 'answer')).toMatchObject({
      content: { _id: p.popup, kind: 'popup' },
      detail: { question: 'How did you find us?', answer: `A friend ${p.tag}` },
    });
    expect(all.docs.find((e) => e.kind === 'checklist')).toMatchObject({ type: 'complete', content: { _id: p.checklist, kind: 'checklist' } });
    expect(
      all.docs
        .filter((e) => e.kind === 'email')
        .map((e) => e.type)
        .sort(),
    ).toEqual(['opened', 'sent']);
    const sessions = await timeline('?kind=session');
    expect(sessions.docs.map((e) => e.detail.device).sort()).toEqual(['mobile', 'web']);
    const page2 = await timeline('?pageSize=2&page=2');
    expect(page2.meta.totalDocs).toBe(all.meta.totalDocs);
    expect(page2.docs).toEqual(all.docs.slice(2, 4));
    // The anonymous visitor's own timeline holds their session only.
    const anonymous = (await get(s, `/api/people/${encodeURIComponent(`visitor:${p.anonymous}`)}/timeline`)).json();
    expect(anonymous.docs.map((e: TimelineEntry) => e.kind)).toEqual(['session']);
  });

  test('what they would see now: the explanation of every live item', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const res = await t.request({
      method: 'POST',
      url: `/api/people/${p.ada.memberId}/preview`,
      headers: s.u.headers,
      payload: { url: `https://${s.domain}/` },
    });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { _id: string; wouldShow: boolean; steps: { check: string }[] }[];
    expect(items.map((i) => i._id)).toEqual(expect.arrayContaining([p.popup, p.checklist]));
    for (const i of items) expect(i.steps[0].check).toBe('status');
    const bad = await t.request({
      method: 'POST',
      url: `/api/people/${p.ada.memberId}/preview`,
      headers: s.u.headers,
      payload: { url: 'javascript:alert(1)' },
    });
    expect([bad.statusCode, Object.keys(bad.json().errors)]).toEqual([400, ['url']]);
  });
});

describe('their data on request', () => {
  test('the export holds every kind of their data', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const res = await get(s, `/api/people/${p.ada.memberId}/export`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const data = res.json() as PersonExport;
    expect(data.person).toMatchObject({ externalId: p.ada.externalId, email: p.ada.email });
    for (const key of [
      'events',
      'answers',
      'comments',
      'reactions',
      'conversations',
      'emails',
      'emailSuppressions',
      'pushSubscriptions',
      'pushes',
      'progress',
    ] as const)
      expect([key, data[key].length > 0]).toEqual([key, true]);
    expect(data.answers[0]).toMatchObject({ question: 'How did you find us?', answer: `A friend ${p.tag}` });
    expect(data.conversations[0]).toMatchObject({ messages: [{ author: 'visitor', body: `Hello from ${p.tag}` }] });
  });

  test('delete: nothing of the person is left in any table, counts follow, the others stay', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const other = await population(s);
    const traces = [p.ada.memberId, p.ada.externalId, p.ada.email, ...p.ada.visitors, p.conversation];
    expect(await tablesHolding(traces)).not.toEqual([]);
    const res = await t.request({ method: 'DELETE', url: `/api/people/${p.ada.memberId}`, headers: s.u.headers });
    expect([res.statusCode, res.json().message]).toEqual([200, 'The person and all their data were deleted']);
    expect(await tablesHolding(traces)).toEqual([]);
    // Gone from the list and the audience preview; the item's counters lowered; the other person whole.
    expect((await list(s)).docs.map((d) => d._id)).not.toContain(p.ada.memberId);
    const preview = await t.request({
      method: 'POST',
      url: '/api/clients',
      headers: s.u.headers,
      payload: { operator: 'and', predicates: [{ attribute: 'username', comparison: 'contains', selectedValue: 'Ada' }] },
    });
    expect(preview.json().docs.map((d: { memberId: string }) => d.memberId)).toEqual([other.ada.externalId]);
    const counters = (
      (await t.ctx.db.execute(sql`select react_count as r, comment_count as c from contents where id = ${p.popup}`)) as unknown as {
        rows: { r: number; c: number }[];
      }
    ).rows[0];
    expect(counters).toEqual({ r: 0, c: 0 });
    expect((await get(s, `/api/people/${other.ada.memberId}/export`)).json().answers).toHaveLength(1);
    expect((await t.request({ method: 'DELETE', url: `/api/people/${p.ada.memberId}`, headers: s.u.headers })).statusCode).toBe(404);
  });

  test('delete an anonymous visitor: their events and rows go, nobody else’s', async () => {
    const s = await newSite(t);
    const p = await population(s);
    const id = encodeURIComponent(`visitor:${p.anonymous}`);
    expect((await t.request({ method: 'DELETE', url: `/api/people/${id}`, headers: s.u.headers })).statusCode).toBe(200);
    expect(await tablesHolding([p.anonymous])).toEqual([]);
    expect((await list(s)).docs.map((d) => d._id)).toEqual([p.ada.memberId]);
  });
});

describe('retention', () => {
  test('anonymous visitors’ events past the website’s retention are deleted by the job; identified people’s and other websites’ stay', async () => {
    const s = await newSite(t);
    const other = await newSite(t);
    const p = await population(s);
    const q = await population(other);
    const put = (payload: object) => t.request({ method: 'PUT', url: '/api/people-settings', headers: s.u.headers, payload });
    expect((await put({ anonymousRetentionDays: 0 })).statusCode).toBe(400);
    const saved = await put({ anonymousRetentionDays: 30 });
    expect([saved.statusCode, saved.json().data]).toEqual([200, { anonymousRetentionDays: 30 }]);
    expect((await get(s, '/api/people-settings')).json().data).toEqual({ anonymousRetentionDays: 30 });
    const old = new Date(Date.now() - 31 * 86_400_000);
    for (const site of [s, other])
      await t.ctx.db
        .update(visitorEvents)
        .set({ occurredAt: old })
        .where(sql`${visitorEvents.websiteId} = ${site.u.websiteId}`);
    await t.ctx.retention.drain();
    const left = async (websiteId: string, visitorId: string) =>
      (
        (await t.ctx.db.execute(
          sql`select count(*)::int as n from visitor_events where website_id = ${websiteId} and visitor_id = ${visitorId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0].n;
    expect(await left(s.u.websiteId, p.anonymous)).toBe(0);
    expect(await left(s.u.websiteId, p.ada.visitors[0])).toBeGreaterThan(0);
    expect(await left(other.u.websiteId, q.anonymous)).toBe(1);
  });
});

/** The tables (of the public schema) with a row whose text holds any of `traces`. */
async function tablesHolding(traces: string[]): Promise<string[]> {
  const db = t.ctx.db;
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`)) as unknown as { rows: { tablename: string }[] }
  ).rows;
  const found: string[] = [];
  for (const { tablename } of tables) {
    const holding = sql.join(
      traces.map((x) => sql`position(${x} in r::text) > 0`),
      sql` or `,
    );
    const n = ((await db.execute(sql`select count(*)::int as n from ${sql.identifier(tablename)} r where ${holding}`)) as unknown as { rows: { n: number }[] })
      .rows[0].n;
    if (Number(n) > 0) found.push(tablename);
  }
  return found;
}
