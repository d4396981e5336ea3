import type { z } from 'zod';
import { defineCall } from './call';
import {
  BANNER_CANCELLED_MESSAGE,
  BANNER_CREATED_MESSAGE,
  BANNER_DELETED_MESSAGE,
  BANNER_DRAFT_DISCARDED_MESSAGE,
  BANNER_DUPLICATED_MESSAGE,
  BANNER_NOT_FOUND_MESSAGE,
  BANNER_PUBLISHED_MESSAGE,
  BANNER_SCHEDULED_MESSAGE,
  BANNER_UPDATED_MESSAGE,
  BANNER_VERSION_RESTORED_MESSAGE,
  BANNERS_DELETED_MESSAGE,
  POPUP_CANCELLED_MESSAGE,
  POPUP_CREATED_MESSAGE,
  POPUP_DELETED_MESSAGE,
  POPUP_DRAFT_DISCARDED_MESSAGE,
  POPUP_DUPLICATED_MESSAGE,
  POPUP_NOT_FOUND_MESSAGE,
  POPUP_PUBLISHED_MESSAGE,
  POPUP_SCHEDULED_MESSAGE,
  POPUP_UPDATED_MESSAGE,
  POPUP_VERSION_RESTORED_MESSAGE,
  POPUPS_DELETED_MESSAGE,
  PUSH_CANCELLED_MESSAGE,
  PUSH_CREATED_MESSAGE,
  PUSH_DELETED_MESSAGE,
  PUSH_DRAFT_DISCARDED_MESSAGE,
  PUSH_DUPLICATED_MESSAGE,
  PUSH_NOT_FOUND_MESSAGE,
  PUSH_PUBLISHED_MESSAGE,
  PUSH_SCHEDULED_MESSAGE,
  PUSH_UPDATED_MESSAGE,
  PUSH_VERSION_RESTORED_MESSAGE,
  bannerBodySchema,
  bulkDeleteSchema,
  bannerDocumentSchema,
  bannerListQuerySchema,
  bannerResponseSchema,
  bannerSavedResponseSchema,
  popupBodySchema,
  popupDocumentSchema,
  popupListQuerySchema,
  popupResponseSchema,
  popupSavedResponseSchema,
  pushNotificationBodySchema,
  pushNotificationDocumentSchema,
  pushNotificationListQuerySchema,
  pushNotificationResponseSchema,
  pushNotificationSavedResponseSchema,
  pushNotificationUpdateBodySchema,
  type CampaignStatus,
} from './campaigns';
import { idParamSchema, pageQuerySchema } from './common';
import {
  EMAIL_CANCELLED_MESSAGE,
  EMAIL_CREATED_MESSAGE,
  EMAIL_DELETED_MESSAGE,
  EMAIL_DRAFT_DISCARDED_MESSAGE,
  EMAIL_DUPLICATED_MESSAGE,
  EMAIL_NOT_FOUND_MESSAGE,
  EMAIL_PUBLISHED_MESSAGE,
  EMAIL_SCHEDULED_MESSAGE,
  EMAIL_UPDATED_MESSAGE,
  EMAIL_VERSION_RESTORED_MESSAGE,
  EMAILS_DELETED_MESSAGE,
  emailBodySchema,
  emailDocumentSchema,
  emailListQuerySchema,
  emailResponseSchema,
  emailSavedResponseSchema,
} from './emails';
import { campaignCalls, campaignItemCalls, campaignUpdateDeleteCalls, kindAccess, KIND_CALL_ERRORS, type CampaignPermissionResource } from './kind-calls';
import type { MessageCode } from './messages';
import type { Permission } from './permissions';
import type { EventType } from './events';
import type { NavIconName } from './manifest';
import { scriptBannerSchema, scriptChecklistSchema, scriptPopupSchema, scriptPushSchema, scriptTourSchema } from './script-documents';
import {
  checklistBodySchema,
  checklistDocumentSchema,
  checklistListQuerySchema,
  checklistResponseSchema,
  checklistSavedResponseSchema,
  checklistStatsQuerySchema,
  checklistStatsResponseSchema,
  CHECKLIST_CANCELLED_MESSAGE,
  CHECKLIST_CREATED_MESSAGE,
  CHECKLIST_DELETED_MESSAGE,
  CHECKLIST_DRAFT_DISCARDED_MESSAGE,
  CHECKLIST_DUPLICATED_MESSAGE,
  CHECKLIST_NOT_FOUND_MESSAGE,
  CHECKLIST_PUBLISHED_MESSAGE,
  CHECKLIST_SCHEDULED_MESSAGE,
  CHECKLIST_UPDATED_MESSAGE,
  CHECKLIST_VERSION_RESTORED_MESSAGE,
  CHECKLISTS_DELETED_MESSAGE,
} from './checklists';
import {
  TOUR_CANCELLED_MESSAGE,
  TOUR_CREATED_MESSAGE,
  TOUR_DELETED_MESSAGE,
  TOUR_DRAFT_DISCARDED_MESSAGE,
  TOUR_DUPLICATED_MESSAGE,
  TOUR_NOT_FOUND_MESSAGE,
  TOUR_PUBLISHED_MESSAGE,
  TOUR_SCHEDULED_MESSAGE,
  TOUR_UPDATED_MESSAGE,
  TOUR_VERSION_RESTORED_MESSAGE,
  TOURS_DELETED_MESSAGE,
  tourBodySchema,
  tourCreateQuerySchema,
  tourDocumentSchema,
  tourListQuerySchema,
  tourResponseSchema,
  tourSavedResponseSchema,
  tourStatsResponseSchema,
} from './tours';

