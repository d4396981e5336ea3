import { randomUUID } from 'node:crypto';
import type { z, ZodType } from 'zod';
import {
  AUDIENCES_REQUIRED_MESSAGE,
  CONTENT_KIND_DESCRIPTORS,
  DUPLICATE_STATUS,
  DUPLICATE_TITLE_SUFFIX,
  GROUPS_REQUIRED_MESSAGE,
  LIMITS,
  bannerKind,
  popupKind,
  pushKind,
  tourKind,
  checklistKind,
  defaultTour,
  tourPublishErrors,
  emailKind,
  type BannerDocument,
  type EmailDocument,
  type CampaignStatus,
  type ContentKindMessages,
  type DescribedKind,
  type MessageCode,
  type PopupDocument,
  type PushNotificationDocument,
  type TourDocument,
  type ChecklistDocument,
} from 'contracts';
import type { ContentKind } from '../db/schema';
import type { KindDelivery } from '../delivery/served-item';

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
 * notification one `group` and one `audience`.
 */
export interface CampaignRefs {
  groups: { field: string; ids: string[] };
  segments: { field: string; ids: string[] };
  people: string[];
}

/** What every kind's document has: its status and the tag and workspace it is filed under. */
export interface KindDocument {
  status: CampaignStatus;
  tag: string | null;
  workspace: string | null;
}

/**
 * The server's rules of one kind: its descriptor's data the store needs (kind, document schema,
 * messages; contracts' content-kinds.ts) and the code only the server runs (list columns, references,
 * cross-field checks, duplicate), typed by the kind's document. Everything else (storage, lists,
 * targeting checks, the lifecycle) is one generic implementation: stores/campaigns.ts and
 * routes/campaigns/index.ts.
 */
export interface CampaignKindRules<D extends KindDocument> {
  kind: ContentKind;
  schema: ZodType<D>;
  messages: ContentKindMessages;
  columns(doc: D): Omit<CampaignColumns, 'workspaceId' | 'tagId'>;
  /** The references of a document (checked before the server gives it its status, so without it). */
  refs(doc: Omit<D, 'status'>): CampaignRefs;
  /** Field messages of rules across fields (e.g. target "groups" needs a group). */
  check(doc: Omit<D, 'status'>): Record<string, MessageCode>;
  /** The document as it reads today: current targets from the join tables (a deleted group drops out). */
  withRefs(doc: D, groups: string[], segments: string[]): D;
  /** The document of a duplicate: title suffixed, status of a fresh copy. */
  duplicate(doc: D): D;
  /**
   * The document as the server stores it, from what the author sent and every document the item has
   * had (working copy, published, versions): server-made ids, for instance. Absent: stored as sent.
   */
  prepare?<T extends Omit<D, 'status'>>(doc: T, previous: Record<string, unknown>[]): T;
  /** Field messages of what a document needs before it goes live (publish, schedule); absent: nothing more. */
  publishable?(doc: D): Record<string, MessageCode>;
  /** A kind created without a body (tours): the new item's document, from the create call's query. */
  newDocument?(query: { workSpace?: string }): Omit<D, 'status'>;
  /**
   * How its published items reach visitors' pages (which visitors and devices, the page rule, the
   * run, replay); null for a kind never shown on pages (e-mails). What the page receives, the events
   * it accepts and whether it interrupts are its descriptor's (`script`, `events`, `interrupts`).
   */
  delivery: KindDelivery<D> | null;
}

/**
 * The document of what the author sent, with the status the server gives it. A body is the document
 * without its status (contracts: `*BodySchema = *DocumentSchema.omit({ status })`), so this is the
 * kind's document; TypeScript cannot see it for a generic document type, hence the one assertion.
 */
export const withStatus = <D extends KindDocument>(body: Omit<D, 'status'>, status: CampaignStatus): D => ({ ...body, status }) as D;

/** The id and the document of an update whose path has no id (push notifications: `_id` is in the body). */
export function splitBodyId<D extends KindDocument>(body: Omit<D, 'status'> & { _id: string }): { id: string; body: Omit<D, 'status'> } {
  const rest: Omit<D, 'status'> & { _id?: string } = { ...body };
  delete rest._id;
  return { id: body._id, body: rest };
}

/** The rules' part that is the descriptor's, read from it. */
const fromDescriptor = <D extends KindDocument>(d: { kind: ContentKind; document: ZodType<D>; messages: ContentKindMessages }) => ({
  kind: d.kind,
  schema: d.document,
  messages: d.messages,
});

const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

const copyTitle = (title: string, max: number) => (title + DUPLICATE_TITLE_SUFFIX).slice(0, max);

/** Popups and banners share `target`/`groups`/`audiences`: the target needs its list filled. */
function targetCheck(doc: { target: string; groups: string[]; audiences: string[] }): Record<string, MessageCode> {
  if (doc.target === 'groups' && doc.groups.length === 0) return { groups: GROUPS_REQUIRED_MESSAGE };
  if (doc.target === 'audiences' && doc.audiences.length === 0) return { audiences: AUDIENCES_REQUIRED_MESSAGE };
  return {};
}

export const popupRules: CampaignKindRules<PopupDocument> = {
  ...fromDescriptor(popupKind),
  columns: (d) => ({ title: d.titleOfPopup.label, status: d.status, position: d.position, priority: d.priority, style: d.format, devices: d.devices }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: d.listOfAudience }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, titleOfPopup: { ...d.titleOfPopup, label: copyTitle(d.titleOfPopup.label, LIMITS.titleMax) } }),
  delivery: {
    // Seen once, it comes back only as its `showAgain` says (never, the next UTC day, always).
    replay: 'showAgain',
    serve: (d, t) => ({
      device: d.devices ?? 'all',
      audience: t.target(d.target, d.dynamicAudience, d.listOfAudience ?? []),
      href: (d.href ?? '').trim(),
      // The run counts its days from when the popup went live (its schedule's start).
      endsAt: earliest(t.scheduleEnd, d.duration > 0 ? t.publishedAt + d.duration * 86_400_000 : null),
      showAgain: d.rules?.showAgain ?? 'never',
      showsSender: false,
    }),
  },
};

