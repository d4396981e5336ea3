import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { GROUP_PREVIEW_MEMBERS, type CallQuery, type ClientMember, type GroupRow, type Paged, type listGroupMembersCall, type listGroupsCall } from 'contracts';
import type { DbOrTx } from '../db/client';
import { clientMembers, groupMembers, groups } from '../db/schema';
import { memberOrder, memberView } from './client-members';
import { COUNT, selectPage, TOTAL, type PageWindow, pageByCreation, contains, nameTakenIn } from './paged-select';

/** Number of members of a group, as a column of a select on `groups`. */
const membersCountSql = sql<number>`(select count(*)::int from ${groupMembers} where ${groupMembers.groupId} = ${groups.id})`.as('members_count');

type GroupWithCount = { id: string; name: string; createdAt: Date; membersCount: number };

/** A group as the list and every answer show it (without its member ids). */
export const groupRowView = (g: GroupWithCount): GroupRow => ({
  _id: g.id,
  name: g.name,
  membersCount: g.membersCount,
  createdAt: g.createdAt.toISOString(),
});

/** group_members rows are inserted in slices: PostgreSQL takes at most 65535 parameters per statement. */
const INSERT_SLICE = 5000;

/**
 * The SQL of groups (sets of client members), always inside one website: a group of another website,
 * or of another organisation, is never read, changed or deleted, so it answers 404 like a missing one.
 */
export function groupsStore(db: DbOrTx, websiteId: string) {
  const own = (id: string): SQL => and(eq(groups.id, id), eq(groups.websiteId, websiteId))!;
  const withCount = { id: groups.id, name: groups.name, createdAt: groups.createdAt, membersCount: membersCountSql };
  /** The group's people, newest first. */
  const membersOf = (groupId: string) =>
    db
      .select({ m: clientMembers, total: TOTAL })
      .from(groupMembers)
      .innerJoin(clientMembers, eq(clientMembers.id, groupMembers.clientMemberId))
      .where(eq(groupMembers.groupId, groupId))
      .orderBy(...memberOrder);

  async function insertMembers(groupId: string, ids: string[]): Promise<void> {
    for (let i = 0; i < ids.length; i += INSERT_SLICE) {
      await db.insert(groupMembers).values(ids.slice(i, i + INSERT_SLICE).map((clientMemberId) => ({ groupId, clientMemberId })));
    }
  }

  return {
    /** Newest first, optionally by name (contains, any case), with their member counts. */
    page(query: CallQuery<typeof listGroupsCall>): Promise<Paged<GroupRow>> {
      return pageByCreation(db, groups, withCount, and(eq(groups.websiteId, websiteId), contains(groups.name, query.name)), query, groupRowView);
    },

    /** The group with its member count. */
    async find(id: string): Promise<GroupWithCount | undefined> {
      const [row] = await db.select(withCount).from(groups).where(own(id)).limit(1);
      return row;
    },

    /** Every member id of a group, newest member first (what the edit form starts from). */
    async memberIds(groupId: string): Promise<string[]> {
      const rows = await db
        .select({ id: clientMembers.id })
        .from(groupMembers)
        .innerJoin(clientMembers, eq(clientMembers.id, groupMembers.clientMemberId))
        .where(eq(groupMembers.groupId, groupId))
        .orderBy(...memberOrder);
      return rows.map((r) => r.id);
    },

    /** The first members as people, for the preview dialog. */
    async previewMembers(groupId: string): Promise<ClientMember[]> {
      const rows = await membersOf(groupId).limit(GROUP_PREVIEW_MEMBERS);
      return rows.map((r) => memberView(r.m));
    },

    /** The group's people, paged (the group is known to be this website's). */
    membersPage(groupId: string, query: CallQuery<typeof listGroupMembersCall>): Promise<Paged<ClientMember>> {
      return selectPage(
        query,
        async ({ limit, offset }: PageWindow) => await membersOf(groupId).limit(limit).offset(offset),
        async () => (await db.select({ n: COUNT }).from(groupMembers).where(eq(groupMembers.groupId, groupId)))[0].n,
        (r) => memberView(r.m),
      );
    },

    /** Another group of the website has this name, whatever the case. */
    async nameTaken(name: string, exceptId?: string): Promise<boolean> {
      return nameTakenIn(db, groups, eq(groups.websiteId, websiteId), name, exceptId);
    },

    /** A new group and its members (call inside a transaction). */
    async insert({ name, members }: { name: string; members: string[] }): Promise<string> {
      const [group] = await db.insert(groups).values({ websiteId, name }).returning({ id: groups.id });
      await insertMembers(group.id, members);
      return group.id;
    },

    /** Renames the group and replaces its members (call inside a transaction); false when it is not this website's. */
    async replace(id: string, { name, members }: { name: string; members: string[] }): Promise<boolean> {
      const [group] = await db.update(groups).set({ name }).where(own(id)).returning({ id: groups.id });
      if (!group) return false;
      await db.delete(groupMembers).where(eq(groupMembers.groupId, id));
      await insertMembers(id, members);
      return true;
    },

    /** Deletes the group (its memberships go by foreign key cascade); false when it is not this website's. */
    async remove(id: string): Promise<boolean> {
      const deleted = await db.delete(groups).where(own(id)).returning({ id: groups.id });
      return deleted.length > 0;
    },

    /** Deletes those of the ids that are groups of this website; how many went. */
    async removeMany(ids: string[]): Promise<number> {
      const deleted = await db
        .delete(groups)
        .where(and(eq(groups.websiteId, websiteId), inArray(groups.id, ids)))
        .returning({ id: groups.id });
      return deleted.length;
    },
  };
}