/**
 * Each kind of content (popup, banner, push notification; tours, checklists and e-mails next) is
 * declared ONCE, here, as data: its API path, permission resource, schemas, title and bulk-delete
 * names, list filters, whether it interrupts the visitor, its surface, the status it is created in,
 * its message codes, its console route and its calls. Everything else is derived from it:
 *
 *  - the API registers each kind's routes and binds its generic store from the descriptor
 *    (api/src/routes/campaigns, api/src/stores/campaigns.ts); the kind's server-only code (list
 *    columns, references) is keyed by the descriptor and typed from its document schema;
 *  - the OpenAPI document follows from the calls;
 *  - the console's shared list and view screens read their kind data from it (shared-content's
 *    `kindScreens`), and the remote's manifest is checked against it;
 *  - the e2e page objects take their paths from it.
 *
 * tooling/checks/content-kinds.test.ts fails when a kind's path, permission or bulk-delete name is
 * written anywhere else. How to add a kind: README, "How to add a content kind".
 */

/** Where a kind shows on the visitor's page (the website script draws one surface per kind). */
export type ContentSurface = 'modal' | 'bar' | 'notification' | 'tour' | 'checklist' | 'email';

/** The message codes a kind's calls answer with (its own words: "Popup published", "Banner not found"…). */
export interface ContentKindMessages {
  notFound: MessageCode;
  created: MessageCode;
  updated: MessageCode;
  deleted: MessageCode;
  deletedMany: MessageCode;
  duplicated: MessageCode;
  cancelled: MessageCode;
  published: MessageCode;
  scheduled: MessageCode;
  draftDiscarded: MessageCode;
  versionRestored: MessageCode;
}

/** What a kind declares (the descriptor without what is derived from it: its bulk-delete body, list filters and calls). */
export interface ContentKindData<
  K extends string = string,
  P extends `/api/${string}` = `/api/${string}`,
  L extends z.ZodObject = z.ZodObject,
  Doc extends z.ZodType = z.ZodType,
  DeleteField extends string = string,