export const bannerRules: CampaignKindRules<BannerDocument> = {
  ...fromDescriptor(bannerKind),
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
  delivery: {
    // A closed banner stays closed.
    replay: 'untilClosed',
    serve: (d, t) => ({
      device: d.settings?.targetDevice ?? 'web',
      audience: t.target(d.target, d.dynamicAudience, []),
      showsSender: d.showSender === true,
    }),
  },
};

export const pushRules: CampaignKindRules<PushNotificationDocument> = {
  ...fromDescriptor(pushKind),
  columns: (d) => ({ title: d.push_notification_title, status: d.status, position: null, priority: null, style: null, devices: d.devices }),
  refs: (d) => ({
    groups: { field: 'group', ids: d.group ? [d.group] : [] },
    segments: { field: 'audience', ids: d.audience ? [d.audience] : [] },
    people: [],
  }),
  check: () => ({}),
  withRefs: (d, groups, audiences) => ({ ...d, group: groups[0] ?? null, audience: audiences[0] ?? null }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, push_notification_title: copyTitle(d.push_notification_title, LIMITS.titleMax) }),
  delivery: {
    // A push notification shows once.
    replay: 'once',
    // It names at most one group and one saved audience: each one given restricts it.
    serve: (d, t) => ({ device: d.devices ?? 'all', audience: t.eachNamed(), showsSender: false }),
  },
};

/** Every step id a tour's stored documents have used: an id the author sends is kept only if it is one of them. */
function stepIdsOf(documents: Record<string, unknown>[]): Set<string> {
  const ids = new Set<string>();
  for (const d of documents) for (const s of (d.steps as { id?: unknown }[] | undefined) ?? []) if (typeof s?.id === 'string') ids.add(s.id);
  return ids;
}

export const tourRules: CampaignKindRules<TourDocument> = {
  ...fromDescriptor(tourKind),
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
  publishable: (d) => tourPublishErrors(d) as Record<string, MessageCode>,
  newDocument: (query) => {
    const { status: _status, ...doc } = defaultTour(query.workSpace ?? null);
    return doc;
  },
  delivery: {
    // It plays over several pages and visits: the page decides from the visitor's progress (kept on
    // the server too) whether it starts, resumes, or is over, so it is served whatever was seen
    // before, on every page of its audience (the script starts it on `insertable_url` or the first
    // step's page and follows the visitor through the other steps' pages).
    replay: 'always',
    serve: (d, t) => ({
      device: d.settings?.devices ?? 'all',
      audience: t.target(d.target, d.dynamicAudience, d.listOfAudience ?? []),
      showsSender: d.showSender === true,
    }),
  },
};

/** E-mails: titled by their subject, targeted like popups (among people with an address). */
export const emailRules: CampaignKindRules<EmailDocument> = {
  ...fromDescriptor(emailKind),
  columns: (d) => ({ title: d.subject, status: d.status, position: null, priority: null, style: null, devices: null }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: [] }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, subject: copyTitle(d.subject, LIMITS.titleMax) }),
  // E-mails go to mailboxes, never to pages.
  delivery: null,
};

/** Every task id a checklist's stored documents have used (as the tours' step ids). */
function taskIdsOf(documents: Record<string, unknown>[]): Set<string> {
  const ids = new Set<string>();
  for (const d of documents) for (const t of (d.tasks as { id?: unknown }[] | undefined) ?? []) if (typeof t?.id === 'string') ids.add(t.id);
  return ids;
}

export const checklistRules: CampaignKindRules<ChecklistDocument> = {
  ...fromDescriptor(checklistKind),
  columns: (d) => ({ title: d.title, status: d.status, position: null, priority: 'normal', style: d.notification_type, devices: 'all' }),
  refs: (d) => ({ groups: { field: 'groups', ids: d.groups }, segments: { field: 'audiences', ids: d.audiences }, people: d.listOfAudience }),
  check: targetCheck,
  withRefs: (d, groups, audiences) => ({ ...d, groups, audiences }),
  duplicate: (d) => ({ ...d, status: DUPLICATE_STATUS, title: copyTitle(d.title, LIMITS.titleMax) }),
  // Task ids are the server's: a visitor's done tasks and the funnel follow a task across reorders and
  // edits, and a made-up or copied id cannot merge two tasks.
  prepare: (d, previous) => {
    const known = taskIdsOf(previous);
    return { ...d, tasks: d.tasks.map((t) => ({ ...t, id: known.has(t.id) ? t.id : randomUUID() })) };
  },
  delivery: {
    // Served on every page of its audience whatever was seen: the page keeps its progress.
    replay: 'always',
    serve: (d, t) => ({
      device: 'all',
      audience: t.target(d.target, d.dynamicAudience, d.listOfAudience ?? []),
      showsSender: d.show_sender === true,
    }),
  },
};

/** Each described kind's document, as its descriptor's schema makes it. */
export type DocumentOf<K extends DescribedKind> = z.output<(typeof CONTENT_KIND_DESCRIPTORS)[K]['document']>;

/** The server's rules of every described kind: a descriptor without its rules does not compile. */
export const KIND_RULES: { [K in DescribedKind]: CampaignKindRules<DocumentOf<K>> } = {
  popup: popupRules,
  banner: bannerRules,
  push: pushRules,
  tour: tourRules,
  email: emailRules,
  checklist: checklistRules,
};
