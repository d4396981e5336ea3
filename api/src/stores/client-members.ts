import { and, asc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { CallQuery, ClientMember, Paged, listClientMembersCall, searchClientsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { clientMembers, emailSuppressions } from '../db/schema';
import { webPushStore } from './web-push';
import { COUNT, likePattern, selectPage, TOTAL, type Filter, type PageWindow } from './paged-select';

type ClientMemberRow = typeof clientMembers.$inferSelect;

/** A client member as every call answers it. */
export const memberView = (m: Pick<ClientMemberRow, 'id' | 'memberId' | 'username' | 'division' | 'state' | 'domain'>): ClientMember => ({
  _id: m.id,
  memberId: m.memberId,
  username: m.username,
  division: m.division,
  state: m.state,
  domain: m.domain,
});

/** Newest people first; people added together (one script batch, the seed) by member id. */
export const memberOrder = [sql`${clientMembers.createdAt} desc`, sql`${clientMembers.memberId} asc`];
const oldestFirst = [asc(clientMembers.createdAt), asc(clientMembers.memberId)];

/**
 * The SQL of client members (the people of one website, as its script reports them), always inside
 * one website: a person of another website is never read, counted or accepted into a group.
 */
export function clientMembersStore(db: DbOrTx, websiteId: string) {
  /** Member id, username or e-mail containing the term (any case): a person is found by any of them. */
  const matching = (term: string | undefined): Filter =>
    term
      ? or(ilike(clientMembers.memberId, likePattern(term)), ilike(clientMembers.username, likePattern(term)), ilike(clientMembers.email, likePattern(term)))
      : undefined;

  /** A page of the website's people under `filter`, newest first unless `asc`. */
  const pageWhere = (query: { page: number; pageSize: number; order?: 'asc' | 'desc' }, filter: Filter): Promise<Paged<ClientMember>> => {
    const where = and(eq(clientMembers.websiteId, websiteId), filter);
    const order = query.order === 'asc' ? oldestFirst : memberOrder;
    return selectPage(
      query,
      async ({ limit, offset }: PageWindow) =>
        await db
          .select({ ...getTableColumns(clientMembers), total: TOTAL })
          .from(clientMembers)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset),
      async () => (await db.select({ n: COUNT }).from(clientMembers).where(where))[0].n,
      memberView,
    );
  };

  /** Each person's reach: e-mail standing (the suppression list) and push subscriptions, two queries a page. */
  const withReach = async (docs: ClientMember[]): Promise<ClientMember[]> => {
    if (docs.length === 0) return docs;
    const ids = docs.map((d) => d._id);
    const people = await db
      .select({ id: clientMembers.id, email: clientMembers.email, suppressed: emailSuppressions.reason })
      .from(clientMembers)
      .leftJoin(emailSuppressions, and(eq(emailSuppressions.websiteId, websiteId), eq(emailSuppressions.email, sql`lower(${clientMembers.email})`)))
      .where(and(eq(clientMembers.websiteId, websiteId), inArray(clientMembers.id, ids)));
    const byId = new Map(people.map((p) => [p.id, p]));
    const pushes = await webPushStore(db).subscriptionCounts(websiteId, ids);
    return docs.map((d) => {
      const p = byId.get(d._id);
      const email = p?.suppressed ?? (p?.email ? 'subscribed' : 'none');
      return { ...d, reach: { email, pushSubscriptions: pushes.get(d._id) ?? 0 } };
    });
  };

  return {
    /** GET /api/client-members: `search` on the member id, the username or the e-mail. */
    async page(query: CallQuery<typeof listClientMembersCall>): Promise<Paged<ClientMember>> {
      const found = await pageWhere(query, matching(query.search));
      return { ...found, docs: await withReach(found.docs) };
    },

    /** POST /api/clients: the people a compiled audience (compile.ts) selects, `name` narrowing further. */
    search(audience: SQL, query: CallQuery<typeof searchClientsCall>): Promise<Paged<ClientMember>> {
      return pageWhere(query, and(audience, matching(query.name)));
    },

    /** Whether every id is a person of this website (repeats counted once). */
    async allOfWebsite(ids: string[]): Promise<boolean> {
      const found = await db
        .select({ id: clientMembers.id })
        .from(clientMembers)
        .where(and(eq(clientMembers.websiteId, websiteId), inArray(clientMembers.id, ids)));
      return found.length === new Set(ids).size;
    },
  };
}
