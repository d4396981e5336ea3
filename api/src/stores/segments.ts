import { and, eq, getTableColumns } from 'drizzle-orm';
import type { AudienceGroup, CallQuery, Paged, Segment, listSegmentsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { segments } from '../db/schema';
import { pageByCreation, contains, nameTakenIn, insertRow, deleteRowIn } from './paged-select';

type SegmentRow = typeof segments.$inferSelect;

/** A segment as every call answers it. */
export const segmentView = (s: Pick<SegmentRow, 'id' | 'name' | 'audience' | 'createdAt'>): Segment => ({
  _id: s.id,
  name: s.name,
  audience: s.audience,
  createdAt: s.createdAt.toISOString(),
});

/**
 * The SQL of segments (saved dynamic audiences), always inside one website: a segment of another
 * website is never read, changed or deleted, so it answers 404 like a missing one.
 */
export function segmentsStore(db: DbOrTx, websiteId: string) {
  const own = (id: string) => and(eq(segments.id, id), eq(segments.websiteId, websiteId));
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listSegmentsCall>): Promise<Paged<Segment>> {
      const where = and(eq(segments.websiteId, websiteId), contains(segments.name, query.name));
      return pageByCreation(db, segments, getTableColumns(segments), where, query, segmentView);
    },

    /** The rule of a saved audience of this website; undefined for another website's. */
    async audience(id: string): Promise<AudienceGroup | undefined> {
      const [row] = await db.select({ audience: segments.audience }).from(segments).where(own(id)).limit(1);
      return row?.audience as AudienceGroup | undefined;
    },

    async exists(id: string): Promise<boolean> {
      const [row] = await db.select({ id: segments.id }).from(segments).where(own(id)).limit(1);
      return !!row;
    },

    /** Names are unique per website whatever the case (the unique index is on lower(name)). */
    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      return nameTakenIn(db, segments, eq(segments.websiteId, websiteId), name, exceptId);
    },

    async insert(values: { name: string; audience: AudienceGroup }): Promise<SegmentRow> {
      return insertRow(db, segments, { websiteId, ...values });
    },

    async update(id: string, values: { name: string; audience: AudienceGroup }): Promise<SegmentRow | undefined> {
      const [row] = await db.update(segments).set(values).where(own(id)).returning();
      return row;
    },

    /** False when it is not a segment of this website. */
    async remove(id: string): Promise<boolean> {
      return deleteRowIn(db, segments, eq(segments.websiteId, websiteId), id);
    },
  };
}
