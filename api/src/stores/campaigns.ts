import { isDeepStrictEqual } from 'node:util';
import { and, asc, desc, eq, gt, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { MessageCode } from 'contracts';
import {
  AUDIENCE_UNKNOWN_MESSAGE,
  GROUP_UNKNOWN_MESSAGE,
  SERVED_STATUSES,
  TAG_UNKNOWN_MESSAGE,
  VERSION_NOT_FOUND_MESSAGE,
  WORKSPACE_UNKNOWN_MESSAGE,
  type AudienceGroup,
  type CampaignVersion,
  type CampaignRow,
  type CampaignStatus,
  type Comment,
  type CountReacts,
  type PageQuery,
  type Paged,
  type Reaction,
} from 'contracts';
import type { DbOrTx } from '../db/client';
import {
  clientMembers,
  contentComments,
  contentGroups,
  contentReactions,
  contents,
  contentSegments,
  contentVersions,
  formAnswers,
  groups,
  segments,
  tags,
  users,
  workspaces,
  type ContentKind,
} from '../db/schema';
import { badRequest, notFound } from '../lib/errors';
import type { CampaignKindRules, KindDocument } from '../services/campaign-kinds';
import { compileAudience } from './audience-compiler';
import { attributeTypesOf } from './attributes';
import { statementName } from '../db/prepared-statements';
import { COUNT, likePattern, keptStatements, selectPage, TOTAL, totalOf, type Filter } from './paged-select';

/*
 * The SQL of campaigns (popups, banners, push notifications). They live in the table `contents`
 * (its historical name; see README's Glossary), one row per campaign with its `kind`, its whole
 * validated document, and the columns the lists filter on. `campaignsStore(db, websiteId, kind)`
 * binds every read and write to the caller's website and to one kind, so a route cannot forget
 * either: another website's campaign, or a banner asked for as a popup, reads as missing.
 */

/** A document as its jsonb column keeps it. */
const asStored = (doc: object): Record<string, unknown> => Object.fromEntries(Object.entries(doc));

/**
 * A stored document (working copy, published document or version) read back as its kind's document:
 * every one was parsed by the kind's schema before it was written, so the database's JSON is trusted
 * here, and only here.
 */
const storedAs = <D extends KindDocument>(doc: Record<string, unknown>): D => doc as D;

export const PEOPLE_UNKNOWN_MESSAGE = 'campaigns.peopleNotOfWebsite';

/** The campaign of this website and kind (another website's campaign looks missing). */
export const ownCampaign = (websiteId: string, kind: ContentKind, id: string): SQL =>
  and(eq(contents.id, id), eq(contents.websiteId, websiteId), eq(contents.kind, kind))!;

async function assertCampaign(db: DbOrTx, websiteId: string, spec: Pick<CampaignKindRules<KindDocument>, 'kind' | 'messages'>, id: string): Promise<void> {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(ownCampaign(websiteId, spec.kind, id))
    .limit(1);
  if (!row) throw notFound(spec.messages.notFound);
}

/** How many of `ids` are rows of `table` in this website (ids are already de-duplicated by the schema). */
async function countOwn(db: DbOrTx, table: typeof groups | typeof segments | typeof clientMembers, websiteId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [{ n }] = await db
    .select({ n: COUNT })
    .from(table)
    .where(and(eq(table.websiteId, websiteId), inArray(table.id, ids)));
  return n;
}

/**
 * Every object a document points at must be the active website's: its groups, saved audiences,
 * people, tag, and a workspace of this service. Anything else is a 400 with a message on the field,
 * checked before anything is written (so a refused save changes nothing), and never says which
 * website the foreign id belongs to.
 */
async function assertRefs<D extends KindDocument>(db: DbOrTx, websiteId: string, spec: CampaignKindRules<D>, doc: Omit<D, 'status'>): Promise<void> {
  const errors: Record<string, MessageCode> = { ...spec.check(doc) };
  const refs = spec.refs(doc);
  const uniq = (ids: string[]) => [...new Set(ids)];
  if ((await countOwn(db, groups, websiteId, uniq(refs.groups.ids))) !== uniq(refs.groups.ids).length) errors[refs.groups.field] = GROUP_UNKNOWN_MESSAGE;
  if ((await countOwn(db, segments, websiteId, uniq(refs.segments.ids))) !== uniq(refs.segments.ids).length)
    errors[refs.segments.field] = AUDIENCE_UNKNOWN_MESSAGE;
  if ((await countOwn(db, clientMembers, websiteId, uniq(refs.people))) !== uniq(refs.people).length) errors.listOfAudience = PEOPLE_UNKNOWN_MESSAGE;
  if (doc.tag) {
    const [tag] = await db
      .select({ id: tags.id })
      .from(tags)
      .where(and(eq(tags.id, doc.tag), eq(tags.websiteId, websiteId)))
      .limit(1);
    if (!tag) errors.tag = TAG_UNKNOWN_MESSAGE;
  }
  if (doc.workspace) {
    const [ws] = await db
      .select({ id: workspaces.id })
      .from(workspaces)
      .where(and(eq(workspaces.id, doc.workspace), eq(workspaces.websiteId, websiteId), eq(workspaces.service, spec.kind)))
      .limit(1);
    if (!ws) errors.workspace = WORKSPACE_UNKNOWN_MESSAGE;
  }
  const first = Object.values(errors)[0];
  if (first) throw badRequest(first, errors);
  // A dynamic audience is checked as a saved one is: unknown attributes and
  // comparisons that do not fit the attribute's type are refused with their field, never stored.
  const audience = (doc as { dynamicAudience?: AudienceGroup }).dynamicAudience;
  if (audience) compileAudience(audience, await attributeTypesOf(db, websiteId), 'dynamicAudience');
}

async function writeTargets<D extends KindDocument>(tx: DbOrTx, spec: CampaignKindRules<D>, contentId: string, doc: D) {
  const refs = spec.refs(doc);
  await tx.delete(contentGroups).where(eq(contentGroups.contentId, contentId));
  await tx.delete(contentSegments).where(eq(contentSegments.contentId, contentId));
  const groupIds = [...new Set(refs.groups.ids)];
  const segmentIds = [...new Set(refs.segments.ids)];
  if (groupIds.length) await tx.insert(contentGroups).values(groupIds.map((groupId) => ({ contentId, groupId })));
  if (segmentIds.length) await tx.insert(contentSegments).values(segmentIds.map((segmentId) => ({ contentId, segmentId })));
}

/** The list columns a document fills (title, tag, workspace…): they follow the author's working copy. */
function listColumnsOf<D extends KindDocument>(spec: CampaignKindRules<D>, doc: D) {
  const { status: _status, ...columns } = spec.columns(doc);
  return { ...columns, tagId: doc.tag, workspaceId: doc.workspace };
}

function columnsOf<D extends KindDocument>(spec: CampaignKindRules<D>, doc: D) {
  return { ...spec.columns(doc), tagId: doc.tag, workspaceId: doc.workspace, document: asStored(doc) };
}

/** The names of the document's fields that differ between two versions (the status is not content). */
export function changedFields(before: Record<string, unknown> | null, after: Record<string, unknown>): string[] {
  if (!before) return [];
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  keys.delete('status');
  return [...keys].filter((k) => !isDeepStrictEqual(before[k] ?? null, after[k] ?? null)).sort();
}

/**
 * Stores `doc` as the item's next version unless it is the newest version already (publishing the
 * same document twice makes no new version). Run inside a transaction.
 */
async function recordVersion(tx: DbOrTx, contentId: string, authorId: string | null, doc: Record<string, unknown>, at: Date) {
  const [last] = await tx
    .select({ number: contentVersions.number, document: contentVersions.document })
    .from(contentVersions)
    .where(eq(contentVersions.contentId, contentId))
    .orderBy(desc(contentVersions.number))
    .limit(1);
  const summary = changedFields(last?.document ?? null, doc);
  if (last && summary.length === 0) return;
  await tx.insert(contentVersions).values({ contentId, number: (last?.number ?? 0) + 1, document: doc, authorId, summary, createdAt: at });
}

/**
 * Inserts a new item (document, list columns, targets) and returns its id. An item inserted live is
 * published by its author: its first version is stored with it. Run inside a transaction.
 */
export async function insertCampaign<D extends KindDocument>(
  tx: DbOrTx,
  spec: CampaignKindRules<D>,
  websiteId: string,
  senderId: string,
  doc: D,
  at: Date = new Date(),
) {
  const live = doc.status === 'public';
  const [row] = await tx
    .insert(contents)
    .values({ websiteId, kind: spec.kind, senderId, ...columnsOf(spec, doc), publishedAt: live ? at : null })
    .returning({ id: contents.id });
  await writeTargets(tx, spec, row.id, doc);
  if (live) await recordVersion(tx, row.id, senderId, asStored(doc), at);
  return row.id;
}

/** Replaces an item's document, columns and targets; 404 when it is not this website's. Run inside a transaction. */
async function updateCampaign<D extends KindDocument>(tx: DbOrTx, spec: CampaignKindRules<D>, websiteId: string, id: string, doc: D) {
  const updated = await tx
    .update(contents)
    .set({ ...columnsOf(spec, doc), updatedAt: new Date() })
    .where(ownCampaign(websiteId, spec.kind, id))
    .returning({ id: contents.id });
  if (updated.length === 0) throw notFound(spec.messages.notFound);
  await writeTargets(tx, spec, id, doc);
}

/**
 * A stored document (the working copy or a version) with today's references: a deleted group,
 * audience, tag or workspace drops out, so it can be saved again as it reads. The order of the
 * targets is the editor's.
 */
async function withTodaysRefs<D extends KindDocument>(db: DbOrTx, spec: CampaignKindRules<D>, websiteId: string, stored: Record<string, unknown>): Promise<D> {
  const d = stored as {
    groups?: string[];
    audiences?: string[];
    group?: string | null;
    audience?: string | null;
    tag?: string | null;
    workspace?: string | null;
  };
  const wantedGroups = (d.groups ?? [d.group]).filter((x): x is string => !!x);
  const wantedSegments = (d.audiences ?? [d.audience]).filter((x): x is string => !!x);
  const [groupRows, segmentRows, tagRows, workspaceRows] = await Promise.all([
    wantedGroups.length
      ? db
          .select({ id: groups.id })
          .from(groups)
          .where(and(eq(groups.websiteId, websiteId), inArray(groups.id, wantedGroups)))
      : [],
    wantedSegments.length
      ? db
          .select({ id: segments.id })
          .from(segments)
          .where(and(eq(segments.websiteId, websiteId), inArray(segments.id, wantedSegments)))
      : [],
    d.tag
      ? db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.websiteId, websiteId), eq(tags.id, d.tag)))
      : [],
    d.workspace
      ? db
          .select({ id: workspaces.id })
          .from(workspaces)
          .where(and(eq(workspaces.websiteId, websiteId), eq(workspaces.id, d.workspace), eq(workspaces.service, spec.kind)))
      : [],
  ]);
  const keep = (wanted: string[], present: { id: string }[]) => {
    const set = new Set(present.map((r) => r.id));
    return wanted.filter((x) => set.has(x));
  };
  return spec.withRefs(
    storedAs<D>({ ...stored, tag: tagRows.length ? d.tag : null, workspace: workspaceRows.length ? d.workspace : null }),
    keep(wantedGroups, groupRows),
    keep(wantedSegments, segmentRows),
  );
}

