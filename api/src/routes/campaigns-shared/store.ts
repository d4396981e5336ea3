import { and, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import {
  AUDIENCE_UNKNOWN_MESSAGE,
  GROUP_UNKNOWN_MESSAGE,
  TAG_UNKNOWN_MESSAGE,
  WORKSPACE_UNKNOWN_MESSAGE,
  type CampaignRow,
  type CampaignStatus,
  type PageQuery,
} from 'contracts';
import type { DbOrTx } from '../../db/client';
import { clientMembers, contentGroups, contents, contentSegments, groups, segments, tags, users, workspaces, type ContentKind } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { paged, pageWindow } from '../../lib/paging';
import { likePattern } from '../shared';
import type { AnyKind } from './kinds';
import type { AudienceGroup } from 'contracts';
import { compileAudience } from '../audiences/compile';
import { attributeTypesOf } from '../audiences/attribute-types';

export const PEOPLE_UNKNOWN_MESSAGE = 'Some selected people are not people of this website';

/** The item of this website and kind, or 404 with the kind's message (another website's item looks missing). */
export const ownContent = (websiteId: string, kind: ContentKind, id: string): SQL =>
  and(eq(contents.id, id), eq(contents.websiteId, websiteId), eq(contents.kind, kind))!;

export async function assertContent(db: DbOrTx, websiteId: string, spec: AnyKind, id: string): Promise<void> {
  const [row] = await db
    .select({ id: contents.id })
    .from(contents)
    .where(ownContent(websiteId, spec.kind, id))
    .limit(1);
  if (!row) throw notFound(spec.messages.notFound);
}

/** How many of `ids` are rows of `table` in this website (ids are already de-duplicated by the schema). */
async function countOwn(db: DbOrTx, table: typeof groups | typeof segments | typeof clientMembers, websiteId: string, ids: string[]) {
  if (ids.length === 0) return 0;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
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
export async function assertRefs(db: DbOrTx, websiteId: string, spec: AnyKind, doc: { tag: string | null; workspace: string | null }): Promise<void> {
  const errors: Record<string, string> = { ...spec.check(doc) };
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
  // A dynamic audience is checked as a saved one is (issue 10, item 5): unknown attributes and
  // comparisons that do not fit the attribute's type are refused with their field, never stored.
  const audience = (doc as { dynamicAudience?: AudienceGroup }).dynamicAudience;
  if (audience) compileAudience(audience, await attributeTypesOf(db, websiteId), 'dynamicAudience');
}

async function writeTargets(tx: DbOrTx, spec: AnyKind, contentId: string, doc: unknown) {
  const refs = spec.refs(doc);
  await tx.delete(contentGroups).where(eq(contentGroups.contentId, contentId));
  await tx.delete(contentSegments).where(eq(contentSegments.contentId, contentId));
  const groupIds = [...new Set(refs.groups.ids)];
  const segmentIds = [...new Set(refs.segments.ids)];
  if (groupIds.length) await tx.insert(contentGroups).values(groupIds.map((groupId) => ({ contentId, groupId })));
  if (segmentIds.length) await tx.insert(contentSegments).values(segmentIds.map((segmentId) => ({ contentId, segmentId })));
}

function columnsOf(spec: AnyKind, doc: { tag: string | null; workspace: string | null }) {
  return { ...spec.columns(doc), tagId: doc.tag, workspaceId: doc.workspace, document: doc as Record<string, unknown> };
}

/** Inserts a new item (document, list columns, targets) and returns its id. Run inside a transaction. */
export async function insertContent(tx: DbOrTx, spec: AnyKind, websiteId: string, senderId: string, doc: { tag: string | null; workspace: string | null }) {
  const [row] = await tx
    .insert(contents)
    .values({ websiteId, kind: spec.kind, senderId, ...columnsOf(spec, doc) })
    .returning({ id: contents.id });
  await writeTargets(tx, spec, row.id, doc);
  return row.id;
}

/** Replaces an item's document, columns and targets; 404 when it is not this website's. Run inside a transaction. */
export async function updateContent(tx: DbOrTx, spec: AnyKind, websiteId: string, id: string, doc: { tag: string | null; workspace: string | null }) {
  const updated = await tx
    .update(contents)
    .set({ ...columnsOf(spec, doc), updatedAt: new Date() })
    .where(ownContent(websiteId, spec.kind, id))
    .returning({ id: contents.id });
  if (updated.length === 0) throw notFound(spec.messages.notFound);
  await writeTargets(tx, spec, id, doc);
}

/**
 * The saved item as GET answers it: the stored document with today's references (a deleted group,
 * audience, tag or workspace drops out, so the item can be saved again as it reads), and the
 * server-owned fields.
 */
export async function loadContentView(db: DbOrTx, spec: AnyKind, websiteId: string, id: string) {
  const [row] = await db
    .select({ c: contents, senderName: users.name })
    .from(contents)
    .leftJoin(users, eq(users.id, contents.senderId))
    .where(ownContent(websiteId, spec.kind, id))
    .limit(1);
  if (!row) throw notFound(spec.messages.notFound);
  const [groupRows, segmentRows] = await Promise.all([
    db.select({ id: contentGroups.groupId }).from(contentGroups).where(eq(contentGroups.contentId, id)),
    db.select({ id: contentSegments.segmentId }).from(contentSegments).where(eq(contentSegments.contentId, id)),
  ]);
  const c = row.c;
  const stored = c.document as { groups?: string[]; audiences?: string[]; group?: string | null; audience?: string | null };
  // Keep the editor's order of the targets (the join tables have none).
  const keep = (wanted: (string | null | undefined)[], present: { id: string }[]) => {
    const set = new Set(present.map((r) => r.id));
    return wanted.filter((x): x is string => !!x && set.has(x));
  };
  const doc = spec.withRefs(
    { ...c.document, tag: c.tagId, workspace: c.workspaceId },
    keep(stored.groups ?? [stored.group], groupRows),
    keep(stored.audiences ?? [stored.audience], segmentRows),
  );
  return {
    ...doc,
    _id: c.id,
    sender: c.senderId && row.senderName !== null ? { _id: c.senderId, name: row.senderName } : null,
    reactCount: c.reactCount,
    commentCount: c.commentCount,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export interface ListFilters {
  title?: string;
  style?: string;
  status?: string;
  position?: string;
  priority?: string;
  devices?: string;
  sender?: string;
  tag?: string;
  workSpace?: string;
}

/**
 * Names of the groups and audiences of the page's rows, for the list's columns: two queries on the
 * page's ids. (As subqueries of the page's SELECT they would also run for every row OFFSET skips.)
 */
async function targetNames(db: DbOrTx, ids: string[]) {
  const byContent = (rows: { contentId: string; id: string; name: string }[]) => {
    const map = new Map<string, { _id: string; name: string }[]>();
    for (const r of rows) map.set(r.contentId, [...(map.get(r.contentId) ?? []), { _id: r.id, name: r.name }]);
    return map;
  };
  if (ids.length === 0) return { groups: byContent([]), audiences: byContent([]) };
  const [groupRows, segmentRows] = await Promise.all([
    db
      .select({ contentId: contentGroups.contentId, id: groups.id, name: groups.name })
      .from(contentGroups)
      .innerJoin(groups, eq(groups.id, contentGroups.groupId))
      .where(inArray(contentGroups.contentId, ids))
      .orderBy(groups.name),
    db
      .select({ contentId: contentSegments.contentId, id: segments.id, name: segments.name })
      .from(contentSegments)
      .innerJoin(segments, eq(segments.id, contentSegments.segmentId))
      .where(inArray(contentSegments.contentId, ids))
      .orderBy(segments.name),
  ]);
  return { groups: byContent(groupRows), audiences: byContent(segmentRows) };
}

/**
 * One page of a website's items of one kind, newest first, with the spec's filters. The index
 * (website_id, kind, created_at desc, id desc) serves the order, so a page reads its 10 rows, not the
 * website's 100,000; the group and audience names are looked up for the page's rows only. The count
 * (meta.totalDocs) still visits every matching row: it is the list's main cost on a big website.
 */
export async function listContents(db: DbOrTx, kind: ContentKind, website: { id: string; domain: string }, q: PageQuery & ListFilters) {
  const where = and(
    eq(contents.websiteId, website.id),
    eq(contents.kind, kind),
    q.title ? ilike(contents.title, likePattern(q.title)) : undefined,
    q.style ? eq(contents.style, q.style) : undefined,
    q.status ? eq(contents.status, q.status) : undefined,
    q.position ? eq(contents.position, q.position) : undefined,
    q.priority ? eq(contents.priority, q.priority) : undefined,
    q.devices ? eq(contents.devices, q.devices) : undefined,
    q.sender ? eq(contents.senderId, q.sender) : undefined,
    q.tag ? eq(contents.tagId, q.tag) : undefined,
    q.workSpace ? eq(contents.workspaceId, q.workSpace) : undefined,
  );
  // The index is (website_id, kind, created_at DESC NULLS LAST, id DESC NULLS LAST): the ORDER BY
  // must say NULLS LAST (or, read backwards, ASC NULLS FIRST) for PostgreSQL to walk it instead of
  // sorting every row of the website (a plain DESC means NULLS FIRST, another order).
  const order =
    q.order === 'asc'
      ? [sql`${contents.createdAt} asc nulls first`, sql`${contents.id} asc nulls first`]
      : [sql`${contents.createdAt} desc nulls last`, sql`${contents.id} desc nulls last`];
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
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
        tagId: tags.id,
        tagName: tags.name,
        tagColor: tags.color,
      })
      .from(contents)
      .leftJoin(users, eq(users.id, contents.senderId))
      .leftJoin(tags, eq(tags.id, contents.tagId))
      // The page's ids first (the index alone walks past OFFSET rows), then the joins for those only.
      .where(
        inArray(
          contents.id,
          db
            .select({ id: contents.id })
            .from(contents)
            .where(where)
            .orderBy(...order)
            .limit(limit)
            .offset(offset),
        ),
      )
      .orderBy(...order),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(contents)
      .where(where),
  ]);
  const names = await targetNames(
    db,
    rows.map((r) => r.id),
  );
  const docs: CampaignRow[] = rows.map((r) => ({
    _id: r.id,
    title: r.title,
    sender: r.senderName,
    domain: website.domain,
    position: r.position,
    status: r.status as CampaignStatus,
    priority: r.priority,
    style: r.style,
    groups: names.groups.get(r.id) ?? [],
    audiences: names.audiences.get(r.id) ?? [],
    tag: r.tagId && r.tagName !== null && r.tagColor !== null ? { _id: r.tagId, name: r.tagName, color: r.tagColor } : null,
    workspace: r.workspaceId,
    devices: r.devices,
    reactCount: r.reactCount,
    commentCount: r.commentCount,
    createdAt: r.createdAt.toISOString(),
  }));
  return paged(docs, total, q);
}
