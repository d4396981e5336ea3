import { z } from 'zod';
import { LIMITS } from './limits';
import type { MessageCode } from './messages';
import { bulkIds, pageQuerySchema, pagedSchema, requiredText } from './common';
import { HEX_COLOR } from './tags';
import { dynamicAudienceSchema, emptyAudience } from './audiences';
import { msg } from './message-code';
import { parsePageRule } from './page-rule';

/**
 * Default colour of content surfaces that carry white text (banner background, buttons): the
 * brand's #0958d9 shade, 6.1:1 with white, where the primary #1677ff gives only 4.1:1 (WCAG AA
 * asks 4.5:1). The customer can still choose any colour.
 */
export const ACCESSIBLE_BRAND_COLOR = '#0958d9';

/**
 * Campaign content: popups ("posts"), banners and push
 * notifications. The API keeps each item's whole validated document (the shapes below) and copies the
 * columns the lists filter on. The editors start from `defaultPopup()`, `defaultBanner()` and
 * `defaultPushNotification()`; the server validates every save with the same schemas.
 *
 * Where the item goes: the browser's create route `/posts/{id}/create` names the WORKSPACE the new
 * item goes into; the create body carries it in the document's `workspace` field (null = none).
 * The list calls filter on it with the `workSpace` query parameter existing clients send.
 */

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

/** Status of any campaign item. The console shows only `public` (the default); `cancel` sets `cancelled`. */
export const CAMPAIGN_STATUSES = ['public', 'draft', 'scheduled', 'cancelled'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
/** The status a duplicate gets: it is a copy to edit, not yet shown to visitors. */
export const DUPLICATE_STATUS: CampaignStatus = 'draft';
/** Suffix added to the title of a duplicate. */
export const DUPLICATE_TITLE_SUFFIX = ' (copy)';

export const CAMPAIGN_PRIORITIES = ['low', 'normal', 'high'] as const;
export type CampaignPriority = (typeof CAMPAIGN_PRIORITIES)[number];

/** Devices an item shows on (spec: popup and push `devices` default `all`). */
export const CAMPAIGN_DEVICES = ['all', 'web', 'mobile'] as const;
export type CampaignDevices = (typeof CAMPAIGN_DEVICES)[number];

/** What the item is meant to achieve (spec: `goal`); shown on statistics. */
export const CAMPAIGN_GOALS = ['none', 'views', 'clicks', 'reactions', 'answers'] as const;
export type CampaignGoal = (typeof CAMPAIGN_GOALS)[number];

/**
 * Who an item is for (`target`): everybody, the chosen groups, the chosen saved audiences
 * (segments), or the item's own dynamic audience. The server requires at least one group / audience
 * when the target asks for them.
 */
export const CAMPAIGN_TARGETS = ['all', 'groups', 'audiences', 'dynamic'] as const;
export type CampaignTarget = (typeof CAMPAIGN_TARGETS)[number];

/** The four default emojis of a popup and of a banner's reactions action. */
export const DEFAULT_EMOJIS = ['👍', '❤️', '😂', '😮'] as const;
export const MAX_EMOJIS = LIMITS.emojisMax;

/** Most groups / audiences one item may target. */
export const MAX_TARGETS = LIMITS.targetsMax;

/** An id list of the active website's groups or segments; the server checks each one belongs to it. */
export const idList = (unknownMessage: string) =>
  z
    .array(z.string().uuid(unknownMessage), { error: unknownMessage })
    .max(MAX_TARGETS, msg('validation.targetsTooMany'))
    .refine((l) => new Set(l).size === l.length, msg('validation.itemsDuplicated'))
    .default([]);

export const GROUP_UNKNOWN_MESSAGE = msg('campaigns.groupsNotOfWebsite');
export const AUDIENCE_UNKNOWN_MESSAGE = msg('campaigns.audiencesNotOfWebsite');
export const TAG_UNKNOWN_MESSAGE = msg('campaigns.tagNotOfWebsite');
export const WORKSPACE_UNKNOWN_MESSAGE = msg('campaigns.workspaceNotOfWebsite');
export const GROUPS_REQUIRED_MESSAGE = msg('validation.groupsRequired');
export const AUDIENCES_REQUIRED_MESSAGE = msg('validation.audiencesRequired');

/** An optional id of the active website's tag / workspace (null = none). */
const optionalId = (message: string) => z.string().uuid(message).nullable().default(null);

/**
 * An image or link address: an uploaded file (`/uploads/…` or the absolute URL POST /api/upload
 * answered) or any http(s) URL. Empty string = none. `javascript:` and other schemes are refused
 * because visitors' browsers will follow them.
 */
export const URL_MESSAGE = msg('validation.urlInvalid');
export const urlOrEmptySchema = z
  .string()
  .trim()
  .max(LIMITS.urlMax, msg('validation.urlTooLong'))
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/uploads\/[A-Za-z0-9._-]+$/.test(v), URL_MESSAGE)
  .default('');

export const color = (fallback: string) =>
  z
    .string()
    .trim()
    .regex(HEX_COLOR, msg('validation.colorInvalid'))
    // No lower-casing transform: these schemas also describe responses, which zod must encode.
    .default(fallback);