/**
 * The saved item as GET answers it: the author's working copy (the unpublished changes of a live
 * item, else its document) with today's references, its status and schedule, and the server-owned
 * fields.
 */
async function loadCampaign<D extends KindDocument>(db: DbOrTx, spec: CampaignKindRules<D>, websiteId: string, id: string) {
  const [row] = await db
    .select({ c: contents, senderName: users.name })
    .from(contents)
    .leftJoin(users, eq(users.id, contents.senderId))
    .where(ownCampaign(websiteId, spec.kind, id))
    .limit(1);
  if (!row) throw notFound(spec.messages.notFound);
  const c = row.c;
  const doc = await withTodaysRefs(db, spec, websiteId, { ...(c.draft ?? c.document), tag: c.tagId, workspace: c.workspaceId });
  return { row, doc };
}

async function loadCampaignView<D extends KindDocument>(db: DbOrTx, spec: CampaignKindRules<D>, websiteId: string, id: string) {
  const { row, doc } = await loadCampaign(db, spec, websiteId, id);
  const c = row.c;
  return {
    ...doc,
    status: c.status as CampaignStatus,
    hasDraft: c.draft !== null,
    startsAt: c.startsAt?.toISOString() ?? null,
    endsAt: c.endsAt?.toISOString() ?? null,
    publishedAt: c.publishedAt?.toISOString() ?? null,
    _id: c.id,
    sender: c.senderId && row.senderName !== null ? { _id: c.senderId, name: row.senderName } : null,
    reactCount: c.reactCount,
    commentCount: c.commentCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/** The filters of the three lists, once each list's own title parameter is mapped onto `title`. */
export interface CampaignListFilters {
  title?: string;
  style?: string;
  status?: string;
  position?: string;
  priority?: string;
  devices?: string;
  sender?: string;
  /** The author filter as the checklists' list names it; the others say `sender`. */
  author?: string;
  tag?: string;
  workSpace?: string;
}

/** A target's id and name, as the list's columns show it. */
type TargetName = { _id: string; name: string };

/**
 * The names of one campaign's groups or audiences (by name), as a JSON array column of the list's
 * SELECT (a list page costs one query). The list's outer SELECT only reads the
 * page's rows (the ids come from a LIMIT/OFFSET subquery), so this runs for those 10 rows, never for
 * the rows OFFSET skips.
 */
const groupNames = sql<TargetName[]>`coalesce((select json_agg(json_build_object('_id', ${groups.id}, 'name', ${groups.name}) order by ${groups.name})
  from ${contentGroups} join ${groups} on ${groups.id} = ${contentGroups.groupId} where ${contentGroups.contentId} = ${contents.id}), '[]'::json)`;
const audienceNames = sql<TargetName[]>`coalesce((select json_agg(json_build_object('_id', ${segments.id}, 'name', ${segments.name}) order by ${segments.name})
  from ${contentSegments} join ${segments} on ${segments.id} = ${contentSegments.segmentId} where ${contentSegments.contentId} = ${contents.id}), '[]'::json)`;

/**
 * The name of the person a visitor was identified as (`identify`), else their member id; null while
 * the visitor is anonymous. The console shows it instead of the script's random visitor id.
 */
const visitorNameOf = (websiteId: string, table: 'content_comments' | 'content_reactions') =>
  sql<string | null>`(select coalesce(cm.username, cm.member_id) from visitors v join client_members cm on cm.id = v.client_member_id
    where v.website_id = ${websiteId}::uuid and v.visitor_id = ${sql.raw(`"${table}"."visitor_id"`)})`;

const commentView = (c: typeof contentComments.$inferSelect, visitorName: string | null): Comment => ({
  _id: c.id,
  visitorId: c.visitorId,
  visitorName,
  body: c.body,
  createdAt: c.createdAt.toISOString(),
});
const reactionView = (r: typeof contentReactions.$inferSelect, visitorName: string | null): Reaction => ({
  _id: r.id,
  visitorId: r.visitorId,
  visitorName,
  emoji: r.emoji,
  createdAt: r.createdAt.toISOString(),
});

/** The lists' filters that compare a column for equality, by query parameter. */
const EQUALITY_FILTERS = {
  style: contents.style,
  status: contents.status,
  position: contents.position,
  priority: contents.priority,
  devices: contents.devices,
  sender: contents.senderId,
  author: contents.senderId,
  tag: contents.tagId,
  workSpace: contents.workspaceId,
} as const;
type EqualityFilter = keyof typeof EQUALITY_FILTERS;
export const EQUALITY_FILTER_NAMES = Object.keys(EQUALITY_FILTERS) as EqualityFilter[];

/** What a list statement's text depends on: which filters are given, the order and the page size (values are placeholders). */
interface PageShape {
  filters: EqualityFilter[];
  title: boolean;
  asc: boolean;
  pageSize: number;
}

/**
 * The SQL of a list page: the page's ids first, from the index alone (the total counted once beside
 * them), then the joins for those rows only. The index is (website_id, kind, created_at DESC NULLS
 * LAST, id DESC NULLS LAST): the ORDER BY must say NULLS LAST (or, read backwards, ASC NULLS FIRST)
 * for PostgreSQL to walk it instead of sorting every row of the website (a plain DESC means NULLS
 * FIRST, another order).
 */
function buildPageStatements(db: DbOrTx, shape: PageShape) {
  const where = and(
    eq(contents.websiteId, sql.placeholder('websiteId')),
    eq(contents.kind, sql.placeholder('kind')),
    shape.title ? ilike(contents.title, sql.placeholder('title')) : undefined,
    ...shape.filters.map((name) => eq(EQUALITY_FILTERS[name], sql.placeholder(name))),
  );
  const order = shape.asc
    ? [sql`${contents.createdAt} asc nulls first`, sql`${contents.id} asc nulls first`]
    : [sql`${contents.createdAt} desc nulls last`, sql`${contents.id} desc nulls last`];
  let page: ReturnType<typeof pageOf> | undefined;
  function pageOf(limit: number) {
    const ids = db
      .select({ id: contents.id, total: totalOf(contents, where) })
      .from(contents)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(sql.placeholder('offset'))
      .as('page');
    const query = db
      .select({
        id: contents.id,
        title: contents.title,
        senderName: users.name,
        position: contents.position,
        status: contents.status,
        priority: contents.priority,
        style: contents.style,
        devices: contents.devices,
        workspaceId: contents.workspaceId,
        reactCount: contents.reactCount,
        commentCount: contents.commentCount,
        createdAt: contents.createdAt,
        hasDraft: sql<boolean>`${contents.draft} is not null`,
        startsAt: contents.startsAt,
        endsAt: contents.endsAt,
        tagId: tags.id,
        tagName: tags.name,
        tagColor: tags.color,
        groups: groupNames,
        audiences: audienceNames,
        total: sql<number>`${ids.total}`.mapWith(Number),
      })
      .from(ids)
      .innerJoin(contents, eq(contents.id, ids.id))
      .leftJoin(users, eq(users.id, contents.senderId))
      .leftJoin(tags, eq(tags.id, contents.tagId))
      .orderBy(...order);
    // Named by its text, as every statement is (db/prepared-statements.ts).
    return query.prepare(statementName(query.toSQL().sql));
  }
  const count = db.select({ n: COUNT }).from(contents).where(where);
  return {
    /** The page statement; `limit` is the page window's (the page size written into the statement, the same for this shape). */
    page: (limit: number) => (page ??= pageOf(limit)),
    count: count.prepare(statementName(count.toSQL().sql)),
  };
}

/** The list statements of each shape, kept (paged-select.ts). */
const pageStatements = keptStatements(buildPageStatements, (shape: PageShape) => `${shape.filters.join(',')}|${shape.title}|${shape.asc}|${shape.pageSize}`);

/**
 * The campaigns of one kind in one website (the caller's active website): every query below is
 * bound to both. Missing, foreign and other-kind ids answer 404 with the kind's message.
 */
export function campaignsStore<D extends KindDocument>(
  db: DbOrTx,
  website: { id: string; domain: string },
  spec: CampaignKindRules<D>,
  now: () => Date = () => new Date(),
) {
  const websiteId = website.id;
  const own = (id: string) => ownCampaign(websiteId, spec.kind, id);
  const missing = () => notFound(spec.messages.notFound);

  return {
    /**
     * One page of the kind's campaigns, newest first, with the list call's filters. The index
     * (website_id, kind, created_at desc, id desc) serves the order, so a page reads its 10 rows, not
     * the website's 100,000; the group and audience names are looked up for the page's rows only.
     */
    async page(q: PageQuery & CampaignListFilters): Promise<Paged<CampaignRow>> {
      const shape: PageShape = {
        filters: EQUALITY_FILTER_NAMES.filter((name) => q[name]),
        title: Boolean(q.title),
        asc: q.order === 'asc',
        pageSize: q.pageSize,
      };
      const values: Record<string, unknown> = { websiteId, kind: spec.kind, ...(q.title ? { title: likePattern(q.title) } : {}) };
      for (const name of shape.filters) values[name] = q[name];
      const statements = pageStatements(db, shape);
      const rows = await selectPage(
        q,
        ({ limit, offset }) => statements.page(limit).execute({ ...values, offset }),
        async () => (await statements.count.execute(values))[0].n,
        (r) => r,
      );
      return {
        meta: rows.meta,
        docs: rows.docs.map((r) => ({
          _id: r.id,
          title: r.title,
          sender: r.senderName,
          domain: website.domain,
          position: r.position,
          status: r.status as CampaignStatus,
          priority: r.priority,
          style: r.style,
          groups: r.groups,
          audiences: r.audiences,
          tag: r.tagId && r.tagName !== null && r.tagColor !== null ? { _id: r.tagId, name: r.tagName, color: r.tagColor } : null,
          workspace: r.workspaceId,
          devices: r.devices,
          reactCount: r.reactCount,
          commentCount: r.commentCount,
          createdAt: r.createdAt.toISOString(),
          hasDraft: r.hasDraft,
          startsAt: r.startsAt?.toISOString() ?? null,
          endsAt: r.endsAt?.toISOString() ?? null,
        })),
      };
    },

    /** The author's working copy (the unpublished changes, else the document) with today's references. */
    workingCopy: async (id: string): Promise<D> => (await loadCampaign(db, spec, websiteId, id)).doc,

    /** The saved campaign as GET answers it; 404 when it is not this website's (or of another kind). */
    view: (id: string) => loadCampaignView(db, spec, websiteId, id),

    /** 404 unless the campaign is this website's and of this kind. */
    assertOwn: (id: string) => assertCampaign(db, websiteId, spec, id),

    /** Every reference of a document is this website's (400 with the field otherwise). */
    assertRefs: (doc: Omit<D, 'status'>) => assertRefs(db, websiteId, spec, doc),

    /** The stored status and whether there are unpublished changes (an update keeps the status: only the lifecycle's actions change it). */
    async state(id: string): Promise<{ status: CampaignStatus; hasDraft: boolean } | undefined> {
      const [row] = await db
        .select({ status: contents.status, hasDraft: sql<boolean>`${contents.draft} is not null` })
        .from(contents)
        .where(own(id))
        .limit(1);
      return row ? { status: row.status as CampaignStatus, hasDraft: row.hasDraft } : undefined;
    },

    insert: (senderId: string, doc: D) => insertCampaign(db, spec, websiteId, senderId, doc, now()),

    /** Keeps `doc` as the unpublished changes of a live item: the list shows them, visitors keep the published version. */
    async saveDraft(id: string, doc: D): Promise<void> {
      const updated = await db
        .update(contents)
        .set({ ...listColumnsOf(spec, doc), draft: asStored(doc), updatedAt: now() })
        .where(own(id))
        .returning({ id: contents.id });
      if (updated.length === 0) throw missing();
    },

    /** Drops the unpublished changes; the list shows the published version again. */
    async discardDraft(id: string): Promise<void> {
      const [row] = await db.select({ document: contents.document }).from(contents).where(own(id)).limit(1);
      if (!row) throw missing();
      await db
        .update(contents)
        .set({ ...listColumnsOf(spec, storedAs<D>(row.document)), draft: null, updatedAt: now() })
        .where(own(id));
    },

    /**
     * Publishes the working copy (the unpublished changes, else the document): it becomes what
     * visitors are served, with its targets, and the next version when it differs from the newest.
     * `window` schedules it (status `scheduled`); without it the item is `public` now. A live item
     * republished keeps the moment it went live (a popup's run goes on). Run inside a transaction.
     */
    async publish(id: string, authorId: string, window?: { startsAt: Date; endsAt: Date | null }): Promise<void> {
      const [row] = await db
        .select({ document: contents.document, draft: contents.draft, status: contents.status, publishedAt: contents.publishedAt })
        .from(contents)
        .where(own(id))
        .limit(1)
        .for('update');
      if (!row) throw missing();
      const at = now();
      const status: CampaignStatus = window ? 'scheduled' : 'public';
      const doc = storedAs<D>({ ...(row.draft ?? row.document), status });
      const publishedAt = window ? window.startsAt : row.status === 'public' && row.publishedAt ? row.publishedAt : at;
      await db
        .update(contents)
        .set({ ...columnsOf(spec, doc), status, draft: null, startsAt: window?.startsAt ?? null, endsAt: window?.endsAt ?? null, publishedAt, updatedAt: at })
        .where(own(id));
      await writeTargets(db, spec, id, doc);
      await recordVersion(db, id, authorId, asStored(doc), at);
    },

    /** The published versions, newest first; the newest is live while the item is public or scheduled. */
    async versions(id: string): Promise<CampaignVersion[]> {
      const [item] = await db.select({ status: contents.status }).from(contents).where(own(id)).limit(1);
      if (!item) throw missing();
      const rows = await db
        .select({ v: contentVersions, authorName: users.name })
        .from(contentVersions)
        .leftJoin(users, eq(users.id, contentVersions.authorId))
        .where(eq(contentVersions.contentId, id))
        .orderBy(desc(contentVersions.number));
      const served = SERVED_STATUSES.includes(item.status as CampaignStatus);
      return rows.map(({ v, authorName }, i) => ({
        number: v.number,
        createdAt: v.createdAt.toISOString(),
        author: v.authorId && authorName !== null ? { _id: v.authorId, name: authorName } : null,
        summary: v.summary,
        live: served && i === 0,
      }));
    },

    /** A version's document with today's references (404 'campaigns.versionNotFound' when the item has no such version). */
    async versionDocument(id: string, number: number): Promise<D> {
      await assertCampaign(db, websiteId, spec, id);
      const [row] = await db
        .select({ document: contentVersions.document })
        .from(contentVersions)
        .where(and(eq(contentVersions.contentId, id), eq(contentVersions.number, number)))
        .limit(1);
      if (!row) throw notFound(VERSION_NOT_FOUND_MESSAGE);
      return withTodaysRefs(db, spec, websiteId, row.document);
    },

    /** Replaces the document of an item visitors are not served (a draft, a cancelled item). */
    update: (id: string, doc: D) => updateCampaign(db, spec, websiteId, id, doc),

    async remove(id: string): Promise<void> {
      const deleted = await db.delete(contents).where(own(id)).returning({ id: contents.id });
      if (deleted.length === 0) throw missing();
    },

    /** Deletes all of `ids` or none: one foreign or missing id throws (run it in a transaction to roll back). */
    async removeAll(ids: string[]): Promise<void> {
      const deleted = await db
        .delete(contents)
        .where(and(eq(contents.websiteId, websiteId), eq(contents.kind, spec.kind), inArray(contents.id, ids)))
        .returning({ id: contents.id });
      if (deleted.length !== ids.length) throw missing();
    },

    /** Status `cancelled`, in the column and the document; the campaign stays. */
    async cancel(id: string): Promise<void> {
      const updated = await db
        .update(contents)
        .set({ status: 'cancelled', document: sql`jsonb_set(${contents.document}, '{status}', '"cancelled"')`, updatedAt: new Date() })
        .where(own(id))
        .returning({ id: contents.id });
      if (updated.length === 0) throw missing();
    },

    /** What visitors wrote (through the public events call), newest first. */
    async comments(id: string, q: PageQuery): Promise<Paged<Comment>> {
      await assertCampaign(db, websiteId, spec, id);
      const where = eq(contentComments.contentId, id);
      return selectPage(
        q,
        ({ limit, offset }) =>
          db
            .select({ c: contentComments, name: visitorNameOf(websiteId, 'content_comments'), total: TOTAL })
            .from(contentComments)
            .where(where)
            .orderBy(desc(contentComments.createdAt), desc(contentComments.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(contentComments).where(where))[0].n,
        (r) => commentView(r.c, r.name),
      );
    },

    /** Reactions, newest first, optionally of one emoji. */
    async reactions(id: string, q: PageQuery & { emoji?: string }): Promise<Paged<Reaction>> {
      await assertCampaign(db, websiteId, spec, id);
      const where = and(eq(contentReactions.contentId, id), q.emoji ? eq(contentReactions.emoji, q.emoji) : undefined) as Filter;
      return selectPage(
        q,
        ({ limit, offset }) =>
          db
            .select({ r: contentReactions, name: visitorNameOf(websiteId, 'content_reactions'), total: TOTAL })
            .from(contentReactions)
            .where(where)
            .orderBy(desc(contentReactions.createdAt), desc(contentReactions.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(contentReactions).where(where))[0].n,
        (r) => reactionView(r.r, r.name),
      );
    },

    /** How many of each emoji, most given first, and the total. */
    async reactionCounts(id: string): Promise<CountReacts> {
      await assertCampaign(db, websiteId, spec, id);
      const rows = await db
        .select({ emoji: contentReactions.emoji, count: COUNT })
        .from(contentReactions)
        .where(eq(contentReactions.contentId, id))
        .groupBy(contentReactions.emoji)
        .orderBy(desc(COUNT), contentReactions.emoji);
      return { data: rows, total: rows.reduce((n, r) => n + r.count, 0) };
    },

    /** Every document the item has had: the published one, the unpublished changes, each version (404 when not this website's). */
    async documents(id: string): Promise<Record<string, unknown>[]> {
      const [row] = await db.select({ document: contents.document, draft: contents.draft }).from(contents).where(own(id)).limit(1);
      if (!row) throw missing();
      const versions = await db.select({ document: contentVersions.document }).from(contentVersions).where(eq(contentVersions.contentId, id));
      return [row.document, ...(row.draft ? [row.draft] : []), ...versions.map((v) => v.document)];
    },

    /** The stored document (404 when not this website's). */
    async document(id: string): Promise<Record<string, unknown>> {
      const [row] = await db.select({ document: contents.document }).from(contents).where(own(id)).limit(1);
      if (!row) throw missing();
      return row.document;
    },

    async hasAnswers(id: string): Promise<boolean> {
      const [any] = await db
        .select({ one: sql`1` })
        .from(formAnswers)
        .where(eq(formAnswers.contentId, id))
        .limit(1);
      return !!any;
    },

    /**
     * The next `limit` form answers after `cursor`, oldest first. Keyset paging on (created_at, id):
     * stable however many answers arrive meanwhile.
     */
    answersAfter(id: string, cursor: { createdAt: Date; id: string } | undefined, limit: number) {
      return db
        .select()
        .from(formAnswers)
        .where(
          and(
            eq(formAnswers.contentId, id),
            cursor
              ? or(gt(formAnswers.createdAt, cursor.createdAt), and(eq(formAnswers.createdAt, cursor.createdAt), gt(formAnswers.id, cursor.id)))
              : undefined,
          ),
        )
        .orderBy(asc(formAnswers.createdAt), asc(formAnswers.id))
        .limit(limit);
    },
  };
}

export type CampaignsStore<D extends KindDocument> = ReturnType<typeof campaignsStore<D>>;
