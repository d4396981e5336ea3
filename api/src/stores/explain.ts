import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AudienceGroup, ContentStatus } from 'contracts';
import type { Db } from '../db/client';
import { clientMembers, contentGroups, contents, contentSegments, groupMembers, groups, segments, visitors, type ContentKind } from '../db/schema';
import { ownCampaign } from './campaigns';
import { matchedConditions, type VisitorFactsRow } from './website-script';

/** A client member as "why not shown?" reports it: who they are and the values conditions read. */
export interface ExplainMemberRow {
  id: string;
  memberId: string;
  username: string | null;
  division: string | null;
  state: string | null;
  domain: string | null;
  email: string | null;
  createdAt: Date;
  attributes: Record<string, string | number | boolean | null>;
}

const memberColumns = {
  id: clientMembers.id,
  memberId: clientMembers.memberId,
  username: clientMembers.username,
  division: clientMembers.division,
  state: clientMembers.state,
  domain: clientMembers.domain,
  email: clientMembers.email,
  createdAt: clientMembers.createdAt,
  attributes: clientMembers.attributes,
};

/**
 * The reads of "why not shown?" that the content call does not make itself: the item whatever its
 * status, the names of what it targets, the person asked about. The decision's own reads are the
 * content cache's and the visitor-facts query (website-script.ts).
 */
export function explainStore(db: Db, websiteId: string) {
  return {
    /** The item of this website and kind, whatever its status; undefined for another website's. */
    async item(kind: ContentKind, id: string) {
      const [row] = await db
        .select({ id: contents.id, status: contents.status, startsAt: contents.startsAt, endsAt: contents.endsAt, document: contents.document })
        .from(contents)
        .where(ownCampaign(websiteId, kind, id))
        .limit(1);
      return row as { id: string; status: ContentStatus; startsAt: Date | null; endsAt: Date | null; document: Record<string, unknown> } | undefined;
    },

    /** The item's title, as its list shows it. */
    async title(id: string): Promise<string> {
      const [row] = await db
        .select({ title: contents.title })
        .from(contents)
        .where(and(eq(contents.websiteId, websiteId), eq(contents.id, id)))
        .limit(1);
      return row?.title ?? '';
    },

    /** The groups and saved audiences the item targets, with their names (the audience trees too). */
    async targets(id: string) {
      const [groupRows, segmentRows] = await Promise.all([
        db
          .select({ id: groups.id, name: groups.name })
          .from(contentGroups)
          .innerJoin(groups, eq(groups.id, contentGroups.groupId))
          .where(eq(contentGroups.contentId, id)),
        db
          .select({ id: segments.id, name: segments.name, audience: segments.audience })
          .from(contentSegments)
          .innerJoin(segments, eq(segments.id, contentSegments.segmentId))
          .where(eq(contentSegments.contentId, id)),
      ]);
      return { groups: groupRows, segments: segmentRows as { id: string; name: string; audience: AudienceGroup }[] };
    },

    /** The website's client member of an external id, with the visitor id it was last seen as (null: never). */
    async person(externalId: string): Promise<{ member: ExplainMemberRow; visitorId: string | null } | undefined> {
      const [member] = await db
        .select(memberColumns)
        .from(clientMembers)
        .where(and(eq(clientMembers.websiteId, websiteId), eq(clientMembers.memberId, externalId)))
        .limit(1);
      if (!member) return undefined;
      const [visitor] = await db
        .select({ visitorId: visitors.visitorId })
        .from(visitors)
        .where(and(eq(visitors.websiteId, websiteId), eq(visitors.clientMemberId, member.id)))
        .orderBy(desc(visitors.lastSeenAt))
        .limit(1);
      return { member, visitorId: visitor?.visitorId ?? null };
    },

    /** The client member a visitor id is linked to, or null. */
    async memberOfVisitor(visitorId: string): Promise<ExplainMemberRow | null> {
      const [row] = await db
        .select(memberColumns)
        .from(visitors)
        .innerJoin(clientMembers, eq(clientMembers.id, visitors.clientMemberId))
        .where(and(eq(visitors.websiteId, websiteId), eq(visitors.visitorId, visitorId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * A person never seen as a visitor: the visitor-facts query's member part (the same compiled
     * conditions), with no history.
     */
    async memberFacts(clientMemberId: string, conditions: readonly SQL[]): Promise<VisitorFactsRow> {
      const [row] = await db
        .select({
          matched: sql<number[]>`${matchedConditions(conditions)}`,
          groups: sql<string[]>`array(select ${groupMembers.groupId}::text from ${groupMembers} where ${groupMembers.clientMemberId} = ${clientMembers.id})`,
        })
        .from(clientMembers)
        .where(and(eq(clientMembers.websiteId, websiteId), eq(clientMembers.id, clientMemberId)));
      return { memberId: clientMemberId, identityVerified: false, matched: row?.matched ?? [], groups: row?.groups ?? [], history: [] };
    },
  };
}
