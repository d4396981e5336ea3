import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inWebsite } from './call';
import type { Permission } from './permissions';
import { idParamSchema, messageSchema, pageMetaSchema, pageQuerySchema, requiredText } from './common';
import { msg } from './message-code';
import { scriptCall, websiteKeyParamsSchema } from './script-call';
import { visitorTokenSchema } from './events';
import { MESSENGER_PATHS } from './script';
import { NEWS_KINDS } from './content-kinds';

/** The website's public key in the path (as the script's other calls; not imported from website-script.ts, which imports this file). */

// ---------------------------------------------------------------------------------------------
// Bubble config: the messenger's launcher and window, per website.
// ---------------------------------------------------------------------------------------------

export const BUBBLE_SPACE_TYPES = ['home', 'messages', 'tasks', 'news'] as const;
export type BubbleSpaceType = (typeof BUBBLE_SPACE_TYPES)[number];
export const BUBBLE_ALIGNMENTS = ['left', 'right'] as const;
/** The launcher sits 25 px from the side and from the bottom unless said. */
export const DEFAULT_BUBBLE_PADDING = 25;
export const MAX_BUBBLE_PADDING = 400;
export const BUBBLE_UPDATED_MESSAGE = msg('bubble.updated');
export const BUBBLE_LOAD_FAILED_MESSAGE = msg('bubble.loadFailed');
/** A new live stream over its client address's cap (429). */
export const LIVE_TOO_MANY_STREAMS_MESSAGE = msg('live.tooManyStreams');
/** A new live stream over the process's cap (503). */
export const LIVE_STREAMS_FULL_MESSAGE = msg('live.full');

const channel = z
  .number({ error: msg('validation.bubbleColor') })
  .int(msg('validation.bubbleColor'))
  .min(0, msg('validation.bubbleColor'))
  .max(255, msg('validation.bubbleColor'));
const padding = z
  .number({ error: msg('validation.bubblePadding') })
  .int(msg('validation.bubblePadding'))
  .min(0, msg('validation.bubblePadding'))
  .max(MAX_BUBBLE_PADDING, msg('validation.bubblePadding'));

export const bubbleLauncherSettingsSchema = z.object({
  alignment: z.enum(BUBBLE_ALIGNMENTS, { error: msg('validation.bubbleAlignment') }).default('right'),
  /** An `[r, g, b]` triple of integers 0–255. */
  color: z.tuple([channel, channel, channel], { error: msg('validation.bubbleColor') }).default([22, 119, 255]),
  horizontal_padding: padding.default(DEFAULT_BUBBLE_PADDING),
  vertical_padding: padding.default(DEFAULT_BUBBLE_PADDING),
  /** An https (or http) image address; empty: the built-in icon. */
  launcher_logo_url: z
    .string({ error: msg('validation.bubbleLogoUrl') })
    .trim()
    .max(LIMITS.urlMax, msg('validation.bubbleLogoUrl'))
    .refine((u) => u === '' || /^https?:\/\/[^\s]+$/i.test(u), msg('validation.bubbleLogoUrl'))
    .default(''),
  /** Off: the page never downloads the messenger unless it calls `signpost('open')`. */
  show_launcher: z.boolean({ error: msg('validation.bubbleShowLauncher') }).default(false),
});
export type BubbleLauncherSettings = z.output<typeof bubbleLauncherSettingsSchema>;

const label = z
  .string({ error: msg('validation.bubbleLabel') })
  .trim()
  .max(LIMITS.labelMax, msg('validation.bubbleLabel'));

export const bubbleSpaceSchema = z.object({
  type: z.enum(BUBBLE_SPACE_TYPES, { error: msg('validation.bubbleSpaceType') }),
  /** The space's title in the window; empty: the script's own text in the visitor's language. */
  label: label.default(''),
  /** The tab's text; empty: the script's own text. */
  navigation_label: label.default(''),
  /** Whether the space counts what is new for the visitor on the launcher and its tab. */
  badge: z.boolean({ error: msg('validation.bubbleBadge') }).default(true),
});
export type BubbleSpace = z.output<typeof bubbleSpaceSchema>;

