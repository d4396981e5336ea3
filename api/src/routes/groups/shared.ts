import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { GROUP_MEMBERS_UNKNOWN_MESSAGE, GROUP_NAME_TAKEN_MESSAGE, type ClientMember } from 'contracts';
import type { DbOrTx } from '../../db/client';
import { clientMembers, groupMembers, groups } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';

/**
 * Groups and client members belong to one website: every call runs inside the website of the
 * `Activewebsite` header (route config website: true; the access hook answers 404 for a website of
 * another organisation before the handler runs). A group of another website, or of another
 * organisation, answers 404 exactly like a missing one. `websiteOf` is the one tenancy helper of
 * plugins/access.ts under its older name here, until these areas move to their stores.
 */
export { activeWebsiteOf as websiteOf } from '../../plugins/access';

export const groupNotFound = () => notFound('Group not found');
export const groupNameTaken = () => conflict(GROUP_NAME_TAKEN_MESSAGE, { name: GROUP_NAME_TAKEN_MESSAGE });

/** Number of members of a group, as a column of a select on `groups`. */
export const membersCountSql = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`.as('members_count');

export const memberView = (m: typeof clientMembers.$inferSelect): ClientMember => ({
  _id: m.id,
  memberId: m.memberId,
  username: m.username,
  division: m.division,
  state: m.state,
  domain: m.domain,
});

/** Newest people first; people added together (one script batch, the seed) by member id. */
export const memberOrder = [sql`${clientMembers.createdAt} desc`, sql`${clientMembers.memberId} asc`];

export const ownGroup = (websiteId: string, id: string): SQL => and(eq(groups.id, id), eq(groups.websiteId, websiteId))!;

/** The group of this website with its member count, or 404. */
export async function loadGroup(db: DbOrTx, websiteId: string, id: string) {
  const [row] = await db
    .select({ id: groups.id, name: groups.name, createdAt: groups.createdAt, membersCount: membersCountSql })
    .from(groups)
    .where(ownGroup(websiteId, id))
    .limit(1);
  if (!row) throw groupNotFound();
  return row;
}

export const groupRowView = (g: { id: string; name: string; createdAt: Date; membersCount: number }) => ({
  _id: g.id,
  name: g.name,
  membersCount: g.membersCount,
  createdAt: g.createdAt.toISOString(),
});

/** Every member id of a group (for GET /api/groups/{id} and the saved answer). */
export async function memberIdsOf(db: DbOrTx, groupId: string): Promise<string[]> {
  const rows = await db
    .select({ id: clientMembers.id })
    .from(groupMembers)
    .innerJoin(clientMembers, eq(clientMembers.id, groupMembers.clientMemberId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(...memberOrder);
  return rows.map((r) => r.id);
}

/**
 * Spec section 5: the members error of group create and update is a field message on `members`.
 * Every id must be a client member of the active website: an unknown id, or a person of another
 * website, is refused (400) without saying which website it belongs to.
 */
export async function assertMembersOfWebsite(db: DbOrTx, websiteId: string, ids: string[]): Promise<void> {
  const found = await db
    .select({ id: clientMembers.id })
    .from(clientMembers)
    .where(and(eq(clientMembers.websiteId, websiteId), inArray(clientMembers.id, ids)));
  if (found.length !== new Set(ids).size) throw badRequest(GROUP_MEMBERS_UNKNOWN_MESSAGE, { members: GROUP_MEMBERS_UNKNOWN_MESSAGE });
}

/** 409 on `name` when another group of the website has this name, whatever the case. */
export async function assertGroupNameFree(db: DbOrTx, websiteId: string, name: string, exceptId?: string): Promise<void> {
  const [taken] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.websiteId, websiteId), sql`lower(${groups.name}) = lower(${name})`, exceptId ? ne(groups.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw groupNameTaken();
}
