import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { PROGRESS_KINDS, type ProgressEntry } from 'contracts';
import type { DbOrTx } from '../db/client';
import { contentProgress, contents, visitors } from '../db/schema';

/** One progress row as the page sees it. */
export interface ProgressRow {
  contentId: string;
  state: Record<string, unknown>;
  updatedAt: Date;
}

/** Whose progress a visitor's page reads and writes: the person once their identity is verified, else the visitor. */
export type ProgressOwner = { memberId: string } | { visitorId: string };

export const progressEntryOf = (r: ProgressRow): ProgressEntry => ({ contentId: r.contentId, state: r.state, updatedAt: r.updatedAt.toISOString() });

/**
 * A visitor's place in tours and checklists (table content_progress): one row per item and anonymous
 * visitor, or per item and person once the visitor's identity is verified (an unverified identify is
 * a claim anyone could make, so it never reads or writes a person's progress). Between two versions of
 * one item's state the later `updatedAt` wins, whoever writes it.
 */
export function progressStore(db: DbOrTx) {
  return {
    /** Whose progress `visitorId` reads and writes on the website now. */
    async ownerOf(websiteId: string, visitorId: string): Promise<ProgressOwner> {
      const [row] = await db
        .select({ memberId: visitors.clientMemberId, verified: visitors.identityVerified })
        .from(visitors)
        .where(and(eq(visitors.websiteId, websiteId), eq(visitors.visitorId, visitorId)))
        .limit(1);
      return row?.memberId && row.verified ? { memberId: row.memberId } : { visitorId };
    },

    /** The owner's progress in the website's items. */
    async read(websiteId: string, owner: ProgressOwner): Promise<ProgressRow[]> {
      return db
        .select({ contentId: contentProgress.contentId, state: contentProgress.state, updatedAt: contentProgress.updatedAt })
        .from(contentProgress)
        .where(
          and(
            eq(contentProgress.websiteId, websiteId),
            'memberId' in owner
              ? eq(contentProgress.clientMemberId, owner.memberId)
              : and(isNull(contentProgress.clientMemberId), eq(contentProgress.visitorId, owner.visitorId)),
          ),
        );
    },

    /** Which of `ids` are the website's items that keep progress (tours, checklists); another website's are not found. */
    async progressItems(websiteId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: contents.id })
        .from(contents)
        .where(and(eq(contents.websiteId, websiteId), inArray(contents.id, ids), inArray(contents.kind, [...PROGRESS_KINDS])));
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Writes each entry for the owner unless the stored one is as new or newer (last writer wins by
     * `updatedAt`). `visitorId` is kept on a person's row too: the device that wrote it last.
     */
    async upsert(websiteId: string, owner: ProgressOwner, visitorId: string, entries: ProgressRow[]): Promise<void> {
      if (entries.length === 0) return;
      // One row per item (a statement may not touch a row twice): the latest of the batch.
      const latest = new Map<string, ProgressRow>();
      for (const e of entries) {
        const kept = latest.get(e.contentId);
        if (!kept || kept.updatedAt < e.updatedAt) latest.set(e.contentId, e);
      }
      const values = [...latest.values()].map((e) => ({
        websiteId,
        contentId: e.contentId,
        visitorId,
        clientMemberId: 'memberId' in owner ? owner.memberId : null,
        state: e.state,
        updatedAt: e.updatedAt,
      }));
      const newer = sql`${contentProgress.updatedAt} < excluded.updated_at`;
      const set = { state: sql`excluded.state`, updatedAt: sql`excluded.updated_at`, visitorId: sql`excluded.visitor_id` };
      if ('memberId' in owner) {
        await db
          .insert(contentProgress)
          .values(values)
          .onConflictDoUpdate({
            target: [contentProgress.contentId, contentProgress.clientMemberId],
            targetWhere: sql`${contentProgress.clientMemberId} is not null`,
            set,
            setWhere: newer,
          });
      } else {
        await db
          .insert(contentProgress)
          .values(values)
          .onConflictDoUpdate({
            target: [contentProgress.contentId, contentProgress.visitorId],
            targetWhere: sql`${contentProgress.clientMemberId} is null`,
            set,
            setWhere: newer,
          });
      }
    },

    /**
     * On a verified identify: the anonymous visitor's progress becomes the person's (per item, the newer
     * of the two), so what they did before signing in is kept and follows them from now on.
     */
    async mergeIntoPerson(websiteId: string, visitorId: string, memberId: string): Promise<void> {
      await db.execute(sql`
        insert into content_progress (website_id, content_id, visitor_id, client_member_id, state, updated_at)
        select website_id, content_id, visitor_id, ${memberId}::uuid, state, updated_at
        from content_progress
        where website_id = ${websiteId} and visitor_id = ${visitorId} and client_member_id is null
        on conflict (content_id, client_member_id) where client_member_id is not null
        do update set state = excluded.state, updated_at = excluded.updated_at, visitor_id = excluded.visitor_id
        where content_progress.updated_at < excluded.updated_at`);
      await db
        .delete(contentProgress)
        .where(and(eq(contentProgress.websiteId, websiteId), eq(contentProgress.visitorId, visitorId), isNull(contentProgress.clientMemberId)));
    },
  };
}
