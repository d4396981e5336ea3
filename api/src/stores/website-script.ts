import { and, desc, eq, fillPlaceholders, gt, inArray, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AudienceGroup } from 'contracts';
import type { Database, Db } from '../db/client';
import {
  clientMembers,
  contentComments,
  contentProgress,
  contentGroups,
  contentReactions,
  contents,
  contentSegments,
  formAnswers,
  groupMembers,
  segments,
  users,
  visitorEvents,
  visitors,
  websiteInstallations,
  websites,
  type ContentKind,
} from '../db/schema';
import { attributeTypesOf } from './attributes';
import type { IdentityVerificationRow } from './websites';
import { progressStore } from './progress';
import { emitWebhookEvent } from './webhooks';

/** A website as its script's calls need it. */
export interface ScriptWebsiteRow {
  id: string;
  domain: string;
  interruptionsPerDay: number;
  pushesBesidePopup: boolean;
  quietAfterCloseSeconds: number;
}

/** What the database says of one visitor, as the content call's one query (visitorFactsStatement) reads it. */
export interface VisitorFactsRow {
  /** The client member `identify` linked the visitor to; null while anonymous. */
  memberId: string | null;
  /** Whether that link was made by an identify carrying a valid userHash (identity verification). */
  identityVerified: boolean;
  /** Indexes of the conditions given that the member matches. */
  matched: number[];
  /** The member's group ids. */
  groups: string[];
  /** Per content item, kind and event type: the last time (ms) of the visitor's views, closes and answers. */
  history: [contentId: string, kind: string, type: string, at: number][];
  /**
   * The visitor's progress in tours and checklists (the person's once their identity is verified),
   * read by the same query; absent where a caller does not read it.
   */
  progress?: [contentId: string, state: Record<string, unknown>, updatedAt: number][];
}

const scriptWebsiteColumns = {
  id: websites.id,
  domain: websites.domain,
  interruptionsPerDay: websites.interruptionsPerDay,
  pushesBesidePopup: websites.pushesBesidePopup,
  quietAfterCloseSeconds: websites.quietAfterCloseSeconds,
};

/**
 * The SQL of the website script's public calls, by website public key or website id: the
 * website and its public content (what the content cache keeps), identify, events and the installation heartbeat; the
 * content call's per-visitor query is visitorFactsStatement, below. Nothing here is reached by a console user.
 */
