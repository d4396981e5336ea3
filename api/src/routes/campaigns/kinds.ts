import { randomUUID } from 'node:crypto';
import type { ZodType } from 'zod';
import { LIMITS, type MessageCode } from 'contracts';
import {
  AUDIENCES_REQUIRED_MESSAGE,
  BANNER_CANCELLED_MESSAGE,
  BANNER_DRAFT_DISCARDED_MESSAGE,
  BANNER_PUBLISHED_MESSAGE,
  BANNER_SCHEDULED_MESSAGE,
  BANNER_VERSION_RESTORED_MESSAGE,
  BANNER_CREATED_MESSAGE,
  BANNER_DELETED_MESSAGE,
  BANNER_DUPLICATED_MESSAGE,
  BANNER_NOT_FOUND_MESSAGE,
  BANNER_UPDATED_MESSAGE,
  BANNERS_DELETED_MESSAGE,
  DUPLICATE_STATUS,
  DUPLICATE_TITLE_SUFFIX,
  GROUPS_REQUIRED_MESSAGE,
  POPUP_CANCELLED_MESSAGE,
  POPUP_DRAFT_DISCARDED_MESSAGE,
  POPUP_PUBLISHED_MESSAGE,
  POPUP_SCHEDULED_MESSAGE,
  POPUP_VERSION_RESTORED_MESSAGE,
  POPUP_CREATED_MESSAGE,
  POPUP_DELETED_MESSAGE,
  POPUP_DUPLICATED_MESSAGE,
  POPUP_NOT_FOUND_MESSAGE,
  POPUP_UPDATED_MESSAGE,
  POPUPS_DELETED_MESSAGE,
  PUSH_CANCELLED_MESSAGE,
  PUSH_DRAFT_DISCARDED_MESSAGE,
  PUSH_PUBLISHED_MESSAGE,
  PUSH_SCHEDULED_MESSAGE,
  PUSH_VERSION_RESTORED_MESSAGE,
  PUSH_CREATED_MESSAGE,
  PUSH_DELETED_MESSAGE,
  PUSH_DUPLICATED_MESSAGE,
  PUSH_NOT_FOUND_MESSAGE,
  PUSH_UPDATED_MESSAGE,
  bannerDocumentSchema,
  popupDocumentSchema,
  pushNotificationDocumentSchema,
  type BannerDocument,
  type CampaignStatus,
  type PopupDocument,
  type PushNotificationDocument,
  tourDocumentSchema,
  tourPublishErrors,
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
  type TourDocument,
  checklistDocumentSchema,
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
  type ChecklistDocument,
} from 'contracts';
import type { ContentKind } from '../../db/schema';

/** The list columns of a campaign's row (table `contents`) its document fills (what the lists filter and sort on). */
export interface CampaignColumns {
  title: string;
  status: CampaignStatus;
  position: string | null;
  priority: string | null;
  style: string | null;
  devices: string | null;
  workspaceId: string | null;
  tagId: string | null;
}

/**
 * Where a document points at other objects of the website, and the field each reference is reported
 * on when it is not the website's. Popups and banners target lists (`groups`, `audiences`); a push
 * notification one `group` and one `audience` (spec section 3).
 */
export interface CampaignRefs {
  groups: { field: string; ids: string[] };
  segments: { field: string; ids: string[] };
  people: string[];
}

/**
 * The rules of one kind of campaign (popup, banner or push notification): what differs between
 * them, as data. Everything else (storage, lists, targeting checks, duplicate, cancel, delete) is
 * one generic implementation: stores/campaigns.ts and routes/campaigns/index.ts.
 */
export interface CampaignKindRules<D extends { status: CampaignStatus; tag: string | null; workspace: string | null }> {
  kind: ContentKind;
  schema: ZodType<D>;
  columns(doc: D): Omit<CampaignColumns, 'workspaceId' | 'tagId'>;
  refs(doc: D): CampaignRefs;
  /** Field messages of rules across fields (e.g. target "groups" needs a group). */
  check(doc: D): Record<string, MessageCode>;
  /** The document as it reads today: current targets from the join tables (a deleted group drops out). */
  withRefs(doc: D, groups: string[], segments: string[]): D;
  /** The document of a duplicate: title suffixed, status of a fresh copy. */
  duplicate(doc: D): D;
  /**
   * The document as the server stores it, from what the author sent and every document the item has
   * had (working copy, published, versions): server-made ids, for instance. Absent: stored as sent.
   */
  prepare?(doc: D, previous: Record<string, unknown>[]): D;
  /** Field messages of what a document needs before it goes live (publish, schedule); absent: nothing more. */
  publishable?(doc: D): Record<string, string>;
  messages: {
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
  };
}