> {
  /** The kind, as the `contents` table and workspaces (their `service`) call it. */
  kind: K;
  /** The API collection's path: every call of the kind is under it. */
  path: P;
  /** The permission resource: `get_posts`, `update_banners`… */
  resource: CampaignPermissionResource;
  /** The OpenAPI tag. */
  tag: string;
  /** The kind in the OpenAPI summaries ("popup"). */
  label: string;
  /** The stored document (what the editor sends, what visitors are served). */
  document: Doc;
  listQuery: L;
  body: z.ZodType;
  /** GET /{id}'s answer. */
  item: z.ZodType;
  /** What create, update, duplicate, cancel and the lifecycle's actions answer: a message and the saved item. */
  saved: z.ZodType;
  /** The bulk delete body's list name (popups, banners, notifications): its body is `{ [deleteField]: ids }`. */
  deleteField: DeleteField;
  /** The list's title search parameter (named after the document's title field): one of the list query's. */
  titleParam: string;
  /** The document's field that holds the title the lists show: one of the document's. */
  titleField: string;
  /** Cancel is a DELETE for popups and banners, a PATCH for push notifications, a POST for checklists (fixed paths existing clients call). */
  cancelMethod: 'DELETE' | 'PATCH' | 'POST';
  /** Where duplicate and cancel put the id: `PUT …/duplicate/{id}` (default), or `POST …/{id}/duplicate` (checklists, their fixed paths). */
  actionPaths?: 'verbFirst' | 'idFirst';
  /** The duplicate permission's action: `duplicate_*`, or `duplication_checklist`. */
  duplicateAction?: 'duplicate' | 'duplication';
  /** Whether it takes the page's one interruptive slot (and counts toward the daily cap) when it shows. */
  interrupts: boolean;
  /** Whether, when it interrupts, it takes the page whole (a popup, a tour); an interruptive kind that is not modal stacks as a card (push). */
  modal: boolean;
  surface: ContentSurface;
  /**
   * What a visitor's page receives of the document (the content answer's item carries it under the
   * kind's name), or null for a kind never served to pages (e-mails go to mailboxes).
   */
  script: z.ZodObject | null;
  /** The visitor events its items accept (a `react` on a push notification is refused, for instance). */
  events: readonly Exclude<EventType, 'session' | 'track'>[];
  /** Whether the visitor keeps a place in its items (tours, checklists): the progress call accepts only these kinds. */
  keepsProgress: boolean;
  /** Whether its live items are listed in the messenger's news (banners, push notifications). */
  news: boolean;
  /** The statistics' count of its items (the servicesCount field, as the statistics call names it). */
  statsCount: string;
  /** The statistics' views series it has (servicesViews' `serviceName`), or null for none. */
  statsViews: string | null;
  /** The status a new item starts in (the first kinds are created live, as existing clients expect; later kinds as drafts). */
  createdStatus: CampaignStatus;
  messages: ContentKindMessages;
  /** The console: the route base (the console's fixed route), and the translation namespace and prefix of its screens. */
  screens: {
    basePath: `/${string}`;
    /** The icon of its nav entry (one the host draws). */
    icon: NavIconName;
    namespace: string;
    i18nKey: string;
    /** Whether its console routes need the kind's permissions (the push-notification routes need none). */
    guarded: boolean;
    /** Whether its view screen needs `get_*` when its routes are guarded (the checklist's view needs none); true unless said. */
    viewGuarded?: boolean;
  };
  /** Update and delete by id, comments and reactions (popups and banners); else update with `_id` in the body (push). */
  feedback: boolean;
}

/** The list filters of a kind: its list query's parameters beyond paging. */
export type ListFilter<L extends z.ZodObject> = Exclude<keyof L['shape'] & string, keyof typeof pageQuerySchema.shape>;
const filtersOf = <L extends z.ZodObject>(listQuery: L): ListFilter<L>[] =>
  Object.keys(listQuery.shape).filter((k) => !(k in pageQuerySchema.shape)) as ListFilter<L>[];

/** A kind's descriptor: its data, its bulk-delete body, its list filters and its calls. */
function describe<const D extends ContentKindData, C>(
  data: D & { titleParam: keyof z.input<D['listQuery']>; titleField: keyof z.output<D['document']> },
  calls: (data: D & { deleteMany: ReturnType<typeof bulkDeleteSchema<D['deleteField']>> }) => C,
) {
  const full = { ...data, deleteMany: bulkDeleteSchema<D['deleteField']>(data.deleteField, data.messages.notFound), listFilters: filtersOf(data.listQuery) };
  return { ...full, calls: calls(full) };
}