export function websiteScriptStore(db: Db) {
  return {
    /** The website of a script's public key, or undefined. */
    async websiteOfKey(publicKey: string): Promise<ScriptWebsiteRow | undefined> {
      const [website] = await db.select(scriptWebsiteColumns).from(websites).where(eq(websites.publicKey, publicKey)).limit(1);
      return website;
    },

    /** A website by id, as websiteOfKey reads it (the console's "why not shown?"). */
    async websiteOfId(websiteId: string): Promise<ScriptWebsiteRow | undefined> {
      const [website] = await db.select(scriptWebsiteColumns).from(websites).where(eq(websites.id, websiteId)).limit(1);
      return website;
    },

    /** What identify checks a `userHash` against: the website's identity verification. */
    async identityVerification(websiteId: string): Promise<IdentityVerificationRow> {
      const [row] = await db
        .select({
          required: websites.identityRequired,
          secret: websites.identitySecret,
          previousSecret: websites.identityPreviousSecret,
          rotatedAt: websites.identityRotatedAt,
        })
        .from(websites)
        .where(eq(websites.id, websiteId))
        .limit(1);
      return row;
    },

    /** A website's public items with their author's name, the groups and saved audiences they target, and its attribute types. */
    async publicContent(websiteId: string) {
      // Published items (live or scheduled): their `document` is the published version; the
      // content cache keeps those within their schedule.
      const published = and(eq(contents.websiteId, websiteId), inArray(contents.status, ['public', 'scheduled']));
      const publishedIds = db.select({ id: contents.id }).from(contents).where(published);
      const [rows, groupRows, segmentRows, attributeTypes] = await Promise.all([
        db.select({ c: contents, senderName: users.name }).from(contents).leftJoin(users, eq(users.id, contents.senderId)).where(published),
        db
          .select({ contentId: contentGroups.contentId, groupId: contentGroups.groupId })
          .from(contentGroups)
          .where(inArray(contentGroups.contentId, publishedIds)),
        db
          .select({ contentId: contentSegments.contentId, segmentId: segments.id, audience: segments.audience })
          .from(contentSegments)
          .innerJoin(segments, eq(segments.id, contentSegments.segmentId))
          .where(inArray(contentSegments.contentId, publishedIds)),
        attributeTypesOf(db, websiteId),
      ]);
      return { rows, groupRows, segmentRows: segmentRows as { contentId: string; segmentId: string; audience: AudienceGroup }[], attributeTypes };
    },

    /**
     * What `identify` says of a visitor: creates or updates the website's client member (what the page
     * did not send stays as it was; attributes sent replace theirs, the others remain) and links the
     * visitor id to it, in one transaction, recording whether that identity was verified (a valid
     * `userHash`) or only the page's word.
     */
    async identify(
      websiteId: string,
      visitorId: string,
      member: { externalId: string; username: string | null; email: string | null; attributes: Record<string, string | number | boolean | null> },
      verified: boolean,
    ) {
      // A person some visitor has proven to be (a verified identify) keeps what the page said then:
      // an unverified identify is anyone's claim, and where verification is not required it would
      // otherwise rewrite their name, attributes and address (and the next e-mail campaign would go
      // to the claimant). Their own pages prove it again with a userHash to change them.
      const provenBefore = verified
        ? sql`false`
        : sql`exists (select 1 from ${visitors} where ${visitors.clientMemberId} = ${clientMembers.id} and ${visitors.identityVerified})`;
      const unlessProven = (column: SQL, claimed: SQL) => sql`case when ${provenBefore} then ${column} else ${claimed} end`;
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(clientMembers)
          .values({
            websiteId,
            memberId: member.externalId,
            username: member.username,
            email: member.email,
            attributes: member.attributes,
            attributesChangedAt: sql`(select coalesce(jsonb_object_agg(k, to_jsonb(now())), '{}'::jsonb) from jsonb_object_keys(${JSON.stringify(member.attributes)}::jsonb) k)`,
          })
          .onConflictDoUpdate({
            target: [clientMembers.websiteId, clientMembers.memberId],
            set: {
              username: unlessProven(sql`${clientMembers.username}`, sql`coalesce(excluded.username, ${clientMembers.username})`),
              email: unlessProven(sql`${clientMembers.email}`, sql`coalesce(excluded.email, ${clientMembers.email})`),
              attributes: unlessProven(sql`${clientMembers.attributes}`, sql`${clientMembers.attributes} || excluded.attributes`),
              // Only the attributes whose value changed get a new time: identify repeats them on every page.
              attributesChangedAt: unlessProven(
                sql`${clientMembers.attributesChangedAt}`,
                sql`${clientMembers.attributesChangedAt} || (select coalesce(jsonb_object_agg(e.key, to_jsonb(now())), '{}'::jsonb) from jsonb_each(excluded.attributes) e where ${clientMembers.attributes} -> e.key is distinct from e.value)`,
              ),
            },
          })
          .returning({ id: clientMembers.id });
        await tx
          .insert(visitors)
          .values({ websiteId, visitorId, clientMemberId: row.id, identityVerified: verified })
          .onConflictDoUpdate({
            target: [visitors.websiteId, visitors.visitorId],
            set: { clientMemberId: row.id, identityVerified: verified, lastSeenAt: sql`now()` },
          });
        // What the visitor did before a verified sign-in is the person's from now on (an unverified
        // identify is only a claim: it neither takes nor gives a person's progress).
        if (verified) await progressStore(tx).mergeIntoPerson(websiteId, visitorId, row.id);
      });
    },

    /**
     * The kind of each of `ids` that is content of the website (another website's content is not found).
     * With `servedAt`, only the items visitors are served at that time (public, or scheduled and within
     * their window, as the content cache serves them): a draft, a cancelled item or one outside its
     * schedule is not found either.
     */
    async contentKinds(websiteId: string, ids: string[], servedAt?: Date): Promise<Map<string, ContentKind>> {
      const known = new Map<string, ContentKind>();
      if (ids.length === 0) return known;
      const served = servedAt
        ? or(
            eq(contents.status, 'public'),
            and(
              eq(contents.status, 'scheduled'),
              or(isNull(contents.startsAt), lte(contents.startsAt, servedAt)),
              or(isNull(contents.endsAt), gt(contents.endsAt, servedAt)),
            ),
          )
        : undefined;
      const rows = await db
        .select({ id: contents.id, kind: contents.kind })
        .from(contents)
        .where(and(eq(contents.websiteId, websiteId), inArray(contents.id, ids), served));
      for (const r of rows) known.set(r.id, r.kind);
      return known;
    },

    /**
     * Stores a batch of events in one transaction; events whose id the website already holds are
     * skipped (unique index, ON CONFLICT DO NOTHING). `carried(newIds)` says, from the ids that were new,
     * the comments, reactions and form answers to store with them and the comment counters to bump
     * per item. A visitor has one reaction per item (unique index): a newer one replaces theirs, and
     * only a visitor's first reaction adds to the item's reaction counter. Answers how many events were stored.
     */
    async recordEvents(rows: (typeof visitorEvents.$inferInsert)[], carried: (newIds: Set<string | null>) => CarriedByEvents): Promise<number> {
      return db.transaction(async (tx) => {
        const inserted = await tx.insert(visitorEvents).values(rows).onConflictDoNothing().returning({ eventId: visitorEvents.eventId });
        // A session makes the visitor known (anonymous until identify links them): the people list reads
        // visitors, not the events, and each keeps its first and latest session.
        const sessions = new Map<string, { websiteId: string; visitorId: string; at: Date }>();
        for (const r of rows) {
          if (r.type !== 'session') continue;
          const at = new Date(r.occurredAt);
          const key = `${r.websiteId}|${r.visitorId}`;
          const kept = sessions.get(key);
          if (!kept || kept.at < at) sessions.set(key, { websiteId: r.websiteId, visitorId: r.visitorId, at });
        }
        if (sessions.size > 0)
          await tx
            .insert(visitors)
            .values([...sessions.values()].map((v) => ({ websiteId: v.websiteId, visitorId: v.visitorId, firstSeenAt: v.at, lastSeenAt: v.at })))
            .onConflictDoUpdate({
              target: [visitors.websiteId, visitors.visitorId],
              set: {
                firstSeenAt: sql`least(${visitors.firstSeenAt}, excluded.first_seen_at)`,
                lastSeenAt: sql`greatest(${visitors.lastSeenAt}, excluded.last_seen_at)`,
              },
            });
        const { comments, reactions, answers, bumps } = carried(new Set(inserted.map((r) => r.eventId)));
        if (comments.length) await tx.insert(contentComments).values(comments);
        if (reactions.length) {
          // One row per item and visitor (the statement may not touch a row twice): the batch's latest.
          const latest = new Map<string, (typeof reactions)[number]>();
          for (const r of reactions) {
            const key = `${r.contentId}|${r.visitorId}`;
            const kept = latest.get(key);
            if (!kept || (kept.createdAt ?? 0) <= (r.createdAt ?? 0)) latest.set(key, r);
          }
          const stored = await tx
            .insert(contentReactions)
            .values([...latest.values()])
            .onConflictDoUpdate({
              target: [contentReactions.contentId, contentReactions.visitorId],
              set: { emoji: sql`excluded.emoji`, createdAt: sql`excluded.created_at` },
              // A reaction older than the one kept (a late retry) does not bring the old one back.
              setWhere: sql`${contentReactions.createdAt} <= excluded.created_at`,
            })
            // xmax is 0 on a row this statement inserted, set on one it updated.
            .returning({ contentId: contentReactions.contentId, inserted: sql<boolean>`(xmax = 0)` });
          for (const r of stored) {
            if (!r.inserted) continue;
            const b = bumps.get(r.contentId) ?? { react: 0, comment: 0 };
            b.react += 1;
            bumps.set(r.contentId, b);
          }
        }
        if (answers.length) {
          await tx.insert(formAnswers).values(answers);
          // One event per form sent: a visitor's answers to one item in this batch.
          const forms = new Map<string, { contentId: string; visitorId: string; answers: { blockId: string; question: string; answer: unknown }[] }>();
          for (const a of answers) {
            const key = `${a.contentId}|${a.visitorId}`;
            const form = forms.get(key) ?? { contentId: a.contentId, visitorId: a.visitorId, answers: [] };
            form.answers.push({ blockId: a.blockId, question: a.question, answer: a.answer });
            forms.set(key, form);
          }
          for (const form of forms.values()) await emitWebhookEvent(tx, rows[0].websiteId, 'answer.received', form);
        }
        if (bumps.size > 0) {
          // One statement for every item of the batch (a batch may touch several popups and banners).
          const values = sql.join(
            [...bumps].map(([id, b]) => sql`(${id}::uuid, ${b.react}::int, ${b.comment}::int)`),
            sql`, `,
          );
          await tx.execute(
            sql`update contents set react_count = contents.react_count + v.reacts, comment_count = contents.comment_count + v.comments
                  from (values ${values}) as v(id, reacts, comments) where contents.id = v.id`,
          );
        }
        return inserted.length;
      });
    },

    /** The organisation that owns a website (null: none). */
    async organisationOf(websiteId: string): Promise<string | null> {
      const [row] = await db.select({ organisationId: websites.organisationId }).from(websites).where(eq(websites.id, websiteId)).limit(1);
      return row?.organisationId ?? null;
    },

    /** The installation heartbeat: first and last seen of the script on a page origin, with its version. */
    async recordInstallation(websiteId: string, origin: string, version: string | null) {
      await db
        .insert(websiteInstallations)
        .values({ websiteId, origin, version })
        .onConflictDoUpdate({
          target: [websiteInstallations.websiteId, websiteInstallations.origin],
          set: { lastSeenAt: sql`now()`, version: sql`coalesce(excluded.version, ${websiteInstallations.version})` },
        });
    },

    /** The website of a public key and its latest heartbeat; undefined for an unknown key. */
    async lastInstallation(publicKey: string) {
      const [site] = await db.select({ id: websites.id }).from(websites).where(eq(websites.publicKey, publicKey)).limit(1);
      if (!site) return undefined;
      const [last] = await db
        .select()
        .from(websiteInstallations)
        .where(eq(websiteInstallations.websiteId, site.id))
        .orderBy(desc(websiteInstallations.lastSeenAt))
        .limit(1);
      return { last: last ?? null };
    },
  };
}

