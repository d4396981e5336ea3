import { eq, sum } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads, websites } from '../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** An upload's row as the upload call writes it; the website is the store's. */
export type NewUpload = Omit<typeof uploads.$inferInsert, 'websiteId'>;

/**
 * The SQL of uploaded images, inside one website (the active one, already checked to belong to the
 * caller's organisation).
 */
export function uploadsStore(db: Db, websiteId: string) {
  return {
    /**
     * Records an upload if the website's stored images leave room for it under `quotaBytes`, in one
     * transaction holding the website's row locked, so two uploads at once cannot both fit in the
     * last free bytes. `putInPlace` runs inside that transaction once the row is written (the file
     * moved to its final name): when it fails, the row is not kept either. Null, and nothing
     * written, when the upload does not fit.
     */
    insertWithinQuota(values: NewUpload, quotaBytes: number, putInPlace: () => Promise<void>): Promise<UploadRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: websites.id }).from(websites).where(eq(websites.id, websiteId)).for('update');
        const [used] = await tx
          .select({ bytes: sum(uploads.size).mapWith(Number) })
          .from(uploads)
          .where(eq(uploads.websiteId, websiteId));
        if ((used?.bytes ?? 0) + values.size > quotaBytes) return null;
        const [inserted] = await tx
          .insert(uploads)
          .values({ ...values, websiteId })
          .returning();
        await putInPlace();
        return inserted;
      });
    },
  };
}
