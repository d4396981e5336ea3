import { and, eq } from 'drizzle-orm';
import type { CallQuery, Paged, listTagsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { tags } from '../db/schema';
import { pageByCreation, contains, nameTakenIn, insertRow, deleteRowIn } from './paged-select';

type TagRow = typeof tags.$inferSelect;

/** A tag as every call answers it. */
export const tagView = (t: Pick<TagRow, 'id' | 'name' | 'color' | 'createdAt'>) => ({
  _id: t.id,
  name: t.name,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
});
export type TagView = ReturnType<typeof tagView>;

/** The columns of a list page (what the view reads). */
const tagColumns = { id: tags.id, name: tags.name, color: tags.color, createdAt: tags.createdAt };

/**
 * The SQL of tags, always inside one website (the active one, already checked to belong to the
 * caller's organisation): a tag of another website answers like a missing one.
 */
export function tagsStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = eq(tags.websiteId, websiteId);
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listTagsCall>): Promise<Paged<TagView>> {
      const where = and(ofWebsite, contains(tags.name, query.name));
      return pageByCreation(db, tags, tagColumns, where, query, tagView);
    },

    /** A tag's name is unique in its website, whatever the case. */
    async nameTaken(name: string): Promise<boolean> {
      return nameTakenIn(db, tags, ofWebsite, name);
    },

    async insert(values: { name: string; color: string }): Promise<TagRow> {
      return insertRow(db, tags, { websiteId, ...values });
    },

    /** Whether a tag was there to delete. */
    async remove(id: string): Promise<boolean> {
      return deleteRowIn(db, tags, ofWebsite, id);
    },
  };
}