export const DEFAULT_BUBBLE_SPACES: BubbleSpace[] = BUBBLE_SPACE_TYPES.map((type) => ({ type, label: '', navigation_label: '', badge: true }));

export const bubbleOpenConfigSchema = z.object({
  open_to: z.enum(BUBBLE_SPACE_TYPES, { error: msg('validation.bubbleOpenTo') }).default('home'),
  spaces: z
    .array(bubbleSpaceSchema, { error: msg('validation.bubbleSpaces') })
    .min(1, msg('validation.bubbleSpaces'))
    .max(BUBBLE_SPACE_TYPES.length, msg('validation.bubbleSpaces'))
    .refine((s) => new Set(s.map((x) => x.type)).size === s.length, msg('validation.bubbleSpacesUnique'))
    .default(DEFAULT_BUBBLE_SPACES),
});
export type BubbleOpenConfig = z.output<typeof bubbleOpenConfigSchema>;

export const bubbleConfigSchema = z
  .object({
    launcher_settings: bubbleLauncherSettingsSchema.default(() => bubbleLauncherSettingsSchema.parse({})),
    open_config: bubbleOpenConfigSchema.default(() => bubbleOpenConfigSchema.parse({})),
  })
  .refine((c) => c.open_config.spaces.some((s) => s.type === c.open_config.open_to), {
    message: msg('validation.bubbleOpenTo'),
    path: ['open_config', 'open_to'],
  });
export type BubbleConfig = z.output<typeof bubbleConfigSchema>;
export type BubbleConfigInput = z.input<typeof bubbleConfigSchema>;
/** What a website that never saved one answers. */
export const defaultBubbleConfig = (): BubbleConfig => bubbleConfigSchema.parse({});

export const getBubbleCall = defineCall({
  method: 'GET',
  path: '/api/bubble/my-website',
  access: inWebsite(null),
  summary: "The active website's messenger (launcher and window); the defaults when never saved",
  tag: 'messenger',
  response: z.object({ data: bubbleConfigSchema }),
  errors: [401, 404],
});

/** Writing needs create_websites, the permission of a website's other script settings. */
export const updateBubbleCall = defineCall({
  method: 'PUT',
  path: '/api/bubble/my-website',
  access: inWebsite('create_websites'),
  summary: "Change the active website's messenger",
  tag: 'messenger',
  body: bubbleConfigSchema,
  response: messageSchema.extend({ data: bubbleConfigSchema }),
  errors: [400, 401, 403, 404],
});

// ---------------------------------------------------------------------------------------------
// Conversations between a visitor and the website's staff.
// ---------------------------------------------------------------------------------------------

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export const MAX_MESSAGE_LENGTH = LIMITS.commentMax;
export const CONVERSATION_NOT_FOUND_MESSAGE = msg('conversations.notFound');

export const conversationMessageSchema = z.object({
  _id: z.string(),
  author: z.enum(['visitor', 'staff']),
  body: z.string(),
  createdAt: z.string(),
});
export type ConversationMessage = z.infer<typeof conversationMessageSchema>;