/** What a batch of events carries besides the events: rows of their own, and the denormalised counters the content lists show. */
export interface CarriedByEvents {
  comments: (typeof contentComments.$inferInsert)[];
  reactions: (typeof contentReactions.$inferInsert)[];
  answers: (typeof formAnswers.$inferInsert)[];
  /** Per content id: comments to add to its counters (reactions are counted by recordEvents, once per visitor). */
  bumps: Map<string, { react: number; comment: number }>;
}

interface RawFactsRow {
  member_id: string | null;
  identity_verified: boolean | null;
  matched: number[] | null;
  groups: string[] | null;
  history: VisitorFactsRow['history'] | string | null;
  progress: NonNullable<VisitorFactsRow['progress']> | string | null;
}

const dialect = new PgDialect();

/**
 * The content call's one query for a website's targeting `conditions` (each compiled by
 * stores/audience-compiler.ts, over `client_members`), built once when the website's content is cached
 * and then run for each visitor as a prepared statement: the visitor's client member with its groups
 * and the indexes of the conditions it matches, and the visitor's last view, close and answer of each
 * content item. Websites whose conditions read alike share one statement (their values are parameters).
 */
export function visitorFactsStatement(database: Database, websiteId: string, conditions: readonly SQL[]) {
  const { sql: text, params } = dialect.sqlToQuery(visitorFactsQuery(websiteId, conditions, sql.placeholder('visitorId')));
  return async (visitorId: string): Promise<VisitorFactsRow> => {
    const [row] = await database.queryPrepared<RawFactsRow>(text, fillPlaceholders(params, { visitorId }));
    const history = typeof row?.history === 'string' ? (JSON.parse(row.history) as VisitorFactsRow['history']) : (row?.history ?? []);
    const progress = typeof row?.progress === 'string' ? (JSON.parse(row.progress) as VisitorFactsRow['progress']) : (row?.progress ?? []);
    return {
      progress,
      memberId: row?.member_id ?? null,
      identityVerified: row?.identity_verified ?? false,
      matched: row?.matched ?? [],
      groups: row?.groups ?? [],
      history,
    };
  };
}

