import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { users, webhookDeliveries, webhookEndpoints, type WebhookEventType } from '../db/schema';
import { jobQueue, type Settlement } from './job-queue';

/*
 * The SQL of webhooks: a website's endpoints, the events it emits (queued, one delivery job per
 * subscribed endpoint, in the transaction of the change they report) and the delivery queue, run by
 * the shared job queue (job-queue.ts), whose rows are also the delivery log.
 */

const webhookQueue = jobQueue(webhookDeliveries);

/** A new signing secret: 32 random bytes, with a prefix that tells what it is when found in a file. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The body POSTed for an event: its id (receivers keep it to ignore a repeat), type, time and data. */
export function webhookBody(event: {
  id: string;
  type: WebhookEventType | 'webhook.test';
  websiteId: string;
  createdAt: Date;
  data: Record<string, unknown>;
}): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), websiteId: event.websiteId, data: event.data });
}

/**
 * Emits an event of a website: one delivery job for each of its enabled endpoints subscribed to
 * `type`. Call it with the transaction of the change it reports, so the event exists exactly when the
 * change does (a rolled-back change emits nothing). Answers the event's id.
 */
export async function emitWebhookEvent(db: DbOrTx, websiteId: string, type: WebhookEventType, data: Record<string, unknown>): Promise<string> {
  const id = randomUUID();
  const endpoints = await db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(eq(webhookEndpoints.websiteId, websiteId), isNull(webhookEndpoints.disabledAt), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`),
    );
  if (endpoints.length > 0) {
    const body = webhookBody({ id, type, websiteId, createdAt: new Date(), data });
    await db
      .insert(webhookDeliveries)
      .values(endpoints.map((e) => ({ websiteId, endpointId: e.id, eventId: id, eventType: type, body })))
      .onConflictDoNothing();
  }
  return id;
}

export interface WebhookClaim {
  id: string;
  endpointId: string;
  websiteId: string;
  eventId: string;
  attempts: number;
  body: string;
  url: string;
  secret: string;
}

export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** The webhooks of one website (the console's calls). */
export function webhooksStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = (id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.websiteId, websiteId));
  return {
    async list(): Promise<EndpointRow[]> {
      return db.select().from(webhookEndpoints).where(eq(webhookEndpoints.websiteId, websiteId)).orderBy(desc(webhookEndpoints.createdAt));
    },

    async get(id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(ofWebsite(id)).limit(1);
      return row;
    },

    async insert(values: { url: string; description: string; events: WebhookEventType[]; createdBy: string }): Promise<EndpointRow> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...values, websiteId, secret: newWebhookSecret() })
        .returning();
      return row;
    },

    /** Changes an endpoint; `enabled` true turns a disabled one on again with its failures forgotten. */
    async update(id: string, values: { url?: string; description?: string; events?: WebhookEventType[]; enabled?: boolean }): Promise<EndpointRow | undefined> {
      const { enabled, ...rest } = values;
      const set: Partial<typeof webhookEndpoints.$inferInsert> = { ...rest };
      if (enabled === true) Object.assign(set, { disabledAt: null, consecutiveFailures: 0 });
      if (enabled === false) set.disabledAt = new Date();
      // A body that changes nothing (every field left out) answers the endpoint as it is.
      if (Object.keys(set).length === 0) return (await db.select().from(webhookEndpoints).where(ofWebsite(id)))[0];
      const [row] = await db.update(webhookEndpoints).set(set).where(ofWebsite(id)).returning();
      return row;
    },

    /** A new secret; the old one stops signing at once. */
    async rotateSecret(id: string): Promise<EndpointRow | undefined> {
      const [row] = await db.update(webhookEndpoints).set({ secret: newWebhookSecret() }).where(ofWebsite(id)).returning();
      return row;
    },

    async remove(id: string): Promise<boolean> {
      const rows = await db.delete(webhookEndpoints).where(ofWebsite(id)).returning({ id: webhookEndpoints.id });
      return rows.length > 0;
    },

    /** The delivery log of an endpoint, newest first (at most `limit`). */
    async deliveries(endpointId: string, limit = 100): Promise<DeliveryRow[]> {
      return db
        .select()
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.websiteId, websiteId)))
        .orderBy(desc(webhookDeliveries.createdAt))
        .limit(limit);
    },

    /** Queues a test event to one endpoint (sent even when the endpoint is disabled: it checks the receiver). */
    async queueTest(endpointId: string): Promise<string> {
      const id = randomUUID();
      const body = webhookBody({ id, type: 'webhook.test', websiteId, createdAt: new Date(), data: { test: true } });
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ websiteId, endpointId, eventId: id, eventType: 'webhook.test', body })
        .returning({ id: webhookDeliveries.id });
      return row.id;
    },
  };
}

/** The delivery side (the sender): claims, settles, and keeps each endpoint's failure count. */
export function webhookDeliveryStore(db: DbOrTx) {
  const queue = webhookQueue(db);
  return {
    /** Claims up to `batch` due deliveries with a lease until `leaseUntil`. Run inside a transaction. */
    async claim(now: Date, leaseUntil: Date, batch: number): Promise<WebhookClaim[]> {
      const leased = await queue.claim(now, leaseUntil, batch);
      if (leased.length === 0) return [];
      return db
        .select({
          id: webhookDeliveries.id,
          endpointId: webhookDeliveries.endpointId,
          websiteId: webhookDeliveries.websiteId,
          eventId: webhookDeliveries.eventId,
          attempts: webhookDeliveries.attempts,
          body: webhookDeliveries.body,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(
          inArray(
            webhookDeliveries.id,
            leased.map((l) => l.id),
          ),
        );
    },

    /**
     * Settles a try and records its answer (status null: no answer). A success clears the endpoint's
     * failure count; a failure adds one, and answers the endpoint's count so the sender can disable it.
     */
    async settle(job: WebhookClaim, outcome: Settlement, answer: { status: number | null; ms: number }): Promise<{ settled: boolean; failures: number }> {
      const settled = await queue.settle(job.id, outcome);
      await db.update(webhookDeliveries).set({ responseStatus: answer.status, responseMs: answer.ms }).where(eq(webhookDeliveries.id, job.id));
      const [endpoint] = await db
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 'sentAt' in outcome ? 0 : sql`${webhookEndpoints.consecutiveFailures} + 1` })
        .where(eq(webhookEndpoints.id, job.endpointId))
        .returning({ failures: webhookEndpoints.consecutiveFailures });
      return { settled, failures: endpoint?.failures ?? 0 };
    },

    /**
     * Disables an endpoint still enabled, skipping what is queued for it; answers its creator's
     * address and the website (undefined: it was already disabled, so nobody is told twice).
     */
    async disable(endpointId: string, at: Date) {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ disabledAt: at })
        .where(and(eq(webhookEndpoints.id, endpointId), isNull(webhookEndpoints.disabledAt)))
        .returning({ url: webhookEndpoints.url, createdBy: webhookEndpoints.createdBy, websiteId: webhookEndpoints.websiteId });
      if (!row) return undefined;
      const queued = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, 'queued')));
      await queue.skip(
        queued.map((q) => q.id),
        'endpoint disabled',
      );
      const [creator] = row.createdBy ? await db.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy)).limit(1) : [];
      return { ...row, creatorEmail: creator?.email ?? null };
    },
  };
}

/**
 * The `person.deleted` event, for the code that deletes a person: call it with the deletion's
 * transaction (the event is sent only if the deletion commits).
 */
export function emitPersonDeleted(db: DbOrTx, websiteId: string, person: { id: string; memberId: string | null }): Promise<string> {
  return emitWebhookEvent(db, websiteId, 'person.deleted', { personId: person.id, memberId: person.memberId });
}