const copyTitle = (title: string, max: number) => (title + DUPLICATE_TITLE_SUFFIX).slice(0, max);

/** Popups and banners share `target`/`groups`/`audiences`: the target needs its list filled. */
function targetCheck(doc: { target: string; groups: string[]; audiences: string[] }): Record<string, MessageCode> {
  if (doc.target === 'groups' && doc.groups.length === 0) return { groups: GROUPS_REQUIRED_MESSAGE };
  if (doc.target === 'audiences' && doc.audiences.length === 0) return { audiences: AUDIENCES_REQUIRED_MESSAGE };
  return {};
}

export const popupKind: CampaignKindRules<PopupDocument> = {
  kind: 'popup',
  schema: popupDocumentSchema,
  columns: (d) => ({ title: d.titleOfPopup.label, status: d.status, position: d.position, priority: d.priority, style: d.format, devices: d.devices }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: d.listOfAudience }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, titleOfPopup: { ...d.titleOfPopup, label: copyTitle(d.titleOfPopup.label, LIMITS.titleMax) } }),
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
};

export const bannerKind: CampaignKindRules<BannerDocument> = {
  kind: 'banner',
  schema: bannerDocumentSchema,
  columns: (d) => ({
    title: d.titleOfBanner,
    status: d.status,
    position: d.settings.bannerPosition,
    priority: d.settings.priority,
    style: d.settings.bannerStyle,
    devices: d.settings.targetDevice,
  }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: [] }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, titleOfBanner: copyTitle(d.titleOfBanner, LIMITS.titleMax) }),
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
};

export const pushKind: CampaignKindRules<PushNotificationDocument> = {
  kind: 'push',
  schema: pushNotificationDocumentSchema,
  columns: (d) => ({ title: d.push_notification_title, status: d.status, position: null, priority: null, style: null, devices: d.devices }),
  refs: (d) => ({
    groups: { field: 'group', ids: d.group ? [d.group] : [] },
    segments: { field: 'audience', ids: d.audience ? [d.audience] : [] },
    people: [],
  }),
  check: () => ({}),
  withRefs: (d, groups, audiences) => ({ ...d, group: groups[0] ?? null, audience: audiences[0] ?? null }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, push_notification_title: copyTitle(d.push_notification_title, LIMITS.titleMax) }),
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
};

/** Every step id a tour's stored documents have used: an id the author sends is kept only if it is one of them. */
function stepIdsOf(documents: Record<string, unknown>[]): Set<string> {
  const ids = new Set<string>();
  for (const d of documents) for (const s of (d.steps as { id?: unknown }[] | undefined) ?? []) if (typeof s?.id === 'string') ids.add(s.id);
  return ids;
}

export const tourKind: CampaignKindRules<TourDocument> = {
  kind: 'tour',
  schema: tourDocumentSchema,
  columns: (d) => ({ title: d.title, status: d.status, position: null, priority: d.settings.priority, style: null, devices: d.settings.devices }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: d.listOfAudience }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, title: copyTitle(d.title, LIMITS.titleMax) }),
  // Step ids are the server's: the step funnel counts events by step id, so an id survives reordering
  // and edits, and a made-up or copied id cannot merge two steps' counts.
  prepare: (d, previous) => {
    const known = stepIdsOf(previous);
    return { ...d, steps: d.steps.map((s) => ({ ...s, id: s.id && known.has(s.id) ? s.id : randomUUID() })) };
  },
  publishable: tourPublishErrors,
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
};

/** Every task id a checklist's stored documents have used (as the tours' step ids). */
function taskIdsOf(documents: Record<string, unknown>[]): Set<string> {
  const ids = new Set<string>();
  for (const d of documents) for (const t of (d.tasks as { id?: unknown }[] | undefined) ?? []) if (typeof t?.id === 'string') ids.add(t.id);
  return ids;
}

export const checklistKind: CampaignKindRules<ChecklistDocument> = {
  kind: 'checklist',
  schema: checklistDocumentSchema,
  columns: (d) => ({ title: d.title, status: d.status, position: null, priority: 'normal', style: d.notification_type, devices: 'all' }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: d.listOfAudience }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, title: copyTitle(d.title, LIMITS.titleMax) }),
  // Task ids are the server's: a visitor's done tasks and the funnel follow a task across reorders and
  // edits, and a made-up or copied id cannot merge two tasks.
  prepare: (d, previous) => {
    const known = taskIdsOf(previous);
    return { ...d, tasks: d.tasks.map((t) => ({ ...t, id: t.id && known.has(t.id) ? t.id : randomUUID() })) };
  },
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
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCampaignKind = CampaignKindRules<any>;
