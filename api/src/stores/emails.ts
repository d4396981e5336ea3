import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AudienceGroup, EmailDocument, EmailRecipient, EmailStats, Paged } from 'contracts';
import type { DbOrTx } from '../db/client';
import { clientMembers, contents, emailJobs, emailSends, emailSuppressions, groupMembers, segments, websites } from '../db/schema';
import { attributeTypesOf } from './attributes';
import { jobQueue, type Settlement } from './job-queue';
import { emitWebhookEvent } from './webhooks';
import { compileStoredAudience } from './audience-compiler';
import { COUNT, selectPage, TOTAL } from './paged-select';

/*
 * The SQL of e-mail campaigns: who receives one (the website's identified people with a valid
 * address, matching its targeting, not unsubscribed nor bounced), the durable delivery queue, the
 * suppression list and the figures.
 *
 * The queue is one table, `email_jobs`, run by the shared job queue (job-queue.ts: FOR UPDATE SKIP
 * LOCKED and a lease), so one API process or several send it.
 */

/** The targeting fields of an e-mail (its working copy, or its published document). */
export type EmailTargeting = Pick<EmailDocument, 'target' | 'groups' | 'audiences'> & { dynamicAudience?: AudienceGroup };

/** An address we send to: the same check as the console's e-mail fields. */
const addressSchema = z.string().email();
export const isSendableAddress = (email: string | null): email is string => !!email && email.length <= 254 && addressSchema.safeParse(email).success;

/** A recipient's secret in the e-mail's links: 32 random bytes, URL-safe. */
export const newEmailToken = () => randomBytes(32).toString('base64url').slice(0, 43);

/** The people of `websiteId` the targeting reaches (identified, with an address, never unsubscribed or bounced). */
async function recipientsWhere(db: DbOrTx, websiteId: string, t: EmailTargeting): Promise<SQL> {
  const notSuppressed = sql`not exists (select 1 from ${emailSuppressions} where ${emailSuppressions.websiteId} = ${websiteId} and ${emailSuppressions.email} = lower(${clientMembers.email}))`;
  const base = [eq(clientMembers.websiteId, websiteId), isNotNull(clientMembers.email), sql`${clientMembers.email} like '%_@_%'`, notSuppressed];
  let target: SQL | undefined;
  if (t.target === 'groups') {
    target = t.groups.length
      ? sql`exists (select 1 from ${groupMembers} where ${groupMembers.clientMemberId} = ${clientMembers.id} and ${inArray(groupMembers.groupId, t.groups)})`
      : sql`false`;
  } else if (t.target === 'audiences') {
    const rows = t.audiences.length
      ? await db
          .select({ audience: segments.audience })
          .from(segments)
          .where(and(eq(segments.websiteId, websiteId), inArray(segments.id, t.audiences)))
      : [];
    const types = await attributeTypesOf(db, websiteId);
    target = rows.length ? or(...rows.map((r) => compileStoredAudience(r.audience, types))) : sql`false`;
  } else if (t.target === 'dynamic' && t.dynamicAudience) {
    target = compileStoredAudience(t.dynamicAudience, await attributeTypesOf(db, websiteId));
  }
  return and(...base, target)!;
}

/** The e-mail campaigns' delivery queue. */
const emailQueue = jobQueue(emailJobs);

/** The site name an e-mail's footer shows (the website's name, else its domain), by website id; unknown ids are left out. */
export async function siteNamesOf(db: DbOrTx, websiteIds: string[]): Promise<Map<string, string>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db.select({ id: websites.id, name: websites.name, domain: websites.domain }).from(websites).where(inArray(websites.id, websiteIds));
  return new Map(rows.map((r) => [r.id, r.name || r.domain] as const));
}

export interface ClaimedJob {
  id: string;
  websiteId: string;
  contentId: string;
  email: string;
  token: string;
  attempts: number;
  baseUrl: string;
  document: Record<string, unknown>;
  person: { memberId: string; username: string | null; email: string | null; attributes: Record<string, string | number | boolean | null> };
}