/** A required text: its "please enter" code, its "too long" code and its limit. */
export const title = (required: MessageCode, tooLong: MessageCode, max: number = LIMITS.titleMax) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** Fields every campaign item has for targeting and organisation. */
/** Individual people (client member ids of the active website) an item is also shown to, whatever its target. */
export const listOfAudienceSchema = z
  .array(z.string().uuid(msg('campaigns.peopleNotOfWebsite')))
  .max(LIMITS.popupPeopleMax)
  .default([]);

export const targetingShape = {
  target: z.enum(CAMPAIGN_TARGETS).default('all'),
  /** Group ids of the active website. */
  groups: idList(GROUP_UNKNOWN_MESSAGE),
  /** Saved audience (segment) ids of the active website. */
  audiences: idList(AUDIENCE_UNKNOWN_MESSAGE),
  /** The item's own audience rule, built with the audiences screen's rule builder. */
  dynamicAudience: dynamicAudienceSchema.default(emptyAudience),
  tag: optionalId(TAG_UNKNOWN_MESSAGE),
  workspace: optionalId(WORKSPACE_UNKNOWN_MESSAGE),
};

/** A new item's targeting (defaults): everyone, no tag, in `workspace`. */
export const defaultTargeting = (workspace: string | null) => ({
  target: 'all' as const,
  groups: [],
  audiences: [],
  dynamicAudience: emptyAudience(),
  tag: null,
  workspace,
});

// ---------------------------------------------------------------------------------------------
// Popup
// ---------------------------------------------------------------------------------------------

export const POPUP_FORMATS = ['small', 'medium', 'large'] as const;
export type PopupFormat = (typeof POPUP_FORMATS)[number];
/** Format small, medium or large sets width 335, 410 or 500 px. */
export const POPUP_WIDTHS: Record<PopupFormat, number> = { small: 335, medium: 410, large: 500 };

/** Where the popup shows in the visitor's window: top/center/bottom × Left/Center/Right (default topR). */
export const POPUP_POSITIONS = ['topL', 'topC', 'topR', 'centerL', 'center', 'centerR', 'bottomL', 'bottomC', 'bottomR'] as const;
export type PopupPosition = (typeof POPUP_POSITIONS)[number];

/** How visitors may reply to a popup (`replayType`, default text): a text comment, emojis, or not at all. */
export const POPUP_REPLAY_TYPES = ['text', 'emoji', 'none'] as const;
export type PopupReplayType = (typeof POPUP_REPLAY_TYPES)[number];

export const POPUP_FONT_FAMILIES = ['Poppins', 'Inter', 'Roboto', 'Arial', 'Georgia', 'Cairo'] as const;
export const POPUP_FONT_WEIGHTS = ['300', '400', '500', '600', '700'] as const;

/** The editor's fields and their bounds. */
export const POPUP_MAX_PAGES = LIMITS.popupMaxPages;
export const POPUP_MIN_PAGES = LIMITS.popupMinPages;
export const POPUP_MAX_BLOCKS = LIMITS.popupMaxBlocks;
/** Display time: the server holds milliseconds, the screen shows seconds (1..60 by steps of 1, default 15). */
export const DISPLAY_TIME_MIN_MS = LIMITS.displaySecondsMin * 1000;
export const DISPLAY_TIME_MAX_MS = LIMITS.displaySecondsMax * 1000;
export const DISPLAY_TIME_STEP_MS = 1000;
export const DISPLAY_TIME_DEFAULT_MS = 15000;
/** Longest a popup may run, in days (0 = until cancelled). */
export const POPUP_MAX_DURATION_DAYS = LIMITS.popupMaxDurationDays;
/** Whether a closed popup comes back: never, the next UTC day, always. */
export const POPUP_SHOW_AGAIN = ['never', 'daily', 'always'] as const;
export type PopupShowAgain = (typeof POPUP_SHOW_AGAIN)[number];

export const POPUP_MAX_PAGES_MESSAGE = msg('validation.pagesTooMany');
export const POPUP_MIN_PAGES_MESSAGE = msg('validation.pagesTooFew');
export const POPUP_MIN_BLOCKS_MESSAGE = msg('validation.blocksTooFew');
export const DISPLAY_TIME_MESSAGE = msg('validation.displaySecondsRange');
export const DISPLAY_TIME_STEP_MESSAGE = msg('validation.displaySecondsStep');

export const QUESTION_TYPES = ['text', 'choice', 'multiple'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

const blockId = z.string().trim().min(1).max(LIMITS.blockIdMax);

export const textBlockSchema = z.object({
  id: blockId,
  kind: z.literal('text'),
  text: z.string().max(LIMITS.contentMax, msg('validation.textTooLong')).default(''),
  align: z.enum(['start', 'center', 'end']).default('start'),
});
export const imageBlockSchema = z.object({
  id: blockId,
  kind: z.literal('image'),
  url: urlOrEmptySchema.refine((v) => v !== '', msg('validation.imageRequired')),
  alt: z.string().trim().max(LIMITS.imageAltMax).default(''),
});
/** A button: opens `url`, goes to the next page, or closes the popup. */
export const buttonBlockSchema = z.object({
  id: blockId,
  kind: z.literal('button'),
  label: title(msg('validation.labelRequired'), msg('validation.labelTooLong'), LIMITS.labelMax),
  action: z.enum(['link', 'next', 'close']).default('close'),
  url: urlOrEmptySchema,
  color: color(ACCESSIBLE_BRAND_COLOR),
});
/** A form question; its answers are exported by GET /api/export/{id}. `options` for choice types. */
export const questionBlockSchema = z
  .object({
    id: blockId,
    kind: z.literal('question'),
    question: title(msg('validation.questionRequired'), msg('validation.questionTooLong'), LIMITS.questionMax),
    type: z.enum(QUESTION_TYPES).default('text'),
    options: z
      .array(z.string().trim().min(1, msg('validation.optionRequired')).max(LIMITS.optionMax))
      .max(LIMITS.optionsMax, msg('validation.optionsTooMany'))
      .default([]),
    required: z.boolean().default(false),
  })
  .superRefine((b, ctx) => {
    if (b.type !== 'text' && b.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: msg('validation.optionsTooFew') });
  });
