import { and, asc, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { CallQuery, Paged, listWebsitesCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { organisations, websites } from '../db/schema';
import { COUNT, likePattern, selectPage, TOTAL, type PageWindow } from './paged-select';

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

/**
 * The SQL of websites, always inside one organisation (the caller's): a website of another
 * organisation is never read, counted or deleted.
 */
export function websitesStore(db: DbOrTx, organisationId: string) {
  const ofOrganisation = eq(websites.organisationId, organisationId);
  return {
    /** Newest first, optionally by name (contains, any case). */
    page(query: CallQuery<typeof listWebsitesCall>): Promise<Paged<WebsiteListView>> {
      const where = and(ofOrganisation, query.name ? ilike(websites.name, likePattern(query.name)) : undefined);
      const dir = query.order === 'asc' ? asc : desc;
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) =>
          await db
            .select({
              id: websites.id,
              name: websites.name,
              domain: websites.domain,
              publicKey: websites.publicKey,
              createdAt: websites.createdAt,
              total: TOTAL,
            })
            .from(websites)
            .where(where)
            .orderBy(dir(websites.createdAt), dir(websites.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(websites).where(where))[0].n,
        websiteListView,
      );
    },

    /** One website of the organisation with what its script uses (undefined: none such, or another organisation's). */
    async scriptSettings(id: string): Promise<Pick<WebsiteRow, 'id' | 'publicKey' | 'interruptionsPerDay' | 'timeZone'> | undefined> {
      const [site] = await db
        .select({ id: websites.id, publicKey: websites.publicKey, interruptionsPerDay: websites.interruptionsPerDay, timeZone: websites.timeZone })
        .from(websites)
        .where(and(ofOrganisation, eq(websites.id, id)))
        .limit(1);
      return site;
    },

    /** The delivery settings; a time zone left out keeps the stored one. */
    async setDeliverySettings(id: string, settings: { interruptionsPerDay: number; timeZone?: string }): Promise<void> {
      await db
        .update(websites)
        .set(settings)
        .where(and(ofOrganisation, eq(websites.id, id)));
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
      const [site] = await db
        .insert(websites)
        .values({ organisationId, ...values })
        .returning();
      return site;
    },

    /** Locks the organisation row until the transaction ends: two deletes cannot race past the "last website" check. */
    async lockOrganisation(): Promise<void> {
      await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
    },

    async ids(): Promise<Set<string>> {
      const rows = await db.select({ id: websites.id }).from(websites).where(ofOrganisation);
      return new Set(rows.map((w) => w.id));
    },

    async remove(ids: string[]): Promise<void> {
      await db.delete(websites).where(and(ofOrganisation, inArray(websites.id, ids)));
    },
  };
}