export const conversationSummarySchema = z.object({
  _id: z.string(),
  visitorId: z.string(),
  /** The identified person's name, or null while anonymous. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  status: z.enum(CONVERSATION_STATUSES),
  unread: z.number().int(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;
export const conversationSchema = conversationSummarySchema.extend({ messages: z.array(conversationMessageSchema) });
export type Conversation = z.infer<typeof conversationSchema>;

const messageBody = requiredText(msg('validation.messageRequired'), MAX_MESSAGE_LENGTH, msg('validation.messageTooLong'));

export const conversationListQuerySchema = pageQuerySchema.extend({ status: z.enum(CONVERSATION_STATUSES).optional() });
export const conversationPageSchema = z.object({ docs: z.array(conversationSummarySchema), meta: pageMetaSchema });

/**
 * The conversations are the "reclamation" permission resource: reading them (visitors' names, e-mail
 * addresses and messages) needs `get_reclamation`. The permission list gives that resource no other action, so
 * answering and closing a conversation need the same permission: whoever may read them handles them.
 */
export const CONVERSATIONS_PERMISSION = 'get_reclamation' satisfies Permission;

export const listConversationsCall = defineCall({
  method: 'GET',
  path: '/api/conversations',
  access: inWebsite(CONVERSATIONS_PERMISSION),
  summary: "The active website's conversations with its visitors, latest first, with unread counts",
  tag: 'messenger',
  query: conversationListQuerySchema,
  response: conversationPageSchema,
  errors: [400, 401, 403, 404],
});

export const getConversationCall = defineCall({
  method: 'GET',
  path: '/api/conversations/:id',
  access: inWebsite(CONVERSATIONS_PERMISSION),
  summary: 'One conversation with its messages (read by staff from then on)',
  tag: 'messenger',
  params: idParamSchema,
  response: z.object({ data: conversationSchema }),
  errors: [400, 401, 403, 404],
});

export const staffReplyBodySchema = z.object({ body: messageBody });
export const replyToConversationCall = defineCall({
  method: 'POST',
  path: '/api/conversations/:id/messages',
  access: inWebsite(CONVERSATIONS_PERMISSION),
  summary: 'Answer a visitor (e-mailed too when an anonymous visitor left an address)',
  tag: 'messenger',
  params: idParamSchema,
  body: staffReplyBodySchema,
  status: 201,
  response: z.object({ message: z.string(), data: conversationMessageSchema }),
  errors: [400, 401, 403, 404],
});

export const closeConversationCall = defineCall({
  method: 'PUT',
  path: '/api/conversations/:id/close',
  access: inWebsite(CONVERSATIONS_PERMISSION),
  summary: 'Close a conversation (the visitor writing again opens it again)',
  tag: 'messenger',
  params: idParamSchema,
  response: z.object({ message: z.string(), data: conversationSummarySchema }),
  errors: [400, 401, 403, 404],
});

// The visitor's side (the website script): the visitor token names the visitor.

export const visitorTokenQuerySchema = z.object({ token: visitorTokenSchema });

/**
 * The visitor's live stream: its token, and on a reconnect the id of the last event it got (a new
 * EventSource cannot send the `Last-Event-ID` header, so the script puts it in the query).
 */
export const visitorLiveQuerySchema = visitorTokenQuerySchema.extend({
  lastEventId: z
    .string()
    .regex(/^\d{1,18}$/, msg('validation.lastEventIdInvalid'))
    .optional(),
});

export const newsItemSchema = z.object({
  _id: z.string(),
  kind: z.enum(NEWS_KINDS),
  title: z.string(),
  body: z.string(),
  url: z.string().nullable(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItemSchema>;

export const visitorConversationSchema = z.object({
  _id: z.string(),
  status: z.enum(CONVERSATION_STATUSES),
  unread: z.number().int(),
  lastMessageAt: z.string(),
  messages: z.array(conversationMessageSchema),
});
export type VisitorConversation = z.infer<typeof visitorConversationSchema>;

export const messengerStateSchema = z.object({
  /** The identified visitor's name, for Home's greeting. */
  name: z.string().nullable(),
  conversations: z.array(visitorConversationSchema),
  news: z.array(newsItemSchema),
});
export type MessengerState = z.infer<typeof messengerStateSchema>;

export const getMessengerStateCall = scriptCall({
  method: 'GET',
  path: MESSENGER_PATHS.state,
  summary: "What the messenger's window shows a visitor: their conversations and the website's news (visitor token)",
  query: visitorTokenQuerySchema,
  response: messengerStateSchema,
});

export const visitorMessageBodySchema = z.object({
  token: visitorTokenSchema,
  body: messageBody,
  /** Where an anonymous visitor wants the answer too (optional). */
  email: z
    .string()
    .trim()
    .max(LIMITS.emailMax, msg('validation.messengerEmailInvalid'))
    .refine((e) => e === '' || z.email().safeParse(e).success, msg('validation.messengerEmailInvalid'))
    .optional(),
  /** The conversation it continues; none: a new one. */
  conversationId: z.string().uuid(msg('conversations.notFound')).optional(),
});
export type VisitorMessageBody = z.input<typeof visitorMessageBodySchema>;

export const sendVisitorMessageCall = scriptCall({
  path: MESSENGER_PATHS.messages,
  summary: "A visitor writes to the website's team (visitor token; a new conversation or one of theirs)",
  body: visitorMessageBodySchema,
  status: 201,
  response: z.object({ conversation: visitorConversationSchema }),
});

/** A POST (not PUT): the script's calls are simple requests a customer's page sends without a CORS preflight. */
export const markConversationReadCall = scriptCall({
  path: MESSENGER_PATHS.read,
  summary: 'The visitor read a conversation of theirs (its Messages badge clears)',
  params: websiteKeyParamsSchema.extend({ id: z.string().uuid(msg('conversations.notFound')) }),
  body: visitorTokenQuerySchema,
  response: z.object({ ok: z.boolean() }),
  errors: [400, 401, 403, 404],
});

/** The visitor's live stream (Server-Sent Events; EventSource cannot send headers, so the token rides in the query). */
export const visitorLiveCall = scriptCall({
  method: 'GET',
  path: MESSENGER_PATHS.live,
  summary: "The visitor's live events (text/event-stream): the staff's answers",
  query: visitorLiveQuerySchema,
  answer: 'file',
  errors: [400, 401, 403, 404, 429, 503],
});

// ---------------------------------------------------------------------------------------------
// Notifications for staff, and the staff's live stream.
// ---------------------------------------------------------------------------------------------

export const STAFF_NOTIFICATION_TYPES = ['message', 'comment', 'answers', 'installed', 'element_missing'] as const;
export type StaffNotificationType = (typeof STAFF_NOTIFICATION_TYPES)[number];

export const staffNotificationSchema = z.object({
  _id: z.string(),
  type: z.enum(STAFF_NOTIFICATION_TYPES),
  /** Where to act in the console. */
  link: z.string(),
  /** A few words of what happened (a message's start, a page origin…). */
  text: z.string(),
  /** How many comments it gathers (a burst on one item makes one notification); absent for other types. */
  count: z.number().int().positive().optional(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

export const notificationPageSchema = z.object({
  docs: z.array(staffNotificationSchema),
  meta: pageMetaSchema,
  unread: z.number().int(),
});

export const listNotificationsCall = defineCall({
  method: 'GET',
  path: '/api/notifications',
  access: inWebsite(null),
  summary: 'What happened on the active website that staff act on, newest first, with the unread count',
  tag: 'notifications',
  query: pageQuerySchema,
  response: notificationPageSchema,
  errors: [400, 401, 404],
});

export const markNotificationReadCall = defineCall({
  method: 'PUT',
  path: '/api/notifications/:id/read',
  access: inWebsite(null),
  summary: 'Mark one notification read (for the caller)',
  tag: 'notifications',
  params: idParamSchema,
  response: z.object({ unread: z.number().int() }),
  errors: [400, 401, 404],
});

export const markAllNotificationsReadCall = defineCall({
  method: 'PUT',
  path: '/api/notifications/read',
  access: inWebsite(null),
  summary: 'Mark every notification of the active website read (for the caller)',
  tag: 'notifications',
  response: z.object({ unread: z.number().int() }),
  errors: [401, 404],
});

/**
 * The staff's live stream (text/event-stream) for the active website: `notification` and `message`
 * events. A console reads it with fetch (it sends the Authorization and Activewebsite headers).
 */
export const staffLiveCall = defineCall({
  method: 'GET',
  path: '/api/live',
  access: inWebsite(null),
  summary: "The active website's live events for staff (text/event-stream; Last-Event-ID resumes)",
  tag: 'notifications',
  answer: 'file',
  errors: [401, 404, 503],
});
