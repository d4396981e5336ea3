import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { contents, pushJobs, pushSubscriptions, pushVapidKeys, visitorEvents } from '../db/schema';
import { jobQueue, type Settlement } from './job-queue';

/** The push notifications' delivery queue. */
const pushQueue = jobQueue(pushJobs);

/*
 * The SQL of Web Push: each website's VAPID keys, its visitors' subscriptions and the delivery queue
 * (`push_jobs`), run by the shared job queue (job-queue.ts), as `email_jobs` is.
 */

export interface PushClaim {
  id: string;
  websiteId: string;
  contentId: string;
  token: string;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  document: Record<string, unknown>;
}

/** A live push notification and a subscription of its website it was never queued for. */
export interface PushPair {
  contentId: string;
  websiteId: string;
  subscriptionId: string;
  visitorId: string;
}

const live = (now: Date) =>
  or(
    eq(contents.status, 'public'),
    and(eq(contents.status, 'scheduled'), lte(contents.startsAt, now), or(isNull(contents.endsAt), sql`${contents.endsAt} > ${now}`)),
  );

export function webPushStore(db: DbOrTx) {
  return {
    /** The website's VAPID keys, made by `generate` the first time (two processes racing keep the first stored). */
    async vapidKeys(websiteId: string, generate: () => { publicKey: string; privateKey: string }) {
      const [found] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.websiteId, websiteId)).limit(1);
      if (found) return found;
      await db
        .insert(pushVapidKeys)
        .values({ websiteId, ...generate() })
        .onConflictDoNothing();
      const [row] = await db.select().from(pushVapidKeys).where(eq(pushVapidKeys.websiteId, websiteId)).limit(1);
      return row;
    },

    /**
     * Stores a subscription (one per browser endpoint and website). Subscribing again, as another
     * visitor or once identified, moves it there (and counts as its newest), and lets what the
     * audience kept from it be weighed again. Beyond `caps`, the visitor's oldest subscriptions are
     * replaced, and the website's oldest anonymous ones before those of identified people, so anyone
     * minting visitors fills no table and pushes out people last.
     */
    async subscribe(
      websiteId: string,
      visitorId: string,
      clientMemberId: string | null,
      s: { endpoint: string; p256dh: string; auth: string },
      caps: { perVisitor: number; perWebsite: number },
    ) {
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ websiteId, visitorId, clientMemberId, ...s })
        .onConflictDoUpdate({
          target: [pushSubscriptions.websiteId, pushSubscriptions.endpoint],
          set: { visitorId, clientMemberId, p256dh: s.p256dh, auth: s.auth, createdAt: sql`now()` },
        })
        .returning({ id: pushSubscriptions.id });
      await db.delete(pushJobs).where(and(eq(pushJobs.subscriptionId, row.id), eq(pushJobs.status, 'skipped'), eq(pushJobs.lastError, 'audience')));
      const beyondVisitor = db
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.websiteId, websiteId), eq(pushSubscriptions.visitorId, visitorId), ne(pushSubscriptions.id, row.id)))
        .orderBy(desc(pushSubscriptions.createdAt))
        .offset(caps.perVisitor - 1);
      await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, beyondVisitor));
      const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, websiteId));
      if (n > caps.perWebsite) {
        const oldest = db
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(and(eq(pushSubscriptions.websiteId, websiteId), ne(pushSubscriptions.id, row.id)))
          .orderBy(sql`${pushSubscriptions.clientMemberId} is not null`, asc(pushSubscriptions.createdAt))
          .limit(n - caps.perWebsite);
        await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
      }
    },

    /** The push service said the subscription is gone (404/410): it is forgotten. */
    async removeSubscription(endpoint: string, websiteId: string) {
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.websiteId, websiteId), eq(pushSubscriptions.endpoint, endpoint)));
    },

    /** Up to `limit` (live push notification, subscription) pairs not queued yet. */
    async unqueuedPairs(now: Date, limit: number): Promise<PushPair[]> {
      return db
        .select({ contentId: contents.id, websiteId: contents.websiteId, subscriptionId: pushSubscriptions.id, visitorId: pushSubscriptions.visitorId })
        .from(contents)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.websiteId, contents.websiteId))
        .where(
          and(
            eq(contents.kind, 'push'),
            live(now),
            sql`not exists (select 1 from ${pushJobs} where ${pushJobs.contentId} = ${contents.id} and ${pushJobs.subscriptionId} = ${pushSubscriptions.id})`,
          ),
        )
        .limit(limit);
    },

    /** Queues the pairs (`send` false: outside the audience, recorded so it is not weighed again). */
    async enqueue(pairs: (PushPair & { send: boolean })[], now: Date): Promise<number> {
      if (pairs.length === 0) return 0;
      const rows = pairs.map((p) => ({
        websiteId: p.websiteId,
        contentId: p.contentId,
        subscriptionId: p.subscriptionId,
        visitorId: p.visitorId,
        token: randomBytes(32).toString('base64url').slice(0, 43),
        status: p.send ? ('queued' as const) : ('skipped' as const),
        lastError: p.send ? null : 'audience',
        runAt: now,
      }));
      const inserted = await db
        .insert(pushJobs)
        .values(rows)
        .onConflictDoNothing({ target: [pushJobs.contentId, pushJobs.subscriptionId] })
        .returning({ status: pushJobs.status });
      return inserted.filter((r) => r.status === 'queued').length;
    },

    /** Claims up to `batch` due jobs of live notifications with a lease until `leaseUntil`. Run inside a transaction. */
    async claim(now: Date, leaseUntil: Date, batch: number): Promise<PushClaim[]> {
      const queue = pushQueue(db);
      const ids = (await queue.due(now, batch, { id: pushJobs.id })).map((d) => d.id);
      if (ids.length === 0) return [];
      await queue.skip(
        ids,
        'cancelled',
        or(
          isNull(pushJobs.subscriptionId),
          sql`not exists (select 1 from ${contents} where ${contents.id} = ${pushJobs.contentId} and ${contents.status} in ('public', 'scheduled'))`,
        ),
      );
      const leased = await queue.lease(ids, leaseUntil);
      if (leased.length === 0) return [];
      return db
        .select({
          id: pushJobs.id,
          websiteId: pushJobs.websiteId,
          contentId: pushJobs.contentId,
          token: pushJobs.token,
          attempts: pushJobs.attempts,
          endpoint: pushSubscriptions.endpoint,
          p256dh: pushSubscriptions.p256dh,
          auth: pushSubscriptions.auth,
          document: contents.document,
        })
        .from(pushJobs)
        .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushJobs.subscriptionId))
        .innerJoin(contents, eq(contents.id, pushJobs.contentId))
        .where(
          inArray(
            pushJobs.id,
            leased.map((l) => l.id),
          ),
        );
    },

    /** Settles a claimed job: sent (the push service accepted it), tried again at `retryAt`, or given up. */
    settle: (id: string, outcome: Settlement) => pushQueue(db).settle(id, outcome),

    /** The service worker's report: the first `shown` and `clicked` of a delivered push count (undefined: no such token). */
    async report(token: string, what: 'shown' | 'clicked', at: Date) {
      const [job] = await db.select().from(pushJobs).where(eq(pushJobs.token, token)).limit(1);
      if (!job) return undefined;
      const column = what === 'shown' ? pushJobs.shownAt : pushJobs.clickedAt;
      const updated = await db
        .update(pushJobs)
        .set(what === 'shown' ? { shownAt: at } : { clickedAt: at })
        .where(and(eq(pushJobs.id, job.id), isNull(column)))
        .returning({ id: pushJobs.id });
      // Counted like an in-page push: a view, and a click on its action, of the visitor it was sent to.
      if (updated.length > 0)
        await db
          .insert(visitorEvents)
          .values({
            websiteId: job.websiteId,
            type: what === 'shown' ? 'view' : 'click',
            visitorId: job.visitorId,
            contentId: job.contentId,
            contentKind: 'push',
            occurredAt: at,
            eventId: `web-push-${what}-${job.id}`,
            detail: { channel: 'web-push' },
          })
          .onConflictDoNothing();
      return { job, counted: updated.length > 0 };
    },

    /** How many push subscriptions the website holds (the devices a push notification may reach). */
    async subscriptionCount(websiteId: string): Promise<number> {
      const [{ n }] = await db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.websiteId, websiteId));
      return n;
    },

    /** How many push subscriptions each of `memberIds` has in the website. */
    async subscriptionCounts(websiteId: string, memberIds: string[]): Promise<Map<string, number>> {
      if (memberIds.length === 0) return new Map();
      const rows = await db
        .select({ id: pushSubscriptions.clientMemberId, n: sql<number>`count(*)`.mapWith(Number) })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.websiteId, websiteId), inArray(pushSubscriptions.clientMemberId, memberIds)))
        .groupBy(pushSubscriptions.clientMemberId);
      return new Map(rows.map((r) => [r.id!, r.n]));
    },
  };
}
