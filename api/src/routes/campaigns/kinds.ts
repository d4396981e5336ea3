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
  emailDocumentSchema,
  type EmailDocument,
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

/** E-mails: titled by their subject, targeted like popups (among people with an address). */
export const emailKind: CampaignKindRules<EmailDocument> = {
  kind: 'email',
  schema: emailDocumentSchema,
  columns: (d) => ({ title: d.subject, status: d.status, position: null, priority: null, style: null, devices: null }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: [] }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, subject: copyTitle(d.subject, LIMITS.titleMax) }),
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
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyCampaignKind = CampaignKindRules<any>;
