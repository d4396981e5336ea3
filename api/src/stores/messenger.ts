import { and, asc, desc, eq, gt, inArray, isNull, notExists, or, sql, type SQL } from 'drizzle-orm';
import {
  CONTENT_KIND_DESCRIPTORS,
  pageMeta,
  popupKind,
  type BubbleConfig,
  type ConversationMessage,
  type ConversationSummary,
  type StaffNotification,
} from 'contracts';
import type { DbOrTx } from '../db/client';
import {
  bubbleConfigs,
  clientMembers,
  conversationMessages,
  conversations,
  liveEvents,
  notificationReads,
  staffNotifications,
  visitors,
  websites,
} from '../db/schema';
import { emitWebhookEvent } from './webhooks';

type ConversationRow = typeof conversations.$inferSelect;
type MessageRow = typeof conversationMessages.$inferSelect;
type NotificationRow = typeof staffNotifications.$inferSelect;
export type LiveEventRow = typeof liveEvents.$inferSelect;

export const messageView = (m: Pick<MessageRow, 'id' | 'author' | 'body' | 'createdAt'>): ConversationMessage => ({
  _id: m.id,
  author: m.author,
  body: m.body,
  createdAt: m.createdAt.toISOString(),
});

/** Where in the console staff act on a notification. */
export function notificationLink(n: Pick<NotificationRow, 'type' | 'subjectId' | 'detail'>): string {
  const kind = String(n.detail.kind ?? '');
  const base = (kind in CONTENT_KIND_DESCRIPTORS ? CONTENT_KIND_DESCRIPTORS[kind as keyof typeof CONTENT_KIND_DESCRIPTORS] : popupKind).screens.basePath;
  switch (n.type) {
    case 'message':
      return `/settings/conversations/${n.subjectId}`;
    case 'comment':
      return `${base}/${n.subjectId}/comments`;
    case 'answers':
      return `${popupKind.screens.basePath}/${n.subjectId}/answers`;
    case 'installed':
      return '/installation-guide';
    case 'element_missing':
      return `${base}/${n.subjectId}/update`;
  }
}

function notificationText(n: Pick<NotificationRow, 'type' | 'detail'>): string {
  const d = n.detail;
  if (n.type === 'installed') return String(d.origin ?? '');
  if (n.type === 'element_missing') {
    const detail = (d.detail ?? {}) as Record<string, unknown>;
    return [detail.selector, detail.page ?? detail.url].filter((x) => typeof x === 'string' && x).join(' · ');
  }
  return String(d.text ?? '');
}

/**
 * What of a website's notifications one staff member may see: those of its conversations (a
 * visitor's message) only with the conversations' permission, those of a content item (comments,
 * form answers, a tour's missing element) only for the kinds they may read, and the website's own
 * (the script installed) always. Notifications carry visitors' words, so they follow the permissions
 * of what they are about.
 */
export interface NotificationReach {
  conversations: boolean;
  /** Content kinds (`popup`, `tour`…) whose items the member may read. */
  kinds: string[];
}

const reachable = (reach: NotificationReach): SQL =>
  or(
    eq(staffNotifications.type, 'installed'),
    reach.conversations ? eq(staffNotifications.type, 'message') : undefined,
    reach.kinds.length > 0
      ? and(inArray(staffNotifications.type, ['comment', 'answers', 'element_missing']), inArray(sql`${staffNotifications.detail}->>'kind'`, reach.kinds))
      : undefined,
  )!;

const unreadFor = (userId: string) =>
  notExists(
    sql`(select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${staffNotifications.id} and ${notificationReads.userId} = ${userId})`,
  );

/** A message in a conversation, which becomes the conversation's latest and unread by the other side. */
async function insertMessage(
  db: DbOrTx,
  conversationId: string,
  author: 'visitor' | 'staff',
  body: string,
  userId: string | null,
): Promise<ConversationMessage> {
  await db
    .update(conversations)
    .set({
      lastMessageAt: new Date(),
      status: 'open',
      ...(author === 'visitor' ? { staffUnread: sql`${conversations.staffUnread} + 1` } : { visitorUnread: sql`${conversations.visitorUnread} + 1` }),
    })
    .where(eq(conversations.id, conversationId));
  const [m] = await db.insert(conversationMessages).values({ conversationId, author, body, userId }).returning();
  return messageView(m);
}

/**
 * The SQL of the messenger, inside one website (already checked to be the caller's, or named by the
 * script's key): its bubble config, its conversations, its staff notifications and the live events.
 */
