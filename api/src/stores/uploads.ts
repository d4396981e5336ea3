import { and, eq, inArray, sum } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { organisations, uploads } from '../db/schema';

export type UploadRow = typeof uploads.$inferSelect;

/** An upload's row as the upload call writes it; the organisation and website are the store's. */
export type NewUpload = Omit<typeof uploads.$inferInsert, 'organisationId' | 'websiteId'>;

/**
 * The SQL of uploaded images, inside one organisation (the caller's) and its active website (already
 * checked to belong to it). The storage quota is the organisation's, all its websites together: a
 * new website does not bring fresh room, and deleting one frees what its images took.
 */
export function uploadsStore(db: Db, organisationId: string, websiteId: string) {
  return {
    /**
     * Records an upload if the organisation's stored images leave room for it under `quotaBytes`,
     * in one transaction holding the organisation's row locked, so two uploads at once (from any of
     * its websites) cannot both fit in the last free bytes. `putInPlace` runs inside that
     * transaction once the row is written (the file moved to its final name): when it fails, the row
     * is not kept either. Null, and nothing written, when the upload does not fit.
     */
    insertWithinQuota(values: NewUpload, quotaBytes: number, putInPlace: () => Promise<void>): Promise<UploadRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
        const [used] = await tx
          .select({ bytes: sum(uploads.size).mapWith(Number) })
          .from(uploads)
          .where(eq(uploads.organisationId, organisationId));
        if ((used?.bytes ?? 0) + values.size > quotaBytes) return null;
        const [inserted] = await tx
          .insert(uploads)
          .values({ ...values, organisationId, websiteId })
          .returning();
        await putInPlace();
        return inserted;
      });
    },
  };
}

/**
 * Deletes the upload rows of websites of the organisation (being deleted with them) and answers their
 * stored files' names, for the caller to remove from disk once the transaction has committed.
 */
export async function removeWebsiteUploads(db: DbOrTx, organisationId: string, websiteIds: string[]): Promise<string[]> {
  if (websiteIds.length === 0) return [];
  const gone = await db
    .delete(uploads)
    .where(and(eq(uploads.organisationId, organisationId), inArray(uploads.websiteId, websiteIds)))
    .returning({ storageKey: uploads.storageKey });
  return gone.map((g) => g.storageKey);
}
