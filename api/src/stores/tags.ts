import { and, asc, desc, eq, ilike, sql } from 'drizzle-orm';
import type { CallQuery, Paged, listTagsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { tags } from '../db/schema';
import { COUNT, likePattern, selectPage, TOTAL, type PageWindow } from './paged-select';

type TagRow = typeof tags.$inferSelect;

/** A tag as every call answers it. */
export const tagView = (t: Pick<TagRow, 'id' | 'name' | 'color' | 'createdAt'>) => ({
  _id: t.id,
  name: t.name,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
});
export type TagView = ReturnType<typeof tagView>;

/**
 * The SQL of tags, always inside one website (the active one, already checked to belong to the
 * caller's organisation): a tag of another website answers like a missing one.
 */
export function tagsStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = eq(tags.websiteId, websiteId);
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listTagsCall>): Promise<Paged<TagView>> {
      const where = and(ofWebsite, query.name ? ilike(tags.name, likePattern(query.name)) : undefined);
      const dir = query.order === 'asc' ? asc : desc;
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) =>
          await db
            .select({ id: tags.id, name: tags.name, color: tags.color, createdAt: tags.createdAt, total: TOTAL })
            .from(tags)
            .where(where)
            .orderBy(dir(tags.createdAt), dir(tags.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(tags).where(where))[0].n,
        tagView,
      );
    },

    /** A tag's name is unique in its website, whatever the case. */
    async nameTaken(name: string): Promise<boolean> {
      const [taken] = await db
        .select({ id: tags.id })
        .from(tags)
        .where(and(ofWebsite, sql`lower(${tags.name}) = lower(${name})`))
        .limit(1);
      return !!taken;
    },

    async insert(values: { name: string; color: string }): Promise<TagRow> {
      const [tag] = await db
        .insert(tags)
        .values({ websiteId, ...values })
        .returning();
      return tag;
    },

    /** Whether a tag was there to delete. */
    async remove(id: string): Promise<boolean> {
      const deleted = await db
        .delete(tags)
        .where(and(ofWebsite, eq(tags.id, id)))
        .returning({ id: tags.id });
      return deleted.length > 0;
    },
  };
}