/** A kind's bulk-delete body: the ids under the kind's list name (`{ popups: ids }`). */
export const bulkDeleteBody = <F extends string>(kind: { deleteField: F }, ids: string[]) => ({ [kind.deleteField]: ids }) as Record<F, string[]>;

/** The permission a kind's `action` needs (`get_posts`). */
export const kindPermission = (
  kind: Pick<ContentKindData, 'resource'>,
  action: 'get' | 'create' | 'update' | 'delete' | 'cancel' | 'duplicate' | 'duplication',
): Permission => kindAccess(action, kind.resource).permission;

// ---------------------------------------------------------------------------------------------
// Popups (spec: "posts"): /api/popups, permissions *_posts, console /posts
// ---------------------------------------------------------------------------------------------

export const popupKind = describe(
  {
    kind: 'popup',
    path: '/api/popups',
    resource: 'posts',
    tag: 'popups',
    label: 'popup',
    document: popupDocumentSchema,
    listQuery: popupListQuerySchema,
    body: popupBodySchema,
    item: popupResponseSchema,
    saved: popupSavedResponseSchema,
    deleteField: 'popups',
    titleParam: 'titleOfPopup',
    titleField: 'titleOfPopup',
    cancelMethod: 'DELETE',
    modal: true,
    interrupts: true,
    surface: 'modal',
    script: scriptPopupSchema,
    events: ['view', 'close', 'react', 'comment', 'answer', 'click'],
    keepsProgress: false,
    news: false,
    statsCount: 'popup',
    statsViews: 'Popup',
    createdStatus: 'public',
    messages: {
      notFound: POPUP_NOT_FOUND_MESSAGE,
      created: POPUP_CREATED_MESSAGE,
      updated: POPUP_UPDATED_MESSAGE,
      deleted: POPUP_DELETED_MESSAGE,
      deletedMany: POPUPS_DELETED_MESSAGE,
      duplicated: POPUP_DUPLICATED_MESSAGE,
      cancelled: POPUP_CANCELLED_MESSAGE,
      published: POPUP_PUBLISHED_MESSAGE,
      scheduled: POPUP_SCHEDULED_MESSAGE,
      draftDiscarded: POPUP_DRAFT_DISCARDED_MESSAGE,
      versionRestored: POPUP_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/posts', icon: 'messageSquare', namespace: 'campaigns', i18nKey: 'popups', guarded: true },
    feedback: true,
  },
  (k) => ({ ...campaignCalls(k), ...campaignItemCalls(k) }),
);

// ---------------------------------------------------------------------------------------------
// Banners: /api/banners, permissions *_banners, console /banners
// ---------------------------------------------------------------------------------------------

export const bannerKind = describe(
  {
    kind: 'banner',
    path: '/api/banners',
    resource: 'banners',
    tag: 'banners',
    label: 'banner',
    document: bannerDocumentSchema,
    listQuery: bannerListQuerySchema,
    body: bannerBodySchema,
    item: bannerResponseSchema,
    saved: bannerSavedResponseSchema,
    deleteField: 'banners',
    titleParam: 'titleOfBanner',
    titleField: 'titleOfBanner',
    cancelMethod: 'DELETE',
    modal: false,
    interrupts: false,
    surface: 'bar',
    script: scriptBannerSchema,
    events: ['view', 'close', 'react', 'comment', 'click'],
    keepsProgress: false,
    news: true,
    statsCount: 'banner',
    statsViews: 'Banner',
    createdStatus: 'public',
    messages: {
      notFound: BANNER_NOT_FOUND_MESSAGE,
      created: BANNER_CREATED_MESSAGE,
      updated: BANNER_UPDATED_MESSAGE,
      deleted: BANNER_DELETED_MESSAGE,
      deletedMany: BANNERS_DELETED_MESSAGE,
      duplicated: BANNER_DUPLICATED_MESSAGE,
      cancelled: BANNER_CANCELLED_MESSAGE,
      published: BANNER_PUBLISHED_MESSAGE,
      scheduled: BANNER_SCHEDULED_MESSAGE,
      draftDiscarded: BANNER_DRAFT_DISCARDED_MESSAGE,
      versionRestored: BANNER_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/banners', icon: 'flag', namespace: 'campaigns', i18nKey: 'banners', guarded: true },
    feedback: true,
  },
  (k) => ({ ...campaignCalls(k), ...campaignItemCalls(k) }),
);

// ---------------------------------------------------------------------------------------------
// Push notifications: /api/push-notification, permissions *_pushNotification, console
// /push_notification. The public PUT has no id (the body carries `_id`) and one DELETE with
// the `notifications` id list (one id for the row action, several for the bulk delete); no comments
// or reactions.
// ---------------------------------------------------------------------------------------------

export const pushKind = describe(
  {
    kind: 'push',
    path: '/api/push-notification',
    resource: 'pushNotification',
    tag: 'push notifications',
    label: 'push notification',
    document: pushNotificationDocumentSchema,
    listQuery: pushNotificationListQuerySchema,
    body: pushNotificationBodySchema,
    item: pushNotificationResponseSchema,
    saved: pushNotificationSavedResponseSchema,
    deleteField: 'notifications',
    titleParam: 'title',
    titleField: 'push_notification_title',
    cancelMethod: 'PATCH',
    modal: false,
    interrupts: true,
    surface: 'notification',
    script: scriptPushSchema,
    events: ['view', 'close', 'click'],
    keepsProgress: false,
    news: true,
    statsCount: 'push_notification',
    statsViews: 'Push',
    createdStatus: 'public',
    messages: {
      notFound: PUSH_NOT_FOUND_MESSAGE,
      created: PUSH_CREATED_MESSAGE,
      updated: PUSH_UPDATED_MESSAGE,
      deleted: PUSH_DELETED_MESSAGE,
      deletedMany: PUSH_DELETED_MESSAGE,
      duplicated: PUSH_DUPLICATED_MESSAGE,
      cancelled: PUSH_CANCELLED_MESSAGE,
      published: PUSH_PUBLISHED_MESSAGE,
      scheduled: PUSH_SCHEDULED_MESSAGE,
      draftDiscarded: PUSH_DRAFT_DISCARDED_MESSAGE,
      versionRestored: PUSH_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/push_notification', icon: 'bell', namespace: 'campaigns', i18nKey: 'push', guarded: false },
    feedback: false,
  },
  (k) => ({
    ...campaignCalls(k),
    update: defineCall({
      method: 'PUT',
      path: k.path,
      access: kindAccess('update', k.resource),
      summary: `Update a ${k.label}: its whole document, with its _id in the body`,
      tag: k.tag,
      body: pushNotificationUpdateBodySchema,
      response: k.saved,
      errors: KIND_CALL_ERRORS,
    }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Product tours: /api/product-tours, permissions *_tour, console /tour (remote-tours-checklists).
// The banners' calls, except create: the public POST has no body, so it answers a new draft with
// the default settings, in the workspace of `?workSpace=` (optional); the editor and the on-page
// builder then save it with PUT /api/product-tours/{id}. Plus the view screen's statistics.
// ---------------------------------------------------------------------------------------------

export const tourKind = describe(
  {
    kind: 'tour',
    path: '/api/product-tours',
    resource: 'tour',
    tag: 'product tours',
    label: 'product tour',
    document: tourDocumentSchema,
    listQuery: tourListQuerySchema,
    body: tourBodySchema,
    item: tourResponseSchema,
    saved: tourSavedResponseSchema,
    deleteField: 'productTours',
    titleParam: 'title',
    titleField: 'title',
    cancelMethod: 'DELETE',
    // A tour takes the page's one interruptive slot while it plays.
    modal: true,
    interrupts: true,
    surface: 'tour',
    script: scriptTourSchema,
    events: ['view', 'step', 'element_missing', 'complete', 'snooze', 'dismiss'],
    keepsProgress: true,
    news: false,
    statsCount: 'productTour',
    statsViews: null,
    createdStatus: 'draft',
    messages: {
      notFound: TOUR_NOT_FOUND_MESSAGE,
      created: TOUR_CREATED_MESSAGE,
      updated: TOUR_UPDATED_MESSAGE,
      deleted: TOUR_DELETED_MESSAGE,
      deletedMany: TOURS_DELETED_MESSAGE,
      duplicated: TOUR_DUPLICATED_MESSAGE,
      cancelled: TOUR_CANCELLED_MESSAGE,
      published: TOUR_PUBLISHED_MESSAGE,
      scheduled: TOUR_SCHEDULED_MESSAGE,
      draftDiscarded: TOUR_DRAFT_DISCARDED_MESSAGE,
      versionRestored: TOUR_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/tour', icon: 'route', namespace: 'toursChecklists', i18nKey: 'tours', guarded: true },
    feedback: true,
  },
  (k) => ({
    ...campaignCalls(k),
    ...campaignItemCalls(k),
    create: defineCall({
      method: 'POST',
      path: k.path,
      access: kindAccess('create', k.resource),
      summary: `Create a ${k.label}: no body; answers a new draft with the defaults, in the workspace of ?workSpace= (optional)`,
      tag: k.tag,
      query: tourCreateQuerySchema,
      status: 201,
      response: k.saved,
      errors: KIND_CALL_ERRORS,
    }),
    /** The view screen: the step funnel and the element-not-found reports (visitor events of the tour). */
    stats: defineCall({
      method: 'GET',
      path: `${k.path}/:id/stats`,
      access: kindAccess('get', k.resource),
      summary: `What visitors did with a ${k.label}: started, each step seen, completed, snoozed, dismissed; elements not found, by page and selector`,
      tag: k.tag,
      params: idParamSchema,
      response: tourStatsResponseSchema,
      errors: KIND_CALL_ERRORS,
    }),
  }),
);

// ---------------------------------------------------------------------------------------------
// Checklists: /api/check-list, permissions *_checklist, console /checklist (remote-tours-checklists).
// Its own spellings stay as existing clients call them: duplicate and cancel are `POST /api/check-list/{id}/duplicate`
// and `…/{id}/cancel`, duplicating needs `duplication_checklist`, 5 a page by default. Visitors do not
// comment on or react to a checklist; its view screen has the completion funnel per visitor.
// ---------------------------------------------------------------------------------------------

export const checklistKind = describe(
  {
    kind: 'checklist',
    path: '/api/check-list',
    resource: 'checklist',
    tag: 'checklists',
    label: 'checklist',
    document: checklistDocumentSchema,
    listQuery: checklistListQuerySchema,
    body: checklistBodySchema,
    item: checklistResponseSchema,
    saved: checklistSavedResponseSchema,
    deleteField: 'checklists',
    titleParam: 'title',
    titleField: 'title',
    cancelMethod: 'POST',
    actionPaths: 'idFirst',
    duplicateAction: 'duplication',
    // A checklist waits in its launcher: it never takes the page's interruptive slot.
    modal: false,
    interrupts: false,
    surface: 'checklist',
    script: scriptChecklistSchema,
    // A checklist's click is its task's Start button (the address or the tour it opens).
    events: ['view', 'complete', 'dismiss', 'task', 'click'],
    keepsProgress: true,
    news: false,
    statsCount: 'checklist',
    statsViews: null,
    createdStatus: 'draft',
    messages: {
      notFound: CHECKLIST_NOT_FOUND_MESSAGE,
      created: CHECKLIST_CREATED_MESSAGE,
      updated: CHECKLIST_UPDATED_MESSAGE,
      deleted: CHECKLIST_DELETED_MESSAGE,
      deletedMany: CHECKLISTS_DELETED_MESSAGE,
      duplicated: CHECKLIST_DUPLICATED_MESSAGE,
      cancelled: CHECKLIST_CANCELLED_MESSAGE,
      published: CHECKLIST_PUBLISHED_MESSAGE,
      scheduled: CHECKLIST_SCHEDULED_MESSAGE,
      draftDiscarded: CHECKLIST_DRAFT_DISCARDED_MESSAGE,
      versionRestored: CHECKLIST_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/checklist', icon: 'listChecks', namespace: 'toursChecklists', i18nKey: 'checklists', guarded: true, viewGuarded: false },
    feedback: false,
  },
  (k) => ({
    ...campaignCalls(k),
    ...campaignUpdateDeleteCalls(k),
    /** The view screen: the completion funnel, and per visitor (per person once identified) the tasks done and when. */
    statsUser: defineCall({
      method: 'GET',
      path: `${k.path}/:id/stats-user`,
      access: kindAccess('get', k.resource),
      summary: `A ${k.label}'s completion funnel and each visitor's (or person's) tasks done and when, searchable and paged (5 a page)`,
      tag: k.tag,
      params: idParamSchema,
      query: checklistStatsQuerySchema,
      response: checklistStatsResponseSchema,
      errors: KIND_CALL_ERRORS,
    }),
  }),
);

/** The bulk deletes' bodies (`{ popups: ids }`…), as each descriptor names its list. */
export const popupDeleteBodySchema = popupKind.deleteMany;
export type PopupDeleteBody = z.input<typeof popupDeleteBodySchema>;
export const bannerDeleteBodySchema = bannerKind.deleteMany;
export type BannerDeleteBody = z.input<typeof bannerDeleteBodySchema>;
export const pushNotificationDeleteBodySchema = pushKind.deleteMany;
export type PushNotificationDeleteBody = z.input<typeof pushNotificationDeleteBodySchema>;

// ---------------------------------------------------------------------------------------------
// E-mails: /api/emails, permissions *_email, console /emails. Sent to mailboxes, not shown on pages
// (no explain, no comments or reactions); update and delete by id; created as drafts.
// ---------------------------------------------------------------------------------------------

export const emailKind = describe(
  {
    kind: 'email',
    path: '/api/emails',
    resource: 'email',
    tag: 'emails',
    label: 'e-mail',
    document: emailDocumentSchema,
    listQuery: emailListQuerySchema,
    body: emailBodySchema,
    item: emailResponseSchema,
    saved: emailSavedResponseSchema,
    deleteField: 'emails',
    titleParam: 'subject',
    titleField: 'subject',
    cancelMethod: 'DELETE',
    modal: false,
    interrupts: false,
    surface: 'email',
    script: null,
    events: [],
    keepsProgress: false,
    news: false,
    statsCount: 'email',
    statsViews: null,
    createdStatus: 'draft',
    messages: {
      notFound: EMAIL_NOT_FOUND_MESSAGE,
      created: EMAIL_CREATED_MESSAGE,
      updated: EMAIL_UPDATED_MESSAGE,
      deleted: EMAIL_DELETED_MESSAGE,
      deletedMany: EMAILS_DELETED_MESSAGE,
      duplicated: EMAIL_DUPLICATED_MESSAGE,
      cancelled: EMAIL_CANCELLED_MESSAGE,
      published: EMAIL_PUBLISHED_MESSAGE,
      scheduled: EMAIL_SCHEDULED_MESSAGE,
      draftDiscarded: EMAIL_DRAFT_DISCARDED_MESSAGE,
      versionRestored: EMAIL_VERSION_RESTORED_MESSAGE,
    },
    screens: { basePath: '/emails', icon: 'mail', namespace: 'campaigns', i18nKey: 'emails', guarded: true },
    feedback: false,
  },
  (k) => {
    // What the content call would decide is meaningless for an e-mail: no explain.
    const { explain: _explain, ...calls } = campaignCalls(k);
    return { ...calls, ...campaignUpdateDeleteCalls(k) };
  },
);

export const tourDeleteBodySchema = tourKind.deleteMany;
export type TourDeleteBody = z.input<typeof tourDeleteBodySchema>;
export const checklistDeleteBodySchema = checklistKind.deleteMany;
export type ChecklistDeleteBody = z.input<typeof checklistDeleteBodySchema>;
export const emailDeleteBodySchema = emailKind.deleteMany;
export type EmailDeleteBody = z.input<typeof emailDeleteBodySchema>;

/**
 * Every described kind, keyed by its kind. A new kind is one more entry here (and its descriptor
 * above); the API, the console and the checks read this registry.
 */
export const CONTENT_KIND_DESCRIPTORS = {
  popup: popupKind,
  banner: bannerKind,
  push: pushKind,
  tour: tourKind,
  checklist: checklistKind,
  email: emailKind,
} as const;
export type DescribedKind = keyof typeof CONTENT_KIND_DESCRIPTORS;
export type AnyContentKindDescriptor = (typeof CONTENT_KIND_DESCRIPTORS)[DescribedKind];
/** The descriptors as a list, in the console's order. */
export const CONTENT_KIND_LIST: readonly AnyContentKindDescriptor[] = Object.values(CONTENT_KIND_DESCRIPTORS);

/** Every kind's name, in the console's order: the database's kind and workspace-service lists, the workspaces' services. */
export const CONTENT_KINDS = Object.keys(CONTENT_KIND_DESCRIPTORS) as [DescribedKind, ...DescribedKind[]];

/** The status a new item of each kind starts in, from its descriptor. */
export const CREATED_STATUS_OF = Object.fromEntries(CONTENT_KIND_LIST.map((k) => [k.kind, k.createdStatus])) as Record<DescribedKind, CampaignStatus>;

/** The kinds a visitor's page is served (their descriptor names what the page receives). */
export type ServedKind = { [K in DescribedKind]: (typeof CONTENT_KIND_DESCRIPTORS)[K]['script'] extends null ? never : K }[DescribedKind];
export type ServedKindDescriptor<K extends ServedKind> = (typeof CONTENT_KIND_DESCRIPTORS)[K] & { script: z.ZodObject };
export const SERVED_KIND_LIST = CONTENT_KIND_LIST.filter((k) => k.script !== null);

/** Whether a visitor event of `type` applies to an item of `kind` (its descriptor's `events`). */
export const kindAccepts = (kind: string, type: EventType): boolean =>
  (CONTENT_KIND_LIST.find((k) => k.kind === kind)?.events as readonly string[] | undefined)?.includes(type) ?? false;

type KindWhere<F extends 'keepsProgress' | 'news'> = {
  [K in DescribedKind]: (typeof CONTENT_KIND_DESCRIPTORS)[K][F] extends true ? K : never;
}[DescribedKind];
const kindsWhere = <F extends 'keepsProgress' | 'news'>(field: F) =>
  CONTENT_KIND_LIST.filter((k) => k[field]).map((k) => k.kind as KindWhere<F>) as [KindWhere<F>, ...KindWhere<F>[]];
/** Kinds whose visitors keep a place; progress on any other kind is refused. */
export const PROGRESS_KINDS = kindsWhere('keepsProgress');
/** Kinds whose live items the messenger lists as news. */
export const NEWS_KINDS = kindsWhere('news');

/** The statistics' count field of each kind (servicesCount), from its descriptor. */
export type KindCountKey = (typeof CONTENT_KIND_DESCRIPTORS)[DescribedKind]['statsCount'];
export const KIND_COUNT_KEYS = CONTENT_KIND_LIST.map((k) => k.statsCount as KindCountKey);
/** The statistics' views series, one per kind that has one (servicesViews). */
export type KindViewsName = Exclude<(typeof CONTENT_KIND_DESCRIPTORS)[DescribedKind]['statsViews'], null>;
export const KIND_VIEWS = CONTENT_KIND_LIST.flatMap((k) => (k.statsViews === null ? [] : [{ kind: k.kind, serviceName: k.statsViews as KindViewsName }]));