/** The indexes of `conditions` the row of `client_members` in scope matches, as an int array. */
export function matchedConditions(conditions: readonly SQL[]): SQL {
  return conditions.length
    ? sql`array_remove(array[${sql.join(
        conditions.map((c, i) => sql`case when ${c} then ${sql.raw(String(i))} end`),
        sql`, `,
      )}]::int[], null)`
    : sql`'{}'::int[]`;
}

/** The statement of visitorFactsStatement (exported for the bench's EXPLAIN). */
export function visitorFactsQuery(websiteId: string, conditions: readonly SQL[], visitorId: string | Placeholder): SQL {
  const matched = matchedConditions(conditions);
  return sql`
    select m.member_id, m.identity_verified, m.matched, m.groups, h.history, p.progress
    from (select 1) as one
    left join lateral (
      select ${clientMembers.id} as member_id, ${visitors.identityVerified} as identity_verified, ${matched} as matched,
             array(select ${groupMembers.groupId}::text from ${groupMembers} where ${groupMembers.clientMemberId} = ${clientMembers.id}) as groups
      from ${visitors} join ${clientMembers} on ${clientMembers.id} = ${visitors.clientMemberId}
      where ${visitors.websiteId} = ${websiteId} and ${visitors.visitorId} = ${visitorId}
    ) as m on true
    left join lateral (
      select coalesce(json_agg(json_build_array(e.content_id, e.content_kind, e.type, e.at)), '[]'::json) as history
      from (
        select ${visitorEvents.contentId} as content_id, ${visitorEvents.contentKind} as content_kind, ${visitorEvents.type} as type,
               floor(extract(epoch from max(${visitorEvents.occurredAt})) * 1000)::float8 as at
        from ${visitorEvents}
        where ${visitorEvents.websiteId} = ${websiteId} and ${visitorEvents.visitorId} = ${visitorId}
          and ${visitorEvents.type} in ('view', 'close', 'answer') and ${visitorEvents.contentId} is not null
        group by 1, 2, 3
      ) as e
    ) as h on true
    left join lateral (
      select coalesce(json_agg(json_build_array(${contentProgress.contentId}, ${contentProgress.state},
               floor(extract(epoch from ${contentProgress.updatedAt}) * 1000)::float8)), '[]'::json) as progress
      from ${contentProgress}
      where ${contentProgress.websiteId} = ${websiteId}
        and case when m.identity_verified then ${contentProgress.clientMemberId} = m.member_id
                 else ${contentProgress.clientMemberId} is null and ${contentProgress.visitorId} = ${visitorId} end
    ) as p on true`;
}