/** A permanent refusal of the address: the website no longer e-mails it, and says so to its webhooks. */
async function bounce(db: DbOrTx, job: { id: string; websiteId: string; contentId: string; email: string }, error: string): Promise<void> {
  const [person] = await db.select({ id: emailJobs.clientMemberId }).from(emailJobs).where(eq(emailJobs.id, job.id));
  const stored = await db
    .insert(emailSuppressions)
    .values({
      websiteId: job.websiteId,
      email: job.email.toLowerCase(),
      reason: 'bounced',
      clientMemberId: person?.id ?? null,
      contentId: job.contentId,
      detail: error.slice(0, 500),
    })
    .onConflictDoNothing()
    .returning({ email: emailSuppressions.email });
  if (stored.length > 0)
    await emitWebhookEvent(db, job.websiteId, 'email.bounced', {
      email: stored[0].email,
      personId: person?.id ?? null,
      contentId: job.contentId,
      detail: error.slice(0, 500),
    });
}

export function emailsStore(db: DbOrTx) {
  return {
    /** How many people an e-mail with this targeting reaches now (addresses that fail the check are left out). */
    async countRecipients(websiteId: string, t: EmailTargeting): Promise<number> {
      const rows = await db
        .select({ email: clientMembers.email })
        .from(clientMembers)
        .where(await recipientsWhere(db, websiteId, t));
      return rows.filter((r) => isSendableAddress(r.email)).length;
    },

    /**
     * The send order of a published e-mail: the worker queues its recipients once it is due. Publishing
     * again (new people may match now) queues those not queued yet: the unique (campaign, person) key
     * never lets anyone be queued twice. A cancelled e-mail published again resumes what it had not sent.
     */
    async orderSend(contentId: string, websiteId: string, baseUrl: string): Promise<void> {
      await db
        .insert(emailSends)
        .values({ contentId, websiteId, baseUrl })
        .onConflictDoUpdate({ target: emailSends.contentId, set: { baseUrl, enqueuedAt: null } });
      await db
        .update(emailJobs)
        .set({ status: 'queued', lastError: null, runAt: new Date() })
        .where(and(eq(emailJobs.contentId, contentId), eq(emailJobs.status, 'skipped'), eq(emailJobs.lastError, 'cancelled')));
    },

    /** Cancelling stops what is not sent yet (a job being sent right now finishes). */
    async cancelPending(contentId: string): Promise<void> {
      await db
        .update(emailJobs)
        .set({ status: 'skipped', lastError: 'cancelled' })
        .where(and(eq(emailJobs.contentId, contentId), eq(emailJobs.status, 'queued')));
    },

    /**
     * Queues the recipients of every due send order (published, or scheduled and started), once per
     * person. Returns how many jobs were queued. Run inside a transaction: the order is claimed with
     * SKIP LOCKED, so two processes never queue the same order at once (and the unique key would
     * make a second pass harmless anyway).
     */
    async enqueueDue(now: Date): Promise<number> {
      const due = await db
        .select({ contentId: emailSends.contentId, websiteId: emailSends.websiteId, document: contents.document })
        .from(emailSends)
        .innerJoin(contents, eq(contents.id, emailSends.contentId))
        .where(
          and(
            isNull(emailSends.enqueuedAt),
            or(
              eq(contents.status, 'public'),
              and(eq(contents.status, 'scheduled'), lte(contents.startsAt, now), or(isNull(contents.endsAt), sql`${contents.endsAt} > ${now}`)),
            ),
          ),
        )
        .limit(5)
        .for('update', { of: emailSends, skipLocked: true });
      let queued = 0;
      for (const order of due) {
        const people = await db
          .select({ id: clientMembers.id, email: clientMembers.email })
          .from(clientMembers)
          .where(await recipientsWhere(db, order.websiteId, order.document as unknown as EmailTargeting));
        // An address that fails the check is recorded as failed (the figures show it), never sent.
        const rows = people.map((p) => {
          const ok = isSendableAddress(p.email);
          return {
            websiteId: order.websiteId,
            contentId: order.contentId,
            clientMemberId: p.id,
            email: (p.email ?? '').trim(),
            token: newEmailToken(),
            status: ok ? ('queued' as const) : ('failed' as const),
            lastError: ok ? null : 'invalid address',
            runAt: now,
          };
        });
        for (let i = 0; i < rows.length; i += 500) {
          const inserted = await db
            .insert(emailJobs)
            .values(rows.slice(i, i + 500))
            .onConflictDoNothing({ target: [emailJobs.contentId, emailJobs.clientMemberId] })
            .returning({ id: emailJobs.id });
          queued += inserted.length;
        }
        await db.update(emailSends).set({ enqueuedAt: now }).where(eq(emailSends.contentId, order.contentId));
      }
      return queued;
    },

    /**
     * Claims up to `quota(websiteId)` due jobs per website with a lease until `leaseUntil`. Jobs
     * of an e-mail no longer live, or to an address suppressed since it was queued, are skipped
     * here, before anything is sent. Run inside a transaction.
     */
    async claim(now: Date, leaseUntil: Date, batch: number, quota: (websiteId: string) => number): Promise<ClaimedJob[]> {
      const queue = emailQueue(db);
      const candidates = await queue.due(now, batch, { id: emailJobs.id, websiteId: emailJobs.websiteId });
      const taken = new Map<string, number>();
      const ids = candidates
        .filter((c) => {
          const n = taken.get(c.websiteId) ?? 0;
          if (n >= quota(c.websiteId)) return false;
          taken.set(c.websiteId, n + 1);
          return true;
        })
        .map((c) => c.id);
      if (ids.length === 0) return [];
      await queue.skip(
        ids,
        'cancelled',
        sql`not exists (select 1 from ${contents} where ${contents.id} = ${emailJobs.contentId} and ${contents.status} in ('public', 'scheduled'))`,
      );
      await queue.skip(
        ids,
        'suppressed',
        sql`exists (select 1 from ${emailSuppressions} where ${emailSuppressions.websiteId} = ${emailJobs.websiteId} and ${emailSuppressions.email} = lower(${emailJobs.email}))`,
      );
      const leased = await queue.lease(ids, leaseUntil);
      if (leased.length === 0) return [];
      const claimed = await db
        .select({
          id: emailJobs.id,
          websiteId: emailJobs.websiteId,
          contentId: emailJobs.contentId,
          email: emailJobs.email,
          token: emailJobs.token,
          attempts: emailJobs.attempts,
          clientMemberId: emailJobs.clientMemberId,
        })
        .from(emailJobs)
        .where(
          inArray(
            emailJobs.id,
            leased.map((l) => l.id),
          ),
        );
      if (claimed.length === 0) return [];
      const docs = await db
        .select({ id: contents.id, document: contents.document, baseUrl: emailSends.baseUrl })
        .from(contents)
        .innerJoin(emailSends, eq(emailSends.contentId, contents.id))
        .where(inArray(contents.id, [...new Set(claimed.map((c) => c.contentId))]));
      const people = await db
        .select({
          id: clientMembers.id,
          memberId: clientMembers.memberId,
          username: clientMembers.username,
          email: clientMembers.email,
          attributes: clientMembers.attributes,
        })
        .from(clientMembers)
        .where(
          inArray(
            clientMembers.id,
            claimed.map((c) => c.clientMemberId),
          ),
        );
      const docOf = new Map(docs.map((d) => [d.id, d]));
      const personOf = new Map(people.map((p) => [p.id, p]));
      return claimed.flatMap((c) => {
        const doc = docOf.get(c.contentId);
        const person = personOf.get(c.clientMemberId);
        if (!doc || !person) return [];
        return [{ ...c, baseUrl: doc.baseUrl, document: doc.document, person }];
      });
    },

    /** Settles a claimed job (sent, tried again, or given up); a job already settled is left as it is. */
    settle: (id: string, outcome: Settlement) => emailQueue(db).settle(id, outcome),

    /** Given up. A permanent refusal of the address (a bounce) also keeps the website from e-mailing it again. */
    async markFailed(job: { id: string; websiteId: string; contentId: string; email: string }, error: string, bounced: boolean): Promise<void> {
      await emailQueue(db).settle(job.id, { failed: error });
      if (bounced) await db.transaction((tx) => bounce(tx, job, error));
    },

    /** The job a link's token names, with its e-mail's published document (undefined: no such token). */
    async byToken(token: string) {
      const [row] = await db
        .select({ job: emailJobs, document: contents.document })
        .from(emailJobs)
        .innerJoin(contents, eq(contents.id, emailJobs.contentId))
        .where(eq(emailJobs.token, token))
        .limit(1);
      return row;
    },

    /** A published e-mail's send order (its links' base address). */
    async sendOrder(contentId: string) {
      const [row] = await db.select().from(emailSends).where(eq(emailSends.contentId, contentId)).limit(1);
      return row;
    },

    /** The first open of a recipient counts; later ones change nothing. */
    async recordOpen(jobId: string, at: Date): Promise<void> {
      await db
        .update(emailJobs)
        .set({ openedAt: at })
        .where(and(eq(emailJobs.id, jobId), isNull(emailJobs.openedAt)));
    },

    /** A click also proves the e-mail was opened (images are often blocked). */
    async recordClick(jobId: string, at: Date): Promise<void> {
      await db
        .update(emailJobs)
        .set({ clickedAt: at })
        .where(and(eq(emailJobs.id, jobId), isNull(emailJobs.clickedAt)));
      await db
        .update(emailJobs)
        .set({ openedAt: at })
        .where(and(eq(emailJobs.id, jobId), isNull(emailJobs.openedAt)));
    },

    /** The person behind the token no longer receives this website's campaigns. Idempotent. */
    async unsubscribe(job: { id: string; websiteId: string; contentId: string; email: string; clientMemberId: string }, at: Date): Promise<void> {
      const first = await db
        .update(emailJobs)
        .set({ unsubscribedAt: at })
        .where(and(eq(emailJobs.id, job.id), isNull(emailJobs.unsubscribedAt)))
        .returning({ id: emailJobs.id });
      await db
        .insert(emailSuppressions)
        .values({
          websiteId: job.websiteId,
          email: job.email.toLowerCase(),
          reason: 'unsubscribed',
          clientMemberId: job.clientMemberId,
          contentId: job.contentId,
        })
        .onConflictDoUpdate({ target: [emailSuppressions.websiteId, emailSuppressions.email], set: { reason: 'unsubscribed' } });
      if (first.length > 0)
        await emitWebhookEvent(db, job.websiteId, 'email.unsubscribed', {
          email: job.email.toLowerCase(),
          personId: job.clientMemberId,
          contentId: job.contentId,
        });
      // Whatever of this website is still queued for the address stops here.
      await db
        .update(emailJobs)
        .set({ status: 'skipped', lastError: 'suppressed' })
        .where(and(eq(emailJobs.websiteId, job.websiteId), eq(emailJobs.status, 'queued'), sql`lower(${emailJobs.email}) = ${job.email.toLowerCase()}`));
    },

    /** A person of the website's address and suppression (undefined: no such person in this website). */
    async personStatus(websiteId: string, clientMemberId: string) {
      const [person] = await db
        .select({ email: clientMembers.email })
        .from(clientMembers)
        .where(and(eq(clientMembers.websiteId, websiteId), eq(clientMembers.id, clientMemberId)))
        .limit(1);
      if (!person) return undefined;
      const [row] = person.email
        ? await db
            .select({ reason: emailSuppressions.reason, createdAt: emailSuppressions.createdAt })
            .from(emailSuppressions)
            .where(and(eq(emailSuppressions.websiteId, websiteId), eq(emailSuppressions.email, person.email.toLowerCase())))
            .limit(1)
        : [];
      return { email: person.email, suppressed: row ? { reason: row.reason, at: row.createdAt.toISOString() } : null };
    },

    /** Whether (and why) a website no longer e-mails a person's address. */
    async suppressionOf(websiteId: string, email: string | null) {
      if (!email) return null;
      const [row] = await db
        .select({ reason: emailSuppressions.reason, createdAt: emailSuppressions.createdAt })
        .from(emailSuppressions)
        .where(and(eq(emailSuppressions.websiteId, websiteId), eq(emailSuppressions.email, email.toLowerCase())))
        .limit(1);
      return row ?? null;
    },

    /** One page of an e-mail's recipients, newest first, optionally of one status. */
    async recipients(contentId: string, q: { page: number; pageSize: number; status?: EmailRecipient['status'] }): Promise<Paged<EmailRecipient>> {
      const where = and(eq(emailJobs.contentId, contentId), q.status ? eq(emailJobs.status, q.status) : undefined);
      const iso = (d: Date | null) => d?.toISOString() ?? null;
      return selectPage(
        q,
        ({ limit, offset }) =>
          db
            .select({ j: emailJobs, memberId: clientMembers.memberId, name: clientMembers.username, suppressed: emailSuppressions.reason, total: TOTAL })
            .from(emailJobs)
            .innerJoin(clientMembers, eq(clientMembers.id, emailJobs.clientMemberId))
            .leftJoin(emailSuppressions, and(eq(emailSuppressions.websiteId, emailJobs.websiteId), eq(emailSuppressions.email, sql`lower(${emailJobs.email})`)))
            .where(where)
            .orderBy(desc(emailJobs.createdAt), desc(emailJobs.id))
            .limit(limit)
            .offset(offset),
        async () => (await db.select({ n: COUNT }).from(emailJobs).where(where))[0].n,
        (r) => ({
          _id: r.j.clientMemberId,
          memberId: r.memberId,
          name: r.name,
          email: r.j.email,
          status: r.j.status,
          error: r.j.lastError,
          sentAt: iso(r.j.sentAt),
          openedAt: iso(r.j.openedAt),
          clickedAt: iso(r.j.clickedAt),
          unsubscribedAt: iso(r.j.unsubscribedAt),
          suppressed: r.suppressed ?? null,
        }),
      );
    },

    /** The figures of one e-mail. */
    async stats(contentId: string): Promise<EmailStats> {
      const count = (where?: SQL) => sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number);
      const [row] = await db
        .select({
          recipients: COUNT,
          queued: count(eq(emailJobs.status, 'queued')),
          sent: count(eq(emailJobs.status, 'sent')),
          failed: count(eq(emailJobs.status, 'failed')),
          skipped: count(eq(emailJobs.status, 'skipped')),
          opened: count(isNotNull(emailJobs.openedAt)),
          clicked: count(isNotNull(emailJobs.clickedAt)),
          unsubscribed: count(isNotNull(emailJobs.unsubscribedAt)),
        })
        .from(emailJobs)
        .where(eq(emailJobs.contentId, contentId));
      return row;
    },

    /** A website's e-mail figures over a period (the dashboard's): sent, opened and clicked then. */
    async websiteFigures(websiteId: string, from: Date, to: Date) {
      const within = (column: typeof emailJobs.sentAt) => and(isNotNull(column), sql`${column} >= ${from}`, sql`${column} < ${to}`);
      const count = (where: SQL | undefined) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
      const [row] = await db
        .select({ sent: count(within(emailJobs.sentAt)), opened: count(within(emailJobs.openedAt)), clicked: count(within(emailJobs.clickedAt)) })
        .from(emailJobs)
        .where(eq(emailJobs.websiteId, websiteId));
      return row;
    },
  };
}