/** Emoji reactions the visitor may give (defaults to the popup's emojis when empty). */
export const emojisBlockSchema = z.object({
  id: blockId,
  kind: z.literal('emojis'),
  emojis: z.array(z.string().min(1).max(LIMITS.emojiMax)).max(MAX_EMOJIS).default([]),
});

export const POPUP_BLOCK_KINDS = ['text', 'image', 'button', 'question', 'emojis'] as const;
export type PopupBlockKind = (typeof POPUP_BLOCK_KINDS)[number];

export const popupBlockSchema = z.discriminatedUnion('kind', [textBlockSchema, imageBlockSchema, buttonBlockSchema, questionBlockSchema, emojisBlockSchema]);
export type PopupBlock = z.infer<typeof popupBlockSchema>;
export type PopupBlockInput = z.input<typeof popupBlockSchema>;

/** One content page (spec: pages each with `id` and a `content` list of blocks). */
export const popupContentPageSchema = z.object({
  id: blockId,
  content: z
    .array(popupBlockSchema, { error: POPUP_MIN_BLOCKS_MESSAGE })
    .min(1, POPUP_MIN_BLOCKS_MESSAGE)
    .max(POPUP_MAX_BLOCKS, msg('validation.blocksTooMany')),
});
export type PopupContentPage = z.infer<typeof popupContentPageSchema>;

export const popupTitleSchema = z.object({
  label: title(msg('validation.titleRequired'), msg('validation.titleTooLong')),
  fontSize: z
    .number({ error: msg('validation.numberRequired') })
    .int()
    .min(LIMITS.fontSizeMin, msg('validation.fontSizeRange'))
    .max(LIMITS.fontSizeMax, msg('validation.fontSizeRange'))
    .default(15),
  fontFamily: z.enum(POPUP_FONT_FAMILIES).default('Poppins'),
  fontWeight: z.enum(POPUP_FONT_WEIGHTS).default('600'),
  color: color('#1f1f1f'),
});

export const popupRulesSchema = z.object({
  /** Milliseconds (the screen shows seconds). */
  displayTime: z
    .number({ error: DISPLAY_TIME_MESSAGE })
    .int(DISPLAY_TIME_STEP_MESSAGE)
    .min(DISPLAY_TIME_MIN_MS, DISPLAY_TIME_MESSAGE)
    .max(DISPLAY_TIME_MAX_MS, DISPLAY_TIME_MESSAGE)
    .multipleOf(DISPLAY_TIME_STEP_MS, DISPLAY_TIME_STEP_MESSAGE)
    .default(DISPLAY_TIME_DEFAULT_MS),
  /**
   * Whether a popup the visitor closed comes back (the website script's replay rule): never, the next
   * UTC day, or on every page.
   */
  showAgain: z.enum(POPUP_SHOW_AGAIN).default('never'),
});

/** The popup document: POST /api/popups and PUT /api/popups/{id} bodies, and what GET answers (plus meta). */
export const popupDocumentSchema = z.object({
  titleOfPopup: popupTitleSchema,
  /** The pages (1..5), each with at least one block. Field errors: `content` and `content.{i}.content`. */
  content: z
    .array(popupContentPageSchema, { error: POPUP_MIN_PAGES_MESSAGE })
    .min(POPUP_MIN_PAGES, POPUP_MIN_PAGES_MESSAGE)
    .max(POPUP_MAX_PAGES, POPUP_MAX_PAGES_MESSAGE),
  format: z.enum(POPUP_FORMATS).default('medium'),
  position: z.enum(POPUP_POSITIONS).default('topR'),
  status: z.enum(CAMPAIGN_STATUSES).default('public'),
  priority: z.enum(CAMPAIGN_PRIORITIES).default('normal'),
  devices: z.enum(CAMPAIGN_DEVICES).default('all'),
  replayType: z.enum(POPUP_REPLAY_TYPES).default('text'),
  popupBackground: color('#ffffff'),
  popupBackgroundImage: urlOrEmptySchema,
  emojis: z
    .array(z.string().min(1).max(LIMITS.emojiMax))
    .min(1, msg('validation.emojisRequired'))
    .max(MAX_EMOJIS)
    .default([...DEFAULT_EMOJIS]),
  rules: popupRulesSchema.default({ displayTime: DISPLAY_TIME_DEFAULT_MS, showAgain: 'never' }),
  goal: z.enum(CAMPAIGN_GOALS).default('none'),
  /** Days the popup runs after it is published; 0 = until cancelled. */
  duration: z
    .number({ error: msg('validation.numberRequired') })
    .int()
    .min(0)
    .max(POPUP_MAX_DURATION_DAYS, msg('validation.durationDaysTooMany'))
    .default(0),
  /** The page rule (page-rule.ts): the path and hash where the popup shows, exactly or with `*`; empty = every page. */
  href: z
    .string()
    .trim()
    .max(LIMITS.urlMax, msg('validation.urlTooLong'))
    .refine((rule) => parsePageRule(rule) !== null, msg('validation.pageRuleNeverMatches'))
    .default(''),
  /**
   * Individual people (client member ids) it is also shown to, whatever the target; the server checks
   * they are people of the active website.
   */
  listOfAudience: listOfAudienceSchema,
  ...targetingShape,
});
export type PopupDocument = z.infer<typeof popupDocumentSchema>;
export type PopupDocumentInput = z.input<typeof popupDocumentSchema>;

