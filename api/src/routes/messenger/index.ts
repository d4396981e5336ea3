import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BUBBLE_UPDATED_MESSAGE,
  CONTENT_KIND_DESCRIPTORS,
  CONVERSATIONS_PERMISSION,
  kindPermission,
  CONVERSATION_NOT_FOUND_MESSAGE,
  closeConversationCall,
  defaultBubbleConfig,
  getBubbleCall,
  getConversationCall,
  listConversationsCall,
  listNotificationsCall,
  markAllNotificationsReadCall,
  markNotificationReadCall,
  replyToConversationCall,
  staffLiveCall,
  updateBubbleCall,
} from 'contracts';
import type { AppContext } from '../../context';
import { serve } from '../../http/serve';
import { notFound } from '../../lib/errors';
import { activeWebsiteOf, caller } from '../../plugins/access';
import { ACCESS_CHANNEL } from '../../plugins/access-cache';
import { languageOf } from '../../i18n/messages';
import { LiveHub } from '../../services/live-hub';
import { messengerStore, pruneLiveEvents, type LiveEventRow, type NotificationReach } from '../../stores/messenger';
import type { ScriptServices } from '../../delivery/script-services';
import { messengerPublicRoutes } from './public';
import { lastEventIdOf, serveStream } from './sse';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live streams this process holds. */
    liveHub: LiveHub;
  }
}

/**
 * The messenger: the active website's bubble config, its conversations
 * with visitors, the staff's notifications and their live stream; the visitor's side is public.ts.
 * Conversations need the conversations' permission (get_reclamation); notifications are for any
 * member of the website (no permission is needed for /notifications), each one seen only
 * by those who may read what it is about (notificationReach). Changing the bubble needs
 * create_websites, as the website's other script settings.
 */
/** What of the website's notifications a caller with these permissions may see. */
export function notificationReach(permissions: ReadonlySet<string>): NotificationReach {
  return {
    conversations: permissions.has(CONVERSATIONS_PERMISSION),
    kinds: Object.entries(CONTENT_KIND_DESCRIPTORS)
      .filter(([, descriptor]) => permissions.has(kindPermission(descriptor, 'get')))
      .map(([kind]) => kind),
  };
}

/**
 * Whether a staff stream passes an event on: a conversation's message, and the notice of a new
 * message notification, only to those who may read conversations. Other notices carry only a
 * notification's id and type; the list the console then reads is filtered by notificationReach.
 */
export function staffMaySee(reach: NotificationReach, event: Pick<LiveEventRow, 'type' | 'payload'>): boolean {
  if (event.type === 'message') return reach.conversations;
  if (event.type === 'notification' && (event.payload as { type?: unknown }).type === 'message') return reach.conversations;
  return true;
}

export async function messengerRoutes(app: FastifyInstance, ctx: AppContext, services: ScriptServices): Promise<LiveHub> {
  const caps = ctx.config.liveStreams;
  const hub = new LiveHub(ctx.database, ctx.log, {
    sessionCheckMs: caps.sessionCheckSeconds * 1000,
    streamLifetimeMs: caps.lifetimeSeconds * 1000,
    accessChannel: ACCESS_CHANNEL,
  });
  app.decorate('liveHub', hub);
  await hub.start();
  // Streams never end by themselves: end them before the server waits for its connections to close.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', () => hub.stop());
  const pruneTimer = setInterval(() => void pruneLiveEvents(ctx.db).catch(() => {}), 60 * 60_000);
  pruneTimer.unref();
  app.addHook('onClose', async () => clearInterval(pruneTimer));

  const store = (request: FastifyRequest) => messengerStore(ctx.db, activeWebsiteOf(request).id);

  serve(app, getBubbleCall, async (request) => ({ data: (await store(request).bubble()) ?? defaultBubbleConfig() }));

  serve(app, updateBubbleCall, async (request) => {
    await store(request).saveBubble(request.body);
    return { message: BUBBLE_UPDATED_MESSAGE, data: request.body };
  });

  serve(app, listConversationsCall, (request) => store(request).conversationsPage(request.query));

  const conversationOf = async (request: FastifyRequest, id: string) => {
    const row = await store(request).conversationRow(id);
    if (!row) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
    return row;
  };

  serve(app, getConversationCall, async (request) => {
    const s = store(request);
    const row = await conversationOf(request, request.params.id);
    await s.markStaffRead(row.id);
    const [summary, messages] = await Promise.all([s.summaryOf({ ...row, staffUnread: 0 }), s.messagesOf(row.id)]);
    return { data: { ...summary, messages } };
  });

  serve(app, replyToConversationCall, async (request, reply) => {
    const s = store(request);
    const row = await conversationOf(request, request.params.id);
    const message = await s.addMessage(row.id, 'staff', request.body.body, caller(request).userId);
    await s.markStaffRead(row.id);
    // An anonymous visitor who left an address gets the answers by mail too (an identified one reads
    // them on the site), but only those still unread after a while: one read live sends nothing.
    if (row.email && !row.clientMemberId) {
      await s.awaitReplyMail(row.id, new Date(ctx.clock.now() + ctx.config.messenger.replyMailDelayMs), languageOf(request.headers['accept-language']));
    }
    return reply.code(201).send({ message: 'conversations.replied', data: message });
  });

  serve(app, closeConversationCall, async (request) => {
    const s = store(request);
    const row = await s.setStatus(request.params.id, 'closed');
    if (!row) throw notFound(CONVERSATION_NOT_FOUND_MESSAGE);
    return { message: 'conversations.closed', data: await s.summaryOf(row) };
  });

  const reachOf = (request: FastifyRequest) => notificationReach(caller(request).permissions);

  serve(app, listNotificationsCall, (request) => store(request).notificationsPage(caller(request).userId, reachOf(request), request.query));

  serve(app, markNotificationReadCall, async (request) => {
    const s = store(request);
    const userId = caller(request).userId;
    const reach = reachOf(request);
    if (!(await s.markRead(request.params.id, userId, reach))) throw notFound('notifications.notFound');
    return { unread: await s.unreadCount(userId, reach) };
  });

  serve(app, markAllNotificationsReadCall, async (request) => {
    const s = store(request);
    const userId = caller(request).userId;
    const reach = reachOf(request);
    await s.markAllRead(userId, reach);
    return { unread: await s.unreadCount(userId, reach) };
  });

  // A console tab holds one stream; a user's oldest makes room for their newest (a reopened tab),
  // and the process keeps its staff streams apart from the visitors' so a flood of these never
  // shuts the console out. The stream ends with its session.
  serve(app, staffLiveCall, async (request, reply) => {
    const s = store(request);
    const reach = reachOf(request);
    const { userId, familyId } = caller(request);
    return serveStream(request, reply, hub, {
      websiteId: activeWebsiteOf(request).id,
      visitorId: null,
      lastId: lastEventIdOf(request),
      missed: (after) => s.liveEventsAfter(null, after),
      passes: (event) => staffMaySee(reach, event),
      limits: { pool: { name: 'staff', max: caps.staffMax }, keys: [{ key: `user|${userId}`, cap: caps.staffPerUser, oldestGoes: true }] },
      session: { familyId, userId },
    });
  });

  await messengerPublicRoutes(app, ctx, services, hub);
  return hub;
}
