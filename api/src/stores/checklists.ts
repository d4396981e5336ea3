import { and, eq, ilike, inArray, isNotNull, max, min, or, sql } from 'drizzle-orm';
import type { ChecklistDocument, ChecklistUserRow } from 'contracts';
import type { DbOrTx } from '../db/client';
import { clientMembers, contents, visitorEvents, visitors } from '../db/schema';
import { likePattern } from './paged-select';

/*
 * A checklist's completion, from what visitors really did (visitor_events): a task is done for a
 * visitor at the first of
 *  - a `task` event of the checklist with target = the task id: ticked by hand or an element clicked,
 *    which only the page sees and reports (checked against the task's rule when received), or a page
 *    visited, which the server records itself from the content call the script makes on every page;
 *  - for an `event` rule, a `track` event of that name (detail.name);
 *  - for a `tour` rule, a `complete` event of that tour;
 *  - for an `attribute` rule, the person's attribute holding the value (when: the visitor's first event
 *    on the checklist, as the attribute's history is not kept).
 * Events are never removed, so a done task is never undone. Bound to the website in every query.
 */

/** One visitor who saw the checklist (or did one of its tasks), with the person they are. */
interface Participant {
  visitorId: string;
  memberId: string | null;
  name: string | null;
  email: string | null;
  attributes: Record<string, unknown> | null;
  first: Date;
  last: Date;
}

export interface ChecklistUserDone extends ChecklistUserRow {
  seen: boolean;
  dismissed: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

export function checklistStatsStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = eq(visitorEvents.websiteId, websiteId);

  /** The visitor (one, for the content call) with their person, whether or not they did anything yet. */
  async function visitor(visitorId: string): Promise<Participant> {
    const [row] = await db
      .select({
        memberId: clientMembers.id,
        name: sql<string | null>`coalesce(${clientMembers.username}, ${clientMembers.memberId})`,
        email: clientMembers.email,
        attributes: clientMembers.attributes,
        first: visitors.firstSeenAt,
        last: visitors.lastSeenAt,
      })
      .from(visitors)
      .leftJoin(clientMembers, eq(clientMembers.id, visitors.clientMemberId))
      .where(and(eq(visitors.websiteId, websiteId), eq(visitors.visitorId, visitorId)))
      .limit(1);
    const now = new Date();
    return {
      visitorId,
      memberId: row?.memberId ?? null,
      name: row?.name ?? null,
      email: row?.email ?? null,
      attributes: row?.attributes ?? null,
      first: row?.first ?? now,
      last: row?.last ?? now,
    };
  }

  /** The visitor ids a person has been on this website (their devices and browsers). */
  async function visitorsOf(memberId: string): Promise<string[]> {
    const rows = await db
      .select({ visitorId: visitors.visitorId })
      .from(visitors)
      .where(and(eq(visitors.websiteId, websiteId), eq(visitors.clientMemberId, memberId)));
    return rows.map((r) => r.visitorId);
  }

  async function participants(checklistId: string, search?: string): Promise<Participant[]> {
    const rows = await db
      .select({
        visitorId: visitorEvents.visitorId,
        memberId: clientMembers.id,
        name: sql<string | null>`coalesce(${clientMembers.username}, ${clientMembers.memberId})`,
        email: clientMembers.email,
        attributes: clientMembers.attributes,
        first: min(visitorEvents.occurredAt),
        last: max(visitorEvents.occurredAt),
      })
      .from(visitorEvents)
      .leftJoin(visitors, and(eq(visitors.websiteId, visitorEvents.websiteId), eq(visitors.visitorId, visitorEvents.visitorId)))
      .leftJoin(clientMembers, eq(clientMembers.id, visitors.clientMemberId))
      .where(
        and(
          ofWebsite,
          eq(visitorEvents.contentId, checklistId),
          search
            ? or(
                ilike(visitorEvents.visitorId, likePattern(search)),
                ilike(clientMembers.username, likePattern(search)),
                ilike(clientMembers.email, likePattern(search)),
                ilike(clientMembers.memberId, likePattern(search)),
              )
            : undefined,
        ),
      )
      .groupBy(visitorEvents.visitorId, clientMembers.id);
    return rows.map((r) => ({ ...r, first: new Date(r.first ?? 0), last: new Date(r.last ?? 0) }));
  }

