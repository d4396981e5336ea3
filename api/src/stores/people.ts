import { sql, type SQL } from 'drizzle-orm';
import {
  ANONYMOUS_PERSON_PREFIX,
  type AudienceGroup,
  type CallQuery,
  type listPeopleCall,
  type Paged,
  type PersonRow,
  type TimelineEntry,
  type TimelineKind,
} from 'contracts';
import type { Db, DbOrTx } from '../db/client';
import { clientMembers } from '../db/schema';
import { paged, pageWindow } from '../lib/paging';
import { compileStoredAudience, type AttributeTypes } from './audience-compiler';
import { likePattern, pageLimit } from './paged-select';

/** A person of the website: a client member (identified), or an anonymous visitor (no client member). */
export type PersonKey = { memberId: string; visitorId?: undefined } | { memberId?: undefined; visitorId: string };

type Value = string | number | boolean | null;

/** What the list's query reads of a person; sessions, devices and reach are read for the page's rows only. */
interface BaseRow {
  id: string;
  identified: boolean;
  external_id: string | null;
  name: string | null;
  email: string | null;
  attributes: Record<string, Value>;
  first_seen: Date | string | null;
  last_seen: Date | string | null;
  total?: number | string;
}

const iso = (v: Date | string | null | undefined): string | null => (v === null || v === undefined ? null : new Date(v).toISOString());

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The id the API gives a person: the client member id, or the prefixed visitor id of an anonymous visitor. */
export const personIdOf = (key: PersonKey): string => key.memberId ?? `${ANONYMOUS_PERSON_PREFIX}${key.visitorId}`;
export const personKeyOf = (id: string): PersonKey =>
  id.startsWith(ANONYMOUS_PERSON_PREFIX) ? { visitorId: id.slice(ANONYMOUS_PERSON_PREFIX.length) } : { memberId: id };

const SORT_COLUMNS = {
  lastSeen: sql`p.last_seen`,
  firstSeen: sql`p.first_seen`,
  name: sql`lower(p.name)`,
  email: sql`lower(p.email)`,
  externalId: sql`p.external_id`,
} as const;

/**
 * The SQL of the people of one website: identified people (client members, seen through their
 * visitors) and anonymous visitors, read, searched, paged, exported and deleted. Nothing of another
 * website is ever read: every statement is bound to `websiteId`.
 */