export function messengerStore(db: DbOrTx, websiteId: string) {
  const ofWebsite = eq(conversations.websiteId, websiteId);

  const summary = async (rows: ConversationRow[]): Promise<ConversationSummary[]> => {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const last = await db
      .selectDistinctOn([conversationMessages.conversationId], { conversationId: conversationMessages.conversationId, body: conversationMessages.body })
      .from(conversationMessages)
      .where(inArray(conversationMessages.conversationId, ids))
      .orderBy(conversationMessages.conversationId, desc(conversationMessages.createdAt), desc(conversationMessages.id));
    const lastOf = new Map(last.map((r) => [r.conversationId, r.body]));
    const memberIds = [...new Set(rows.map((r) => r.clientMemberId).filter((x): x is string => !!x))];
    const names = new Map<string, string | null>();
    if (memberIds.length) {
      const members = await db
        .select({ id: clientMembers.id, username: clientMembers.username, memberId: clientMembers.memberId })
        .from(clientMembers)
        .where(inArray(clientMembers.id, memberIds));
      for (const m of members) names.set(m.id, m.username ?? m.memberId);
    }
    return rows.map((r) => ({
      _id: r.id,
      visitorId: r.visitorId,
      name: r.clientMemberId ? (names.get(r.clientMemberId) ?? null) : null,
      email: r.email,
      status: r.status,
      unread: r.staffUnread,
      lastMessage: lastOf.get(r.id) ?? '',
      lastMessageAt: r.lastMessageAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
    }));
  };

  const messagesOf = async (conversationId: string) =>
    (
      await db
        .select()
        .from(conversationMessages)
        .where(eq(conversationMessages.conversationId, conversationId))
        .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id))
    ).map(messageView);

  return {
    async bubble(): Promise<BubbleConfig | undefined> {
      const [row] = await db.select().from(bubbleConfigs).where(eq(bubbleConfigs.websiteId, websiteId)).limit(1);
      return row ? { launcher_settings: row.launcherSettings, open_config: row.openConfig } : undefined;
    },

    async saveBubble(config: BubbleConfig): Promise<void> {
      const values = { launcherSettings: config.launcher_settings, openConfig: config.open_config, updatedAt: new Date() };
      await db
        .insert(bubbleConfigs)
        .values({ websiteId, ...values })
        .onConflictDoUpdate({ target: bubbleConfigs.websiteId, set: values });
    },

    // ---- conversations, the staff's side ----

    async conversationsPage(query: { page: number; pageSize: number; status?: 'open' | 'closed' }) {
      const where = and(ofWebsite, query.status ? eq(conversations.status, query.status) : undefined);
      const [rows, [{ n }]] = await Promise.all([
        db
          .select()
          .from(conversations)
          .where(where)
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(conversations)
          .where(where),
      ]);
      return { docs: await summary(rows), meta: pageMeta(n, query.page, query.pageSize) };
    },

    async conversationRow(id: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(ofWebsite, eq(conversations.id, id)))
        .limit(1);
      return row;
    },

    async summaryOf(row: ConversationRow): Promise<ConversationSummary> {
      return (await summary([row]))[0];
    },

    messagesOf,

    async markStaffRead(id: string) {
      await db
        .update(conversations)
        .set({ staffUnread: 0 })
        .where(and(ofWebsite, eq(conversations.id, id)));
    },

    async setStatus(id: string, status: 'open' | 'closed'): Promise<ConversationRow | undefined> {
      const [row] = await db
        .update(conversations)
        .set({ status })
        .where(and(ofWebsite, eq(conversations.id, id)))
        .returning();
      return row;
    },

    /**
     * Adds a message (the database's trigger passes it to the live streams and, a visitor's, to the
     * staff's notifications). The unread count goes up first: a reader told of the message at once
     * (the stream) and marking it read must find it counted already.
     */
    async addMessage(conversationId: string, author: 'visitor' | 'staff', body: string, userId: string | null): Promise<ConversationMessage> {
      if (author === 'staff') return insertMessage(db, conversationId, author, body, userId);
      // A visitor's message is also a webhook event, which exists exactly when the message does.
      return db.transaction(async (tx) => {
        const m = await insertMessage(tx, conversationId, author, body, userId);
        await emitWebhookEvent(tx, websiteId, 'message.received', { conversationId, messageId: m._id, body, createdAt: m.createdAt });
        return m;
      });
    },

    // ---- conversations, the visitor's side ----

    async visitor(visitorId: string) {
      const [row] = await db
        .select({ memberId: visitors.clientMemberId, name: clientMembers.username, externalId: clientMembers.memberId, email: clientMembers.email })
        .from(visitors)
        .leftJoin(clientMembers, eq(clientMembers.id, visitors.clientMemberId))
        .where(and(eq(visitors.websiteId, websiteId), eq(visitors.visitorId, visitorId)))
        .limit(1);
      return row;
    },

    async createConversation(visitorId: string, clientMemberId: string | null, email: string | null): Promise<ConversationRow> {
      const [row] = await db.insert(conversations).values({ websiteId, visitorId, clientMemberId, email }).returning();
      return row;
    },

    async setEmail(id: string, email: string) {
      await db.update(conversations).set({ email }).where(eq(conversations.id, id));
    },

    async visitorConversation(id: string, visitorId: string): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select()
        .from(conversations)
        .where(and(ofWebsite, eq(conversations.id, id), eq(conversations.visitorId, visitorId)))
        .limit(1);
      return row;
    },

    async visitorConversations(visitorId: string) {
      const rows = await db
        .select()
        .from(conversations)
        .where(and(ofWebsite, eq(conversations.visitorId, visitorId)))
        .orderBy(desc(conversations.lastMessageAt))
        .limit(20);
      return Promise.all(
        rows.map(async (r) => ({
          _id: r.id,
          status: r.status,
          unread: r.visitorUnread,
          lastMessageAt: r.lastMessageAt.toISOString(),
          messages: await messagesOf(r.id),
        })),
      );
    },

    /**
     * The staff answered: their unread answers are e-mailed at `dueAt` unless read before. The first
     * answer of a burst sets the time; later ones wait for the same e-mail.
     */
    async awaitReplyMail(id: string, dueAt: Date, language: string) {
      await db
        .update(conversations)
        .set({
          replyMailDueAt: sql`coalesce(${conversations.replyMailDueAt}, ${dueAt.toISOString()}::timestamptz)`,
          replyMailLanguage: sql`coalesce(${conversations.replyMailLanguage}, ${language})`,
        })
        .where(and(ofWebsite, eq(conversations.id, id)));
    },

    /** The visitor read the answers: none waits to be e-mailed any more. */
    async markVisitorRead(id: string, visitorId: string): Promise<boolean> {
      const rows = await db
        .update(conversations)
        .set({ visitorUnread: 0, replyMailDueAt: null, replyMailLanguage: null })
        .where(and(ofWebsite, eq(conversations.id, id), eq(conversations.visitorId, visitorId)))
        .returning({ id: conversations.id });
      return rows.length > 0;
    },

    // ---- notifications for staff (read per staff member) ----

    async notificationsPage(userId: string, reach: NotificationReach, query: { page: number; pageSize: number }) {
      const where = and(eq(staffNotifications.websiteId, websiteId), reachable(reach));
      const [rows, [{ n }], unread] = await Promise.all([
        db
          .select({
            n: staffNotifications,
            read: sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${staffNotifications.id} and ${notificationReads.userId} = ${userId})`,
          })
          .from(staffNotifications)
          .where(where)
          .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffNotifications)
          .where(where),
        this.unreadCount(userId, reach),
      ]);
      const docs: StaffNotification[] = rows.map(({ n: row, read }) => ({
        _id: row.id,
        type: row.type,
        link: notificationLink(row),
        text: notificationText(row),
        ...(row.type === 'comment' && typeof row.detail.count === 'number' ? { count: row.detail.count } : {}),
        read: !!read,
        createdAt: row.createdAt.toISOString(),
      }));
      return { docs, meta: pageMeta(n, query.page, query.pageSize), unread };
    },

    async unreadCount(userId: string, reach: NotificationReach): Promise<number> {
      const [{ n }] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(staffNotifications)
        .where(and(eq(staffNotifications.websiteId, websiteId), reachable(reach), unreadFor(userId)));
      return n;
    },

    /** Marks one the member may see read for them; false (404) for any other. */
    async markRead(id: string, userId: string, reach: NotificationReach): Promise<boolean> {
      const [found] = await db
        .select({ id: staffNotifications.id })
        .from(staffNotifications)
        .where(and(eq(staffNotifications.websiteId, websiteId), eq(staffNotifications.id, id), reachable(reach)))
        .limit(1);
      if (!found) return false;
      await db.insert(notificationReads).values({ notificationId: id, userId }).onConflictDoNothing();
      return true;
    },

    async markAllRead(userId: string, reach: NotificationReach) {
      await db.execute(
        sql`insert into ${notificationReads} (notification_id, user_id)
            select ${staffNotifications.id}, ${userId}::uuid from ${staffNotifications}
            where ${staffNotifications.websiteId} = ${websiteId} and ${reachable(reach)} and ${unreadFor(userId)}
            on conflict do nothing`,
      );
    },

    // ---- live events ----

    /** The events of one stream after `afterId` (a reconnecting client's Last-Event-ID), oldest first. */
    async liveEventsAfter(visitorId: string | null, afterId: number, limit = 200): Promise<LiveEventRow[]> {
      return db
        .select()
        .from(liveEvents)
        .where(
          and(
            eq(liveEvents.websiteId, websiteId),
            visitorId === null ? isNull(liveEvents.visitorId) : eq(liveEvents.visitorId, visitorId),
            gt(liveEvents.id, afterId),
          ),
        )
        .orderBy(asc(liveEvents.id))
        .limit(limit);
    },

    /** The latest event id of a stream (where a new stream starts). */
    async lastLiveEventId(): Promise<number> {
      const [row] = await db.select({ id: sql<number>`coalesce(max(${liveEvents.id}), 0)::bigint` }).from(liveEvents);
      return Number(row.id);
    },
  };
}

/** One live event by id (what a NOTIFY names), whatever its website. */
export interface DueReplyMail {
  conversationId: string;
  websiteId: string;
  email: string;
  language: string;
  /** The staff's unread answers, oldest first. */
  answers: string[];
}

/** At most this many answers go in one e-mail (the latest). */
const ANSWERS_PER_MAIL = 10;

/**
 * Takes up to `limit` conversations whose answers' e-mail is due (every website) and clears their due
 * time; run in a transaction: rows another process holds are skipped, so each e-mail is taken once.
 * Those read meanwhile, or without an address, come back with no answers (nothing to send).
 */
export async function takeDueReplyMails(db: DbOrTx, now: Date, limit: number): Promise<DueReplyMail[]> {
  const rows = await db
    .select({
      id: conversations.id,
      websiteId: conversations.websiteId,
      email: conversations.email,
      unread: conversations.visitorUnread,
      language: conversations.replyMailLanguage,
    })
    .from(conversations)
    .where(sql`${conversations.replyMailDueAt} <= ${now.toISOString()}::timestamptz`)
    .limit(limit)
    .for('update', { skipLocked: true });
  if (rows.length === 0) return [];
  await db
    .update(conversations)
    .set({ replyMailDueAt: null, replyMailLanguage: null })
    .where(
      inArray(
        conversations.id,
        rows.map((r) => r.id),
      ),
    );
  return Promise.all(
    rows.map(async (r) => {
      const n = r.email ? Math.min(r.unread, ANSWERS_PER_MAIL) : 0;
      const answers =
        n > 0
          ? await db
              .select({ body: conversationMessages.body })
              .from(conversationMessages)
              .where(and(eq(conversationMessages.conversationId, r.id), eq(conversationMessages.author, 'staff')))
              .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
              .limit(n)
          : [];
      return {
        conversationId: r.id,
        websiteId: r.websiteId,
        email: r.email ?? '',
        language: r.language ?? 'en',
        answers: answers.map((a) => a.body).reverse(),
      };
    }),
  );
}

/** The name and domain of each website (what a reply e-mail names and links to). */
export async function websiteFactsOf(db: DbOrTx, websiteIds: string[]): Promise<Map<string, { name: string; domain: string }>> {
  if (websiteIds.length === 0) return new Map();
  const rows = await db.select({ id: websites.id, name: websites.name, domain: websites.domain }).from(websites).where(inArray(websites.id, websiteIds));
  return new Map(rows.map((r) => [r.id, { name: r.name || r.domain, domain: r.domain }] as const));
}

export async function liveEventById(db: DbOrTx, id: number): Promise<LiveEventRow | undefined> {
  const [row] = await db.select().from(liveEvents).where(eq(liveEvents.id, id)).limit(1);
  return row;
}

/** Live events older than a day are of no use to a reconnecting client. */
export async function pruneLiveEvents(db: DbOrTx): Promise<void> {
  await db.delete(liveEvents).where(sql`${liveEvents.createdAt} < now() - interval '1 day'`);
}
