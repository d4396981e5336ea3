import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CallQuery, Paged, listWebsitesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, websites } from '../db/schema';
import { removeWebsiteUploads } from './uploads';
import { pageByCreation, contains, insertRow } from './paged-select';

type WebsiteRow = typeof websites.$inferSelect;

/** A website as its create call answers it. */
export const websiteView = (w: Pick<WebsiteRow, 'id' | 'name' | 'domain' | 'createdAt'>) => ({
  _id: w.id,
  name: w.name,
  domain: w.domain,
  createdAt: w.createdAt.toISOString(),
});

/** A website in the list: with its public key (what its script sends; not a secret, it ships in the page). */
export const websiteListView = (w: Pick<WebsiteRow, 'id' | 'name' | 'domain' | 'publicKey' | 'createdAt'>) => ({
  ...websiteView(w),
  publicKey: w.publicKey,
});
export type WebsiteListView = ReturnType<typeof websiteListView>;

const identityColumns = {
  required: websites.identityRequired,
  secret: websites.identitySecret,
  previousSecret: websites.identityPreviousSecret,
  rotatedAt: websites.identityRotatedAt,
};
/** A website's identity verification as stored. */
export interface IdentityVerificationRow {
  required: boolean;
  secret: string;
  previousSecret: string | null;
  rotatedAt: Date | null;
}

/**
 * The website `id` of `organisationId` as the access hook keeps it (the `Activewebsite` header's),
 * or null when there is none in that organisation.
 */
export async function findActiveWebsite(db: DbOrTx, organisationId: string, id: string): Promise<{ id: string; name: string; domain: string } | null> {
  const [row] = await db
    .select({ id: websites.id, name: websites.name, domain: websites.domain })
    .from(websites)
    .where(and(eq(websites.id, id), eq(websites.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}

/** The columns of a list page (what the view reads). */
const websiteListColumns = { id: websites.id, name: websites.name, domain: websites.domain, publicKey: websites.publicKey, createdAt: websites.createdAt };

/**
 * The SQL of websites, always inside one organisation (the caller's): a website of another
 * organisation is never read, counted or deleted.
 */
export function websitesStore(db: DbOrTx, organisationId: string) {
  const ofOrganisation = eq(websites.organisationId, organisationId);
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listWebsitesCall>): Promise<Paged<WebsiteListView>> {
      const where = and(ofOrganisation, contains(websites.name, query.name));
      return pageByCreation(db, websites, websiteListColumns, where, query, websiteListView);
    },

    /** One website of the organisation with what its script uses (undefined: none such, or another organisation's). */
    async scriptSettings(
      id: string,
    ): Promise<Pick<WebsiteRow, 'id' | 'publicKey' | 'interruptionsPerDay' | 'pushesBesidePopup' | 'quietAfterCloseSeconds' | 'timeZone'> | undefined> {
      const [site] = await db
        .select({
          id: websites.id,
          publicKey: websites.publicKey,
          interruptionsPerDay: websites.interruptionsPerDay,
          pushesBesidePopup: websites.pushesBesidePopup,
          quietAfterCloseSeconds: websites.quietAfterCloseSeconds,
          timeZone: websites.timeZone,
        })
        .from(websites)
        .where(and(ofOrganisation, eq(websites.id, id)))
        .limit(1);
      return site;
    },

    /** The delivery settings; a time zone left out keeps the stored one. */
    async setDeliverySettings(
      id: string,
      settings: Pick<WebsiteRow, 'interruptionsPerDay' | 'pushesBesidePopup' | 'quietAfterCloseSeconds'> & { timeZone?: string },
    ): Promise<void> {
      await db
        .update(websites)
        .set(settings)
        .where(and(ofOrganisation, eq(websites.id, id)));
    },

    /** A website's identity verification: required or not, its secret, and the previous one with when it was replaced. */
    async identityVerification(id: string): Promise<IdentityVerificationRow | undefined> {
      const [row] = await db
        .select(identityColumns)
        .from(websites)
        .where(and(ofOrganisation, eq(websites.id, id)))
        .limit(1);
      return row;
    },

    async setIdentityRequired(id: string, required: boolean): Promise<IdentityVerificationRow | undefined> {
      const [row] = await db
        .update(websites)
        .set({ identityRequired: required })
        .where(and(ofOrganisation, eq(websites.id, id)))
        .returning(identityColumns);
      return row;
    },

    /** Puts `secret` in place; the one it replaces becomes the previous secret, from now (an older previous one is dropped). */
    async rotateIdentitySecret(id: string, secret: string): Promise<IdentityVerificationRow | undefined> {
      const [row] = await db
        .update(websites)
        .set({ identityPreviousSecret: sql`${websites.identitySecret}`, identitySecret: secret, identityRotatedAt: sql`now()` })
        .where(and(ofOrganisation, eq(websites.id, id)))
        .returning(identityColumns);
      return row;
    },

    /** Domains are stored normalised (contracts' normaliseDomain), so this is an equality. */
    async domainTaken(domain: string): Promise<boolean> {
      const [taken] = await db
        .select({ id: websites.id })
        .from(websites)
        .where(and(ofOrganisation, eq(websites.domain, domain)))
        .limit(1);
      return !!taken;
    },

    async insert(values: { name: string; domain: string }): Promise<WebsiteRow> {
      return insertRow(db, websites, { organisationId, ...values });
    },

    /** Locks the organisation row until the transaction ends: two deletes cannot race past the "last website" check. */
    async lockOrganisation(): Promise<void> {
      await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    },

    async ids(): Promise<Set<string>> {
      const rows = await db.select({ id: websites.id }).from(websites).where(ofOrganisation);
      return new Set(rows.map((w) => w.id));
    },

    /**
     * Deletes the websites with their uploaded images' rows, and answers those images' stored file
     * names: the caller removes the files once the transaction has committed (a rollback keeps them).
     */
    async remove(ids: string[]): Promise<string[]> {
      const files = await removeWebsiteUploads(db, organisationId, ids);
      await db.delete(websites).where(and(ofOrganisation, inArray(websites.id, ids)));
      return files;
    },
  };
}