  return {
    /** Each checklist's published document (another website's checklists are not found). */
    async published(checklistIds: string[]): Promise<Map<string, Pick<ChecklistDocument, 'tasks'>>> {
      const documents = new Map<string, Pick<ChecklistDocument, 'tasks'>>();
      if (checklistIds.length === 0) return documents;
      const rows = await db
        .select({ id: contents.id, document: contents.document })
        .from(contents)
        .where(and(eq(contents.websiteId, websiteId), eq(contents.kind, 'checklist'), inArray(contents.id, checklistIds)));
      for (const r of rows) documents.set(r.id, { tasks: ((r.document as Partial<ChecklistDocument>).tasks ?? []) as ChecklistDocument['tasks'] });
      return documents;
    },

    /** Each checklist's task rules by task id (its published document): what a page's `task` event is checked against. */
    async taskRules(checklistIds: string[]): Promise<Map<string, Map<string, ChecklistDocument['tasks'][number]['completion']['type']>>> {
      const rules = new Map<string, Map<string, ChecklistDocument['tasks'][number]['completion']['type']>>();
      for (const [id, { tasks }] of await this.published(checklistIds)) rules.set(id, new Map(tasks.map((task) => [task.id, task.completion.type])));
      return rules;
    },

    /**
     * Page-visit tasks the visitor's page view completes, as `task` events the server writes itself:
     * one per visitor and task ever (a deterministic event id; the website's unique index keeps it once).
     */
    async recordVisits(visitorId: string, tasks: { checklistId: string; taskId: string }[], at: Date): Promise<void> {
      if (tasks.length === 0) return;
      await db
        .insert(visitorEvents)
        .values(
          tasks.map((x) => ({
            eventId: `visit:${x.checklistId}:${x.taskId}:${visitorId}`,
            websiteId,
            type: 'task' as const,
            visitorId,
            contentId: x.checklistId,
            contentKind: 'checklist' as const,
            target: x.taskId,
            occurredAt: at,
          })),
        )
        .onConflictDoNothing();
    },

    /**
     * Every participant's tasks done and when, most recently active first; `seen` and `dismissed` for
     * the funnel. The checklist's document says which rules its tasks have.
     */
    async done(checklistId: string, checklist: Pick<ChecklistDocument, 'tasks'>, search?: string, only?: string): Promise<ChecklistUserDone[]> {
      const people = only ? [await visitor(only)] : await participants(checklistId, search);
      if (people.length === 0) return [];
      // One visitor asking (the content call): once identified, what the person did on any device counts.
      const siblings = only && people[0].memberId ? await visitorsOf(people[0].memberId) : [];
      const ids = [...new Set([...people.map((p) => p.visitorId), ...siblings])];
      const as = (visitorId: string) => (siblings.includes(visitorId) ? people[0].visitorId : visitorId);
      const eventNames = [...new Set(checklist.tasks.flatMap((t) => (t.completion.type === 'event' ? [t.completion.name] : [])))];
      const tourIds = [...new Set(checklist.tasks.flatMap((t) => (t.completion.type === 'tour' ? [t.completion.tourId] : [])))];
      const name = sql<string | null>`${visitorEvents.detail}->>'name'`;
      const kinds = [
        and(eq(visitorEvents.contentId, checklistId), inArray(visitorEvents.type, ['view', 'task', 'dismiss'])),
        eventNames.length ? and(eq(visitorEvents.type, 'track'), inArray(name, eventNames)) : undefined,
        tourIds.length ? and(eq(visitorEvents.type, 'complete'), inArray(visitorEvents.contentId, tourIds)) : undefined,
      ].filter(Boolean);
      const events = await db
        .select({
          visitorId: visitorEvents.visitorId,
          type: visitorEvents.type,
          contentId: visitorEvents.contentId,
          target: visitorEvents.target,
          name,
          at: min(visitorEvents.occurredAt),
        })
        .from(visitorEvents)
        .where(and(ofWebsite, inArray(visitorEvents.visitorId, ids), or(...kinds), isNotNull(visitorEvents.occurredAt)))
        .groupBy(visitorEvents.visitorId, visitorEvents.type, visitorEvents.contentId, visitorEvents.target, name);

      // Per visitor: the first time of each (type, content, target or name).
      const firstOf = new Map<string, Map<string, Date>>();
      for (const e of events) {
        const key = e.contentId === checklistId ? `${e.type}|${e.target ?? ''}` : e.type === 'track' ? `track|${e.name}` : `tour|${e.contentId}`;
        const m = firstOf.get(as(e.visitorId)) ?? new Map<string, Date>();
        const at = new Date(e.at ?? 0);
        const known = m.get(key);
        if (!known || at < known) m.set(key, at);
        firstOf.set(as(e.visitorId), m);
      }

      return people
        .map((p) => {
          const mine = firstOf.get(p.visitorId) ?? new Map<string, Date>();
          const tasks: { id: string; doneAt: string }[] = [];
          for (const t of checklist.tasks) {
            const times = [mine.get(`task|${t.id}`)];
            const c = t.completion;
            if (c.type === 'event') times.push(mine.get(`track|${c.name}`));
            if (c.type === 'tour') times.push(mine.get(`tour|${c.tourId}`));
            if (c.type === 'attribute' && p.attributes && String(p.attributes[c.attribute] ?? '') === c.value && c.value !== '') times.push(p.first);
            const at = times.filter((d): d is Date => Boolean(d)).sort((a, b) => a.getTime() - b.getTime())[0];
            if (at) tasks.push({ id: t.id, doneAt: iso(at) });
          }
          const all = checklist.tasks.length > 0 && tasks.length === checklist.tasks.length;
          // Complete when every task is done, whatever a page said: a `complete` event alone completes nothing.
          const completedAt = all ? new Date(Math.max(...tasks.map((t) => Date.parse(t.doneAt)))) : null;
          return {
            visitorId: p.visitorId,
            person: p.memberId ? { _id: p.memberId, name: p.name ?? '', email: p.email } : null,
            tasks,
            completedAt: completedAt ? iso(completedAt) : null,
            lastSeenAt: iso(p.last),
            seen: mine.has('view|'),
            dismissed: mine.has('dismiss|'),
          };
        })
        .sort((a, b) => b.lastSeenAt.localeCompare(a.lastSeenAt) || a.visitorId.localeCompare(b.visitorId));
    },

    /** The task ids one visitor has done (the content call: what the page shows done, whatever device did it). */
    async doneFor(checklistId: string, checklist: Pick<ChecklistDocument, 'tasks'>, visitorId: string): Promise<string[]> {
      const [row] = await this.done(checklistId, checklist, undefined, visitorId);
      return row ? row.tasks.map((t) => t.id) : [];
    },
  };
}