/** A new block of a kind, as the editor inserts it. */
export function defaultBlock(kind: PopupBlockKind, id: string): PopupBlock {
  switch (kind) {
    case 'text':
      return { id, kind, text: '', align: 'start' };
    case 'image':
      return { id, kind, url: '', alt: '' };
    case 'button':
      return { id, kind, label: 'OK', action: 'close', url: '', color: ACCESSIBLE_BRAND_COLOR };
    case 'question':
      return { id, kind, question: '', type: 'text', options: [], required: false };
    case 'emojis':
      return { id, kind, emojis: [] };
  }
}

let idCounter = 0;
/** A short id for a new page or block, unique within one document. */
export function newContentId(prefix: 'p' | 'b'): string {
  idCounter += 1;
  return `${prefix}${Date.now().toString(36)}${idCounter.toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The document the popup editor starts from (defaults), in `workspace` (the create route id). */
export function defaultPopup(workspace: string | null = null): PopupDocument {
  return {
    titleOfPopup: { label: '', fontSize: 15, fontFamily: 'Poppins', fontWeight: '600', color: '#1f1f1f' },
    content: [{ id: newContentId('p'), content: [defaultBlock('text', newContentId('b'))] }],
    format: 'medium',
    position: 'topR',
    status: 'public',
    priority: 'normal',
    devices: 'all',
    replayType: 'text',
    popupBackground: '#ffffff',
    popupBackgroundImage: '',
    emojis: [...DEFAULT_EMOJIS],
    rules: { displayTime: DISPLAY_TIME_DEFAULT_MS, showAgain: 'never' },
    goal: 'none',
    duration: 0,
    href: '',
    listOfAudience: [],
    ...defaultTargeting(workspace),
  };
}

// ---------------------------------------------------------------------------------------------
// Banner
// ---------------------------------------------------------------------------------------------

export const BANNER_TARGET_DEVICES = ['web', 'mobile', 'all'] as const;
export const BANNER_STYLES = ['inline', 'floating'] as const;
export type BannerStyle = (typeof BANNER_STYLES)[number];
export const BANNER_POSITIONS = ['top', 'bottom'] as const;
export type BannerPosition = (typeof BANNER_POSITIONS)[number];

export const bannerSettingsSchema = z.object({
  priority: z.enum(CAMPAIGN_PRIORITIES).default('normal'),
  backgroundColor: color(ACCESSIBLE_BRAND_COLOR),
  targetDevice: z.enum(BANNER_TARGET_DEVICES).default('web'),
  bannerStyle: z.enum(BANNER_STYLES).default('inline'),
  bannerPosition: z.enum(BANNER_POSITIONS).default('top'),
});

export const BANNER_ACTION_TYPES = ['none', 'url', 'reactions'] as const;
export type BannerActionType = (typeof BANNER_ACTION_TYPES)[number];

export const bannerActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }),
  z.object({
    type: z.literal('url'),
    urlText: title(msg('validation.urlTextRequired'), msg('validation.urlTextTooLong'), LIMITS.labelMax),
    url: urlOrEmptySchema.refine((v) => v !== '', msg('validation.linkUrlRequired')),
    isUrlOpenedInNewTab: z.boolean().default(true),
    closeBannerOnClick: z.boolean().default(false),
  }),
  z.object({
    type: z.literal('reactions'),
    reactionsList: z
      .array(z.string().min(1).max(LIMITS.emojiMax))
      .min(1, msg('validation.reactionsRequired'))
      .max(MAX_EMOJIS)
      .default([...DEFAULT_EMOJIS]),
    closeBannerOnClick: z.boolean().default(false),
  }),
]);
export type BannerAction = z.infer<typeof bannerActionSchema>;

export const bannerDocumentSchema = z.object({
  titleOfBanner: title(msg('validation.titleRequired'), msg('validation.titleTooLong')),
  content: requiredText(msg('validation.contentRequired'), LIMITS.contentMax, msg('validation.contentTooLong')),
  settings: bannerSettingsSchema.default({
    priority: 'normal',
    backgroundColor: ACCESSIBLE_BRAND_COLOR,
    targetDevice: 'web',
    bannerStyle: 'inline',
    bannerPosition: 'top',
  }),
  showSender: z.boolean().default(false),
  dismissButton: z.boolean().default(true),
  actions: bannerActionSchema.default({ type: 'none' }),
  status: z.enum(CAMPAIGN_STATUSES).default('public'),
  ...targetingShape,
});
export type BannerDocument = z.infer<typeof bannerDocumentSchema>;
export type BannerDocumentInput = z.input<typeof bannerDocumentSchema>;

export function defaultBanner(workspace: string | null = null): BannerDocument {
  return {
    titleOfBanner: '',
    content: '',
    settings: { priority: 'normal', backgroundColor: ACCESSIBLE_BRAND_COLOR, targetDevice: 'web', bannerStyle: 'inline', bannerPosition: 'top' },
    showSender: false,
    dismissButton: true,
    actions: { type: 'none' },
    status: 'public',
    ...defaultTargeting(workspace),
  };
}

// ---------------------------------------------------------------------------------------------
// Push notification
// ---------------------------------------------------------------------------------------------

export const PUSH_ACTION_TARGETS = ['_blank', '_self'] as const;
/** Seconds a push notification stays on screen. */
export const PUSH_DURATION_MIN = LIMITS.pushDurationMin;
export const PUSH_DURATION_MAX = LIMITS.pushDurationMax;
export const PUSH_DURATION_DEFAULT = 10;

export const pushNotificationDocumentSchema = z.object({
  /** The campaign's name in the console (the list's Title). */
  push_notification_title: title(msg('validation.pushNotificationTitleRequired'), msg('validation.pushNotificationTitleTooLong')),
  /** What the visitor reads. */
  title: title(msg('validation.titleRequired'), msg('validation.shortTitleTooLong'), LIMITS.shortTitleMax),
  body: requiredText(msg('validation.pushBodyRequired'), LIMITS.pushBodyMax, msg('validation.pushBodyTooLong')),
  /** An uploaded image (POST /api/upload) or an http(s) URL; empty = the website's default. */
  icon: urlOrEmptySchema,
  action: z
    .object({
      url: urlOrEmptySchema,
      target: z.enum(PUSH_ACTION_TARGETS).default('_blank'),
    })
    .default({ url: '', target: '_blank' }),
  devices: z.enum(CAMPAIGN_DEVICES).default('all'),
  /** Whether the notification plays its sound. */
  audio: z.boolean().default(false),
  /** Seconds on screen. */
  duration: z
    .number({ error: msg('validation.numberRequired') })
    .int()
    .min(PUSH_DURATION_MIN, msg('validation.pushDurationRange'))
    .max(PUSH_DURATION_MAX, msg('validation.pushDurationRange'))
    .default(PUSH_DURATION_DEFAULT),
  /** One group of the active website (null = no group restriction). */
  group: optionalId(GROUP_UNKNOWN_MESSAGE),
  /** One saved audience (segment) of the active website (null = none). */
  audience: optionalId(AUDIENCE_UNKNOWN_MESSAGE),
  goal: z.enum(CAMPAIGN_GOALS).default('none'),
  tag: optionalId(TAG_UNKNOWN_MESSAGE),
  workspace: optionalId(WORKSPACE_UNKNOWN_MESSAGE),
  status: z.enum(CAMPAIGN_STATUSES).default('public'),
});
export type PushNotificationDocument = z.infer<typeof pushNotificationDocumentSchema>;
export type PushNotificationDocumentInput = z.input<typeof pushNotificationDocumentSchema>;

export function defaultPushNotification(workspace: string | null = null): PushNotificationDocument {
  return {
    push_notification_title: '',
    title: '',
    body: '',
    icon: '',
    action: { url: '', target: '_blank' },
    devices: 'all',
    audio: false,
    duration: PUSH_DURATION_DEFAULT,
    group: null,
    audience: null,
    goal: 'none',
    tag: null,
    workspace,
    status: 'public',
  };
}

// ---------------------------------------------------------------------------------------------
// Saved items (what GET /{id}, create, update, duplicate and cancel answer)
// ---------------------------------------------------------------------------------------------

/** Server-owned fields of a saved item. `sender` is the author (null once their account is gone). */
export const savedMeta = {
  _id: z.string(),
  sender: z.object({ _id: z.string(), name: z.string() }).nullable(),
  reactCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The author has changes the visitors do not see yet (a live item's draft): Publish or Discard them. */
  hasDraft: z.boolean(),
  /** A scheduled item's window (ISO instants; `endsAt` null: no end). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** When the item last went live (null: never published). */
  publishedAt: z.string().nullable(),
};

export const popupSchema = popupDocumentSchema.extend(savedMeta);
export type Popup = z.infer<typeof popupSchema>;
export const bannerSchema = bannerDocumentSchema.extend(savedMeta);
export type Banner = z.infer<typeof bannerSchema>;
export const pushNotificationSchema = pushNotificationDocumentSchema.extend(savedMeta);
export type PushNotification = z.infer<typeof pushNotificationSchema>;

/**
 * Answers of the calls, identical for /api/popups and /api/banners:
 *   POST   /api/popups                 body PopupBody                → 201 { message, data: Popup }
 *   GET    /api/popups                 query PopupListQuery          → 200 CampaignPage
 *   GET    /api/popups/{id}                                          → 200 { data: Popup }
 *   PUT    /api/popups/{id}            body PopupBody                → 200 { message, data: Popup }
 *   DELETE /api/popups/{id}                                          → 200 { message }
 *   PUT    /api/popups/duplicate/{id}  no body                       → 201 { message, data: Popup } (the copy)
 *   DELETE /api/popups/cancel/{id}     no body                       → 200 { message, data: Popup } (status cancelled)
 *   DELETE /api/popups                 body { popups: [ids] }        → 200 { message } (all or nothing)
 *   GET    /api/popups/{id}/comments   query page, pageSize          → 200 CommentPage
 *   GET    /api/popups/{id}/reacts     query page, pageSize, emoji   → 200 ReactPage
 *   GET    /api/popups/{id}/count-reacts                             → 200 CountReacts
 * Push notifications (/api/push-notification): POST (201), GET list, GET /{id}, PUT with `_id` in the
 * body (pushNotificationUpdateBodySchema), DELETE with body { notifications: [ids] } (one or many),
 * PATCH /cancel/{id} (200), PUT /duplicate/{id} (201). No comments or reactions for push.
 * Validation failures answer 400 { message, errors: { 'content.2.content': '…' } } and change nothing.
 */
export const popupResponseSchema = z.object({ data: popupSchema });
export const bannerResponseSchema = z.object({ data: bannerSchema });
export const pushNotificationResponseSchema = z.object({ data: pushNotificationSchema });
export const popupSavedResponseSchema = z.object({ message: z.string(), data: popupSchema });
export const bannerSavedResponseSchema = z.object({ message: z.string(), data: bannerSchema });
export const pushNotificationSavedResponseSchema = z.object({ message: z.string(), data: pushNotificationSchema });

/**
 * Request bodies. Create and update send the whole document (the editor holds it all) except its
 * status: status is an action, not a field. A new item is `public` (the
 * popup default), an update keeps the stored status, and only the cancel call changes it; a
 * `status` sent in a body is dropped, so `update_*` can neither cancel nor revive an item.
 */
export const popupBodySchema = popupDocumentSchema.omit({ status: true });
export type PopupBody = z.input<typeof popupBodySchema>;
export const bannerBodySchema = bannerDocumentSchema.omit({ status: true });
export type BannerBody = z.input<typeof bannerBodySchema>;
export const pushNotificationBodySchema = pushNotificationDocumentSchema.omit({ status: true });
export type PushNotificationBody = z.input<typeof pushNotificationBodySchema>;
/** The status of a newly created item (unless the author saves it as a draft). */
export const CREATED_STATUS: CampaignStatus = 'public';

// ---------------------------------------------------------------------------------------------
// Lifecycle: statuses change only through actions (publish, schedule, cancel); each publish stores a
// version; editing a live item changes its draft, not what visitors see, until the next publish.
// ---------------------------------------------------------------------------------------------

/** POST /api/{kind}?draft=true: "Save as draft" (the item is created without going live). */
export const campaignCreateQuerySchema = z.object({ draft: z.enum(['true', 'false']).optional() });
export type CampaignCreateQuery = z.input<typeof campaignCreateQuerySchema>;

const instant = (required: MessageCode) => z.iso.datetime({ offset: true, error: required });
/**
 * PUT /api/{kind}/schedule/{id}: the item goes live at `startsAt` and stops at `endsAt` (optional).
 * Instants carry their offset: the console turns the website's local time into one.
 */
export const campaignScheduleBodySchema = z
  .object({
    startsAt: instant(msg('validation.scheduleStartRequired')),
    endsAt: instant(msg('validation.scheduleEndInvalid')).nullable().optional(),
  })
  .refine((b) => !b.endsAt || Date.parse(b.endsAt) > Date.parse(b.startsAt), { path: ['endsAt'], message: msg('validation.scheduleEndBeforeStart') });
export type CampaignScheduleBody = z.input<typeof campaignScheduleBodySchema>;

/** One published version of an item: its number, who published it and when, which fields changed. */
export const campaignVersionSchema = z.object({
  number: z.number().int(),
  createdAt: z.string(),
  author: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** The document's fields that differ from the previous version (empty for the first). */
  summary: z.array(z.string()),
  /** The version visitors are served now (the newest, while the item is public or scheduled). */
  live: z.boolean(),
});
export type CampaignVersion = z.infer<typeof campaignVersionSchema>;
/** GET /api/{kind}/{id}/versions: newest first. */
export const campaignVersionsResponseSchema = z.object({ data: z.array(campaignVersionSchema) });
/** PUT /api/{kind}/{id}/versions/{number}/restore. */
export const versionParamSchema = z.object({ id: z.string().uuid(), number: z.coerce.number().int().min(1).max(1_000_000) });
/**
 * PUT /api/push-notification: the public path has no id (like PUT /api/segment), so the body carries
 * `_id` beside the document.
 */
export const pushNotificationUpdateBodySchema = pushNotificationBodySchema.extend({ _id: z.string().uuid(msg('pushNotifications.notFound')) });
export type PushNotificationUpdateBody = z.input<typeof pushNotificationUpdateBodySchema>;

/**
 * A bulk delete's body: the ids under the kind's list name (`{ popups: ids }`); each kind's descriptor
 * (content-kinds.ts) names its list, and an unknown id reports the kind's not-found message.
 */
export const bulkDeleteSchema = <F extends string>(field: F, notFound: MessageCode) =>
  z.object({ [field]: bulkIds(notFound) } as Record<F, ReturnType<typeof bulkIds>>);

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export const filterText = z.string().trim().max(LIMITS.filterTextMax).optional();
const filterId = z.string().uuid().optional();
/** Filters of every list: status, the author (user id, as GET /api/admin/senders lists them), tag, workspace. */
export const commonFilters = { status: z.enum(CAMPAIGN_STATUSES).optional(), sender: filterId, tag: filterId, workSpace: filterId };
/** Filters of the kinds that sit somewhere on the page (popups, banners): their style, position and priority, and the common ones. */
const placedFilters = <S extends readonly [string, ...string[]], P extends readonly [string, ...string[]]>(styles: S, positions: P) => ({
  style: z.enum(styles).optional(),
  position: z.enum(positions).optional(),
  priority: z.enum(CAMPAIGN_PRIORITIES).optional(),
  ...commonFilters,
});

/** GET /api/popups (spec: page, pageSize, titleOfBanner-like title filter, style, status, position, priority, sender, tag, workSpace). */
export const popupListQuerySchema = pageQuerySchema.extend({
  /** Title contains (case-insensitive). Named after the document field. */
  titleOfPopup: filterText,
  /** `style` is the popup format. */
  ...placedFilters(POPUP_FORMATS, POPUP_POSITIONS),
});
export type PopupListQuery = z.input<typeof popupListQuerySchema>;

/** GET /api/banners: the parameters existing clients send, exactly. */
export const bannerListQuerySchema = pageQuerySchema.extend({ titleOfBanner: filterText, ...placedFilters(BANNER_STYLES, BANNER_POSITIONS) });
export type BannerListQuery = z.input<typeof bannerListQuerySchema>;

/** GET /api/push-notification: `title` searches push_notification_title; `devices` stands for style. */
export const pushNotificationListQuerySchema = pageQuerySchema.extend({
  title: filterText,
  devices: z.enum(CAMPAIGN_DEVICES).optional(),
  ...commonFilters,
});
export type PushNotificationListQuery = z.input<typeof pushNotificationListQuerySchema>;

const namedRef = z.object({ _id: z.string(), name: z.string() });
export const tagRefSchema = z.object({ _id: z.string(), name: z.string(), color: z.string() });

/**
 * One list row (popup columns: Id, Title, Sender, Domain, Position, Status, Priority,
 * Groups, Audiences, Tag, Devices, Created at). Banners and push use the same row; `position` is the
 * banner position (null for push), `style` the popup format / banner style (null for push).
 */
export const campaignRowSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** Author's name (null when the account is gone). */
  sender: z.string().nullable(),
  /** The website's domain. */
  domain: z.string(),
  position: z.string().nullable(),
  status: z.enum(CAMPAIGN_STATUSES),
  priority: z.string().nullable(),
  style: z.string().nullable(),
  groups: z.array(namedRef),
  audiences: z.array(namedRef),
  tag: tagRefSchema.nullable(),
  workspace: z.string().nullable(),
  devices: z.string().nullable(),
  reactCount: z.number().int(),
  commentCount: z.number().int(),
  createdAt: z.string(),
  /** Unpublished changes beside the live version. */
  hasDraft: z.boolean(),
  /** A scheduled item's window (ISO instants). */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type CampaignRow = z.infer<typeof campaignRowSchema>;
export const campaignPageSchema = pagedSchema(campaignRowSchema);
export const popupPageSchema = campaignPageSchema;
export const bannerPageSchema = campaignPageSchema;
export const pushNotificationPageSchema = campaignPageSchema;
export type CampaignPage = z.infer<typeof campaignPageSchema>;

// ---------------------------------------------------------------------------------------------
// Comments, reactions, export, upload
// ---------------------------------------------------------------------------------------------

/** GET /api/{popups|banners}/{id}/comments: paging, newest first. */
export const commentListQuerySchema = pageQuerySchema;
/** `visitorName`: the person's name (else their member id) once `identify` linked the visitor; null while anonymous. */
export const commentSchema = z.object({ _id: z.string(), visitorId: z.string(), visitorName: z.string().nullable(), body: z.string(), createdAt: z.string() });
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = pagedSchema(commentSchema);

/** GET /api/{popups|banners}/{id}/reacts: paging and the emoji filter. */
export const reactListQuerySchema = pageQuerySchema.extend({ emoji: z.string().min(1).max(LIMITS.emojiMax).optional() });
export type ReactListQuery = z.input<typeof reactListQuerySchema>;
export const reactSchema = z.object({ _id: z.string(), visitorId: z.string(), visitorName: z.string().nullable(), emoji: z.string(), createdAt: z.string() });
export type Reaction = z.infer<typeof reactSchema>;
export const reactPageSchema = pagedSchema(reactSchema);

/** GET /api/{popups|banners}/{id}/count-reacts: one count per emoji given (most given first) and the total. */
export const countReactsResponseSchema = z.object({
  data: z.array(z.object({ emoji: z.string(), count: z.number().int() })),
  total: z.number().int(),
});
export type CountReacts = z.infer<typeof countReactsResponseSchema>;

/** GET /api/export/{id}: the spreadsheet's file name and columns (one row per answer). */
export const exportFileName = (id: string) => `form_answers_${id}.xlsx`;
export const EXPORT_COLUMNS = ['Date', 'Visitor', 'Question', 'Answer'] as const;

/** Image types POST /api/upload accepts (checked on the file's bytes). SVG is refused: it can carry script. */
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const UPLOAD_DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
/** The multipart field name of the file. */
export const UPLOAD_FIELD = 'file';

/** POST /api/upload answers 201 with this (only 201 counts as success). */
export const uploadResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    _id: z.string(),
    /** Absolute URL of the stored file, to put in `icon`, `popupBackgroundImage` or an image block. */
    url: z.string(),
    mimeType: z.string(),
    size: z.number().int(),
    originalName: z.string(),
  }),
});
export type UploadResponse = z.infer<typeof uploadResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Messages (spelt as the console has always shown them) and the server's success messages
// ---------------------------------------------------------------------------------------------

export const UPLOAD_SUCCESS_MESSAGE = msg('images.uploaded');
export const UPLOAD_FAILURE_MESSAGE = msg('images.uploadFailed');
export const UPLOAD_TYPE_MESSAGE = msg('images.typeNotAccepted');
export const UPLOAD_TOO_LARGE_MESSAGE = msg('images.tooLarge');
export const UPLOAD_MISSING_MESSAGE = msg('validation.imageFileRequired');
export const UPLOAD_UNREADABLE_MESSAGE = msg('images.unreadable');
export const UPLOAD_PIXELS_MESSAGE = msg('images.tooManyPixels');
export const UPLOAD_QUOTA_MESSAGE = msg('images.storageFull');
export const UPLOAD_FILE_NAME_MESSAGE = msg('images.fileNameInvalid');
/** A body that says it is multipart but does not parse as one (no boundary, a truncated part). */
export const UPLOAD_MALFORMED_MESSAGE = msg('images.malformedUpload');
/** Per-organisation storage for uploaded images, when UPLOAD_QUOTA_BYTES_PER_ORGANISATION does not say. */
export const UPLOAD_DEFAULT_QUOTA_BYTES = 100 * 1024 * 1024;
/** Largest decoded image (width × height, all frames of an animation together), when UPLOAD_MAX_PIXELS does not say. */
export const UPLOAD_DEFAULT_MAX_PIXELS = 40_000_000;
export const EXPORT_EMPTY_MESSAGE = msg('campaigns.noSurveysFound');
export const POPUP_CREATE_FAILED_MESSAGE = msg('popups.createFailed');
export const POPUP_UPDATE_FAILED_MESSAGE = msg('popups.manyUpdateFailed');
export const POPUP_UPDATE_ERROR_MESSAGE = msg('popups.updateFailed');
export const BANNER_UPDATE_FAILED_MESSAGE = msg('banners.updateFailed');
export const PUSH_CREATE_FAILED_MESSAGE = msg('pushNotifications.createFailed');
export const PUSH_UPDATE_FAILED_MESSAGE = msg('pushNotifications.updateFailed');
export const BLOCK_REMOVED_MESSAGE = msg('campaigns.blockRemoved');

export const POPUP_NOT_FOUND_MESSAGE = msg('popups.notFound');
export const BANNER_NOT_FOUND_MESSAGE = msg('banners.notFound');
export const PUSH_NOT_FOUND_MESSAGE = msg('pushNotifications.notFound');

export const POPUP_CREATED_MESSAGE = msg('popups.created');
export const POPUP_UPDATED_MESSAGE = msg('popups.updated');
export const POPUP_DELETED_MESSAGE = msg('popups.deleted');
export const POPUPS_DELETED_MESSAGE = msg('popups.manyDeleted');
export const POPUP_DUPLICATED_MESSAGE = msg('popups.duplicated');
export const POPUP_CANCELLED_MESSAGE = msg('popups.cancelled');
export const BANNER_CREATED_MESSAGE = msg('banners.created');
export const BANNER_UPDATED_MESSAGE = msg('banners.updated');
export const BANNER_DELETED_MESSAGE = msg('banners.deleted');
export const BANNERS_DELETED_MESSAGE = msg('banners.manyDeleted');
export const BANNER_DUPLICATED_MESSAGE = msg('banners.duplicated');
export const BANNER_CANCELLED_MESSAGE = msg('banners.cancelled');
export const PUSH_CREATED_MESSAGE = msg('pushNotifications.created');
export const PUSH_UPDATED_MESSAGE = msg('pushNotifications.updated');
export const PUSH_DELETED_MESSAGE = msg('pushNotifications.manyDeleted');
export const PUSH_DUPLICATED_MESSAGE = msg('pushNotifications.duplicated');
export const PUSH_CANCELLED_MESSAGE = msg('pushNotifications.cancelled');
export const POPUP_PUBLISHED_MESSAGE = msg('popups.published');
export const POPUP_SCHEDULED_MESSAGE = msg('popups.scheduled');
export const POPUP_DRAFT_DISCARDED_MESSAGE = msg('popups.draftDiscarded');
export const POPUP_VERSION_RESTORED_MESSAGE = msg('popups.versionRestored');
export const BANNER_PUBLISHED_MESSAGE = msg('banners.published');
export const BANNER_SCHEDULED_MESSAGE = msg('banners.scheduled');
export const BANNER_DRAFT_DISCARDED_MESSAGE = msg('banners.draftDiscarded');
export const BANNER_VERSION_RESTORED_MESSAGE = msg('banners.versionRestored');
export const PUSH_PUBLISHED_MESSAGE = msg('pushNotifications.published');
export const PUSH_SCHEDULED_MESSAGE = msg('pushNotifications.scheduled');
export const PUSH_DRAFT_DISCARDED_MESSAGE = msg('pushNotifications.draftDiscarded');
export const PUSH_VERSION_RESTORED_MESSAGE = msg('pushNotifications.versionRestored');
export const VERSION_NOT_FOUND_MESSAGE = msg('campaigns.versionNotFound');