export function peopleStore(db: Db, websiteId: string) {
  /** Each person as one row: identified people from client members, anonymous visitors from visitors. */
  const peopleSql = (opts: { member?: SQL; visitor?: SQL; identified: boolean; anonymous: boolean }) => {
    const parts: SQL[] = [];
    if (opts.identified)
      parts.push(sql`select ${clientMembers.id}::text as id, true as identified, ${clientMembers.memberId} as external_id,
          ${clientMembers.username} as name, ${clientMembers.email} as email, ${clientMembers.attributes} as attributes,
          s.first_seen, s.last_seen
        from ${clientMembers}
        left join lateral (
          select min(v.first_seen_at) as first_seen, max(v.last_seen_at) as last_seen from visitors v
          where v.website_id = ${clientMembers.websiteId} and v.client_member_id = ${clientMembers.id}
        ) s on true
        where ${clientMembers.websiteId} = ${websiteId}${opts.member ? sql` and ${opts.member}` : sql``}`);
    if (opts.anonymous)
      parts.push(sql`select ${ANONYMOUS_PERSON_PREFIX} || v.visitor_id as id, false as identified, null as external_id, null as name,
          null as email, '{}'::jsonb as attributes, v.first_seen_at as first_seen, v.last_seen_at as last_seen
        from visitors v
        where v.website_id = ${websiteId} and v.client_member_id is null${opts.visitor ? sql` and ${opts.visitor}` : sql``}`);
    if (parts.length === 0)
      return sql`select null::text as id, null::boolean as identified, null::text as external_id, null::text as name, null::text as email, null::jsonb as attributes, null::timestamptz as first_seen, null::timestamptz as last_seen where false`;
    return sql.join(parts, sql` union all `);
  };

  /** Sessions, devices and reach of a page of people: three queries for the whole page. */
  const decorate = async (base: BaseRow[]): Promise<PersonRow[]> => {
    if (base.length === 0) return [];
    const keys = base.map((b) => personKeyOf(b.id));
    const memberIds = keys.flatMap((k) => (k.memberId ? [k.memberId] : []));
    const anonymousIds = keys.flatMap((k) => (k.visitorId !== undefined ? [k.visitorId] : []));
    const list = (ids: string[]) =>
      sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      );
    const whose = sql`(${memberIds.length ? sql`v.client_member_id in (${list(memberIds)})` : sql`false`} or (v.client_member_id is null and ${anonymousIds.length ? sql`v.visitor_id in (${list(anonymousIds)})` : sql`false`}))`;
    const [sessions, pushes, standing] = await Promise.all([
      rows<{ pid: string; device: string | null; n: number }>(
        db,
        sql`select coalesce(v.client_member_id::text, ${ANONYMOUS_PERSON_PREFIX} || v.visitor_id) as pid, e.device, count(*)::int as n
          from visitors v join visitor_events e on e.website_id = v.website_id and e.visitor_id = v.visitor_id and e.type = 'session'
          where v.website_id = ${websiteId} and ${whose} group by 1, 2`,
      ),
      rows<{ pid: string; n: number }>(
        db,
        sql`select coalesce(s.client_member_id::text, ${ANONYMOUS_PERSON_PREFIX} || s.visitor_id) as pid, count(*)::int as n
          from push_subscriptions s
          where s.website_id = ${websiteId} and (${memberIds.length ? sql`s.client_member_id in (${list(memberIds)})` : sql`false`}
            or (s.client_member_id is null and ${anonymousIds.length ? sql`s.visitor_id in (${list(anonymousIds)})` : sql`false`}))
          group by 1`,
      ),
      memberIds.length
        ? rows<{ id: string; reason: 'unsubscribed' | 'bounced' }>(
            db,
            sql`select m.id::text as id, x.reason from client_members m
              join email_suppressions x on x.website_id = m.website_id and x.email = lower(m.email)
              where m.website_id = ${websiteId} and m.id in (${list(memberIds)})`,
          )
        : Promise.resolve([]),
    ]);
    const sessionsOf = new Map<string, { n: number; devices: Set<'web' | 'mobile'> }>();
    for (const s of sessions) {
      const entry = sessionsOf.get(s.pid) ?? { n: 0, devices: new Set() };
      entry.n += Number(s.n);
      if (s.device === 'web' || s.device === 'mobile') entry.devices.add(s.device);
      sessionsOf.set(s.pid, entry);
    }
    const pushesOf = new Map(pushes.map((p) => [p.pid, Number(p.n)]));
    const suppressed = new Map(standing.map((s) => [s.id, s.reason]));
    return base.map((b) => ({
      _id: b.id,
      identified: b.identified,
      externalId: b.external_id,
      name: b.name,
      email: b.email,
      attributes: b.attributes ?? {},
      firstSeenAt: iso(b.first_seen),
      lastSeenAt: iso(b.last_seen),
      sessions: sessionsOf.get(b.id)?.n ?? 0,
      devices: [...(sessionsOf.get(b.id)?.devices ?? [])].sort(),
      reach: { email: suppressed.get(b.id) ?? (b.email ? 'subscribed' : 'none'), pushSubscriptions: pushesOf.get(b.id) ?? 0 },
    }));
  };

  /** The visitor ids a person has been seen as (an anonymous visitor is their own one). */
  const visitorIdsOf = async (key: PersonKey): Promise<string[]> => {
    if (key.visitorId !== undefined) return [key.visitorId];
    const found = await rows<{ visitor_id: string }>(
      db,
      sql`select visitor_id from visitors where website_id = ${websiteId} and client_member_id = ${key.memberId}`,
    );
    return found.map((r) => r.visitor_id);
  };

  return {
    /** GET /api/people: `audience` is the compiled saved audience to keep (its people only). */
    async page(query: CallQuery<typeof listPeopleCall>, audience: SQL | undefined): Promise<Paged<PersonRow>> {
      const pattern = query.search ? likePattern(query.search) : undefined;
      const memberFilters: SQL[] = [];
      if (pattern)
        memberFilters.push(
          sql`(${clientMembers.memberId} ilike ${pattern} or ${clientMembers.username} ilike ${pattern} or ${clientMembers.email} ilike ${pattern}
            or exists (select 1 from jsonb_each_text(${clientMembers.attributes}) a where a.value ilike ${pattern}))`,
        );
      if (audience) memberFilters.push(sql`(${audience})`);
      if (query.group)
        memberFilters.push(
          sql`exists (select 1 from group_members gm join groups g on g.id = gm.group_id where gm.client_member_id = ${clientMembers.id} and g.id = ${query.group} and g.website_id = ${websiteId})`,
        );
      // Anonymous visitors belong to no group or audience.
      const narrowedToMembers = !!(audience || query.group);
      const people = peopleSql({
        identified: query.identity !== 'anonymous',
        anonymous: query.identity !== 'identified' && !narrowedToMembers,
        member: memberFilters.length ? sql.join(memberFilters, sql` and `) : undefined,
        visitor: pattern ? sql`v.visitor_id ilike ${pattern}` : undefined,
      });
      const window = pageWindow(query);
      const direction = query.order === 'asc' ? sql`asc` : sql`desc`;
      const base = await rows<BaseRow>(
        db,
        sql`select p.*, count(*) over() as total from (${people}) p
          order by ${SORT_COLUMNS[query.sort]} ${direction} nulls last, p.id asc
          limit ${pageLimit(window.limit)} offset ${window.offset}`,
      );
      let total = base.length ? Number(base[0].total) : 0;
      if (base.length === 0 && window.offset > 0) total = Number((await rows<{ n: number }>(db, sql`select count(*)::int as n from (${people}) p`))[0].n);
      return paged(await decorate(base), total, query);
    },

    /** The person's row, or undefined when the website holds no such person (an identified visitor is their person now). */
    async row(key: PersonKey): Promise<PersonRow | undefined> {
      const people = key.memberId
        ? peopleSql({ identified: true, anonymous: false, member: sql`${clientMembers.id} = ${key.memberId}` })
        : peopleSql({ identified: false, anonymous: true, visitor: sql`v.visitor_id = ${key.visitorId}` });
      const base = await rows<BaseRow>(db, sql`select p.* from (${people}) p limit 1`);
      return (await decorate(base))[0];
    },

    /** Each attribute's value and when it last changed (null: set before changes were recorded). */
    async attributeTimes(memberId: string): Promise<Record<string, string>> {
      const [r] = await rows<{ t: Record<string, string> }>(
        db,
        sql`select attributes_changed_at as t from client_members where website_id = ${websiteId} and id = ${memberId}`,
      );
      return r?.t ?? {};
    },

    async groupsOf(memberId: string) {
      return rows<{ _id: string; name: string }>(
        db,
        sql`select g.id::text as "_id", g.name from group_members gm join groups g on g.id = gm.group_id
          where gm.client_member_id = ${memberId} and g.website_id = ${websiteId} order by lower(g.name)`,
      );
    },

    /** The saved audiences whose rule the person matches now (each compiled as the audience preview compiles it). */
    async audiencesOf(memberId: string, types: AttributeTypes) {
      const saved = await rows<{ id: string; name: string; audience: AudienceGroup }>(
        db,
        sql`select id::text as id, name, audience from segments where website_id = ${websiteId} order by lower(name)`,
      );
      if (saved.length === 0) return [];
      const checks = saved.map(
        (s) =>
          sql`select ${s.id} as id where exists (select 1 from ${clientMembers} where ${clientMembers.websiteId} = ${websiteId} and ${clientMembers.id} = ${memberId} and (${compileStoredAudience(s.audience, types)}))`,
      );
      const matched = new Set((await rows<{ id: string }>(db, sql.join(checks, sql` union all `))).map((r) => r.id));
      return saved.filter((s) => matched.has(s.id)).map((s) => ({ _id: s.id, name: s.name }));
    },

    /** The browsers (visitor ids) the person was seen with, newest first, with the device of each one's last session. */
    async visitorsOf(key: PersonKey) {
      const found = await rows<{
        visitor_id: string;
        identity_verified: boolean;
        first_seen_at: Date | string;
        last_seen_at: Date | string;
        device: 'web' | 'mobile' | null;
      }>(
        db,
        sql`select v.visitor_id, v.identity_verified, v.first_seen_at, v.last_seen_at,
            (select e.device from visitor_events e where e.website_id = v.website_id and e.visitor_id = v.visitor_id and e.type = 'session'
              order by e.occurred_at desc limit 1) as device
          from visitors v where v.website_id = ${websiteId}
            and ${key.memberId ? sql`v.client_member_id = ${key.memberId}` : sql`v.client_member_id is null and v.visitor_id = ${key.visitorId}`}
          order by v.last_seen_at desc`,
      );
      return found.map((v) => ({
        visitorId: v.visitor_id,
        identityVerified: v.identity_verified,
        firstSeenAt: iso(v.first_seen_at)!,
        lastSeenAt: iso(v.last_seen_at)!,
        device: v.device,
      }));
    },

    visitorIdsOf,

    /** The person's timeline, newest first, from every table that records what they saw and did. */
    async timeline(key: PersonKey, query: { page: number; pageSize: number; kind?: TimelineKind }): Promise<Paged<TimelineEntry>> {
      const ids = await visitorIdsOf(key);
      const timeline = timelineSql(websiteId, ids, key.memberId ?? null);
      const window = pageWindow(query);
      const found = await rows<{
        at: Date | string;
        kind: TimelineKind;
        type: string;
        content_id: string | null;
        content_kind: string | null;
        title: string | null;
        detail: Record<string, unknown>;
        total: number;
      }>(
        db,
        sql`select t.at, t.kind, t.type, t.content_id, c.kind as content_kind, c.title, t.detail, count(*) over() as total
          from (${timeline}) t left join contents c on c.id = t.content_id
          ${query.kind ? sql`where t.kind = ${query.kind}` : sql``}
          order by t.at desc, t.seq desc
          limit ${pageLimit(window.limit)} offset ${window.offset}`,
      );
      let total = found.length ? Number(found[0].total) : 0;
      if (found.length === 0 && window.offset > 0)
        total = (
          await rows<{ n: number }>(db, sql`select count(*)::int as n from (${timeline}) t ${query.kind ? sql`where t.kind = ${query.kind}` : sql``}`)
        )[0].n;
      return paged(
        found.map((r) => ({
          at: iso(r.at)!,
          kind: r.kind,
          type: r.type,
          content: r.content_id ? { _id: r.content_id, kind: r.content_kind ?? '', name: r.title ?? '' } : null,
          detail: r.detail ?? {},
        })),
        Number(total),
        query,
      );
    },

    /** Every row held about the person, table by table, for their export. */
    async everything(key: PersonKey) {
      const ids = await visitorIdsOf(key);
      const member = key.memberId ?? null;
      const byVisitor = (column: string) =>
        ids.length
          ? sql`${sql.raw(column)} in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`
          : sql`false`;
      const byMember = (column: string) => (member ? sql`${sql.raw(column)} = ${member}` : sql`false`);
      const all = (q: SQL) => rows<Record<string, unknown>>(db, q);
      const [events, answers, comments, reactions, conversations, emails, emailSuppressions, pushSubscriptions, pushes, progress] = await Promise.all([
        all(sql`select e.type, e.visitor_id as "visitorId", e.device, e.content_id as "contentId", e.content_kind as "contentKind", e.occurred_at as "occurredAt", e.target, e.detail
          from visitor_events e where e.website_id = ${websiteId} and ${byVisitor('e.visitor_id')} order by e.occurred_at`),
        all(sql`select a.content_id as "contentId", a.visitor_id as "visitorId", a.question, a.answer, a.created_at as "createdAt"
          from form_answers a join contents c on c.id = a.content_id where c.website_id = ${websiteId} and ${byVisitor('a.visitor_id')} order by a.created_at`),
        all(sql`select k.content_id as "contentId", k.visitor_id as "visitorId", k.body, k.created_at as "createdAt"
          from content_comments k join contents c on c.id = k.content_id where c.website_id = ${websiteId} and ${byVisitor('k.visitor_id')} order by k.created_at`),
        all(sql`select r.content_id as "contentId", r.visitor_id as "visitorId", r.emoji, r.created_at as "createdAt"
          from content_reactions r join contents c on c.id = r.content_id where c.website_id = ${websiteId} and ${byVisitor('r.visitor_id')} order by r.created_at`),
        all(sql`select cv.id, cv.status, cv.email, cv.created_at as "createdAt",
            coalesce((select jsonb_agg(jsonb_build_object('author', m.author, 'body', m.body, 'createdAt', m.created_at) order by m.created_at)
              from conversation_messages m where m.conversation_id = cv.id), '[]'::jsonb) as messages
          from conversations cv where cv.website_id = ${websiteId} and (${byVisitor('cv.visitor_id')} or ${byMember('cv.client_member_id')}) order by cv.created_at`),
        all(sql`select j.content_id as "contentId", j.email, j.status, j.sent_at as "sentAt", j.opened_at as "openedAt", j.clicked_at as "clickedAt",
            j.unsubscribed_at as "unsubscribedAt", j.created_at as "createdAt"
          from email_jobs j where j.website_id = ${websiteId} and ${byMember('j.client_member_id')} order by j.created_at`),
        all(sql`select x.email, x.reason, x.created_at as "createdAt" from email_suppressions x
          where x.website_id = ${websiteId} and (${byMember('x.client_member_id')}
            or x.email = (select lower(m.email) from client_members m where m.website_id = ${websiteId} and ${byMember('m.id')}))`),
        all(sql`select s.visitor_id as "visitorId", s.endpoint, s.created_at as "createdAt" from push_subscriptions s
          where s.website_id = ${websiteId} and (${byVisitor('s.visitor_id')} or ${byMember('s.client_member_id')}) order by s.created_at`),
        all(sql`select j.content_id as "contentId", j.visitor_id as "visitorId", j.status, j.sent_at as "sentAt", j.shown_at as "shownAt", j.clicked_at as "clickedAt"
          from push_jobs j where j.website_id = ${websiteId} and ${byVisitor('j.visitor_id')} order by j.created_at`),
        all(sql`select p.content_id as "contentId", p.visitor_id as "visitorId", p.state, p.updated_at as "updatedAt" from content_progress p
          where p.website_id = ${websiteId} and (${byVisitor('p.visitor_id')} or ${byMember('p.client_member_id')}) order by p.updated_at`),
      ]);
      return { events, answers, comments, reactions, conversations, emails, emailSuppressions, pushSubscriptions, pushes, progress };
    },

    /**
     * Deletes the person and every row that is theirs, in one transaction: their events, answers,
     * comments and reactions (the items' counters lowered to match), conversations, staff
     * notifications about them, live events, push subscriptions and jobs, e-mail jobs and
     * suppressions, progress, group memberships, visitors and the client member. False when the
     * website holds no such person. `alongside` runs in the same transaction once the rows are gone
     * (the audit entry of the deletion, which must exist exactly when the deletion does).
     */
    async remove(key: PersonKey, alongside?: (tx: DbOrTx) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        // The person's row locked first, so an identify or an event racing the delete waits for it.
        const held = key.memberId
          ? await rows<{ id: string }>(tx, sql`select id from client_members where website_id = ${websiteId} and id = ${key.memberId} for update`)
          : await rows<{ id: string }>(
              tx,
              sql`select visitor_id as id from visitors where website_id = ${websiteId} and visitor_id = ${key.visitorId} and client_member_id is null for update`,
            );
        if (held.length === 0) return false;
        const ids =
          key.visitorId !== undefined
            ? [key.visitorId]
            : (
                await rows<{ v: string }>(tx, sql`select visitor_id as v from visitors where website_id = ${websiteId} and client_member_id = ${key.memberId}`)
              ).map((r) => r.v);
        const member = key.memberId ?? null;
        const inIds = (column: SQL) =>
          ids.length
            ? sql`${column} in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql`false`;
        const ofWebsite = (column: SQL) => sql`${column} in (select id from contents where website_id = ${websiteId})`;
        const run = (q: SQL) => tx.execute(q);

        // Counters first, from the rows about to go.
        await run(sql`update contents c set react_count = greatest(c.react_count - r.n, 0)
          from (select content_id, count(*)::int as n from content_reactions where ${inIds(sql`visitor_id`)} and ${ofWebsite(sql`content_id`)} group by content_id) r
          where c.id = r.content_id`);
        await run(sql`update contents c set comment_count = greatest(c.comment_count - k.n, 0)
          from (select content_id, count(*)::int as n from content_comments where ${inIds(sql`visitor_id`)} and ${ofWebsite(sql`content_id`)} group by content_id) k
          where c.id = k.content_id`);
        await run(sql`delete from content_reactions where ${inIds(sql`visitor_id`)} and ${ofWebsite(sql`content_id`)}`);
        await run(sql`delete from content_comments where ${inIds(sql`visitor_id`)} and ${ofWebsite(sql`content_id`)}`);
        await run(sql`delete from form_answers where ${inIds(sql`visitor_id`)} and ${ofWebsite(sql`content_id`)}`);
        await run(sql`delete from visitor_events where website_id = ${websiteId} and ${inIds(sql`visitor_id`)}`);
        const conversations = sql`select id from conversations where website_id = ${websiteId} and (${inIds(sql`visitor_id`)} or ${member ? sql`client_member_id = ${member}` : sql`false`})`;
        // Notifications naming them: about their conversations, or carrying their visitor id (comments, answers).
        await run(sql`delete from staff_notifications where website_id = ${websiteId}
          and (subject_id in (select id::text from (${conversations}) c) or ${inIds(sql`detail->>'visitorId'`)})`);
        // Their own live events, and the staff's copies of their conversations' messages.
        await run(sql`delete from live_events where website_id = ${websiteId}
          and (${inIds(sql`visitor_id`)} or payload->>'conversationId' in (select id::text from (${conversations}) c))`);
        await run(sql`delete from conversations where id in (${conversations})`);
        const subscriptions = sql`select id from push_subscriptions where website_id = ${websiteId} and (${inIds(sql`visitor_id`)} or ${member ? sql`client_member_id = ${member}` : sql`false`})`;
        await run(sql`delete from push_jobs where website_id = ${websiteId} and (${inIds(sql`visitor_id`)} or subscription_id in (${subscriptions}))`);
        await run(sql`delete from push_subscriptions where id in (${subscriptions})`);
        await run(
          sql`delete from content_progress where website_id = ${websiteId} and (${inIds(sql`visitor_id`)} or ${member ? sql`client_member_id = ${member}` : sql`false`})`,
        );
        if (member) {
          await run(sql`delete from email_suppressions where website_id = ${websiteId}
            and (client_member_id = ${member} or email = (select lower(email) from client_members where id = ${member}))`);
          await run(sql`delete from email_jobs where website_id = ${websiteId} and client_member_id = ${member}`);
          await run(sql`delete from group_members where client_member_id = ${member}`);
        }
        await run(sql`delete from visitors where website_id = ${websiteId} and ${inIds(sql`visitor_id`)}`);
        if (member) await run(sql`delete from client_members where website_id = ${websiteId} and id = ${member}`);
        await alongside?.(tx);
        return true;
      });
    },

    /** Days anonymous visitors' events are kept (null: for ever). */
    async retention(): Promise<number | null> {
      const [r] = await rows<{ d: number | null }>(db, sql`select anonymous_retention_days as d from websites where id = ${websiteId}`);
      return r?.d ?? null;
    },

    async setRetention(days: number | null): Promise<void> {
      await db.execute(sql`update websites set anonymous_retention_days = ${days} where id = ${websiteId}`);
    },
  };
}

/**
 * The union of everything a person did or was sent, as (at, kind, type, content_id, detail, seq):
 * their events (answers and comments come from their own tables, which hold the words), form
 * answers, comments, conversation messages, e-mails (sent, opened, clicked, unsubscribed), pushes
 * (sent, shown, clicked) and progress.
 */
function timelineSql(websiteId: string, visitorIds: string[], memberId: string | null): SQL {
  const ids = visitorIds.length
    ? sql.join(
        visitorIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : null;
  const byVisitor = (column: SQL) => (ids ? sql`${column} in (${ids})` : sql`false`);
  const byMember = (column: SQL) => (memberId ? sql`${column} = ${memberId}` : sql`false`);
  return sql`
    select e.occurred_at as at,
        (case when e.type = 'session' then 'session' when e.content_kind = 'tour' then 'tour' when e.content_kind = 'checklist' then 'checklist' else 'content' end) as kind,
        e.type as type, e.content_id, jsonb_strip_nulls(jsonb_build_object('target', e.target, 'device', e.device, 'visitorId', e.visitor_id) || coalesce(e.detail, '{}'::jsonb)) as detail,
        e.id::text as seq
      from visitor_events e where e.website_id = ${websiteId} and ${byVisitor(sql`e.visitor_id`)} and e.type not in ('answer', 'comment')
    union all
    select a.created_at, 'answer', 'answer', a.content_id, jsonb_build_object('question', a.question, 'answer', a.answer), a.id::text
      from form_answers a join contents c on c.id = a.content_id and c.website_id = ${websiteId} where ${byVisitor(sql`a.visitor_id`)}
    union all
    select k.created_at, 'comment', 'comment', k.content_id, jsonb_build_object('body', k.body), k.id::text
      from content_comments k join contents c on c.id = k.content_id and c.website_id = ${websiteId} where ${byVisitor(sql`k.visitor_id`)}
    union all
    select m.created_at, 'conversation', m.author, null::uuid, jsonb_build_object('conversationId', cv.id, 'body', m.body), m.id::text
      from conversation_messages m join conversations cv on cv.id = m.conversation_id
      where cv.website_id = ${websiteId} and (${byVisitor(sql`cv.visitor_id`)} or ${byMember(sql`cv.client_member_id`)})
    union all
    select x.at, 'email', x.type, j.content_id, jsonb_build_object('email', j.email), j.id::text || x.type
      from email_jobs j cross join lateral (values (j.sent_at, 'sent'), (j.opened_at, 'opened'), (j.clicked_at, 'clicked'), (j.unsubscribed_at, 'unsubscribed')) x(at, type)
      where j.website_id = ${websiteId} and ${byMember(sql`j.client_member_id`)} and x.at is not null
    union all
    select x.at, 'push', x.type, j.content_id, '{}'::jsonb, j.id::text || x.type
      from push_jobs j cross join lateral (values (j.sent_at, 'sent'), (j.shown_at, 'shown'), (j.clicked_at, 'clicked')) x(at, type)
      where j.website_id = ${websiteId} and ${byVisitor(sql`j.visitor_id`)} and x.at is not null
    union all
    select p.updated_at, 'progress', 'progress', p.content_id, p.state, p.id::text
      from content_progress p where p.website_id = ${websiteId} and (${byVisitor(sql`p.visitor_id`)} or ${byMember(sql`p.client_member_id`)})`;
}

/**
 * The retention job: deletes, in batches, the events of anonymous visitors (no client member)
 * older than their website's retention. Identified people's events stay until they are deleted.
 */
export function retentionStore(db: Db) {
  return {
    /** One batch; answers how many events went (0: nothing left to expire). */
    async expireAnonymousEvents(now: Date, batch = 5000): Promise<number> {
      const done = await rows<{ n: number }>(
        db,
        sql`with old as (
            select e.id from visitor_events e
            join websites w on w.id = e.website_id and w.anonymous_retention_days is not null
            where e.occurred_at < ${now.toISOString()}::timestamptz - make_interval(days => w.anonymous_retention_days)
              and not exists (select 1 from visitors v where v.website_id = e.website_id and v.visitor_id = e.visitor_id and v.client_member_id is not null)
            limit ${pageLimit(batch)}
          ), gone as (delete from visitor_events e using old where e.id = old.id returning 1)
          select count(*)::int as n from gone`,
      );
      return Number(done[0]?.n ?? 0);
    },
  };
}
