import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { CONTENT_KINDS, WORKSPACE_SERVICES, type AudienceGroup, type DescribedKind } from 'contracts';
import type { BubbleLauncherSettings, BubbleOpenConfig } from 'contracts';

/**
 * The relational model. Every tenant-owned table carries `organisation_id` and an index on
 * (organisation_id, created_at) because every list sorts by creation date, newest first, inside one
 * organisation. Timestamps are `timestamptz`; ids are random UUIDs, exposed as `_id`.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** A required reference to the row this one belongs to: deleting that row deletes this one (ON DELETE CASCADE). */
const belongsTo = (name: string, target: () => AnyPgColumn) => uuid(name).notNull().references(target, { onDelete: 'cascade' });

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    name: text('name').notNull(),
    /** Always stored lower-cased (the contracts' email schema lower-cases input). */
    email: text('email').notNull(),
    /** Null for accounts that only sign in through the identity provider. */
    passwordHash: text('password_hash'),
    avatar: text('avatar'),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('users_created_idx').on(t.createdAt),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    name: text('name').notNull(),
    /** Permission strings (`action_resource`). */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('roles_organisation_name_unique').on(t.organisationId, t.name),
    index('roles_organisation_created_idx').on(t.organisationId, t.createdAt),
  ],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: belongsTo('user_id', () => users.id),
    roleId: belongsTo('role_id', () => roles.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const websites = pgTable(
  'websites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    /**
     * The website's public key: what its script sends with every event (POST /api/public/{key}/events).
     * Not a secret (it ships in the page, like Intercom's app id); it only names the website.
     */
    publicKey: text('public_key')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** The fatigue cap: interruptive items (popups, push notifications) one visitor is shown a UTC day. */
    interruptionsPerDay: integer('interruptions_per_day').notNull().default(3),
    /**
     * Identity verification: identify needs `userHash` = HMAC-SHA256(identitySecret, externalId). True
     * for every website created since migration 0013 (those before it were set to false).
     */
    identityRequired: boolean('identity_required').notNull().default(true),
    /** What the customer's server signs external ids with; a secret, shown only to create_websites. */
    identitySecret: text('identity_secret')
      .notNull()
      .default(sql`(replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))`),
    /** The secret the last rotation replaced: it verifies until identityRotatedAt + LIMITS.identitySecretGraceHours. */
    identityPreviousSecret: text('identity_previous_secret'),
    identityRotatedAt: tstz('identity_rotated_at'),
    /** A push notification may show beside an open popup (otherwise interruptive items show one at a time). */
    pushesBesidePopup: boolean('pushes_beside_popup').notNull().default(false),
    /** Seconds the script waits after an interruptive item ends before showing the next. */
    quietAfterCloseSeconds: integer('quiet_after_close_seconds').notNull().default(3),
    /** The website's time zone (IANA name): schedules are entered and shown in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** Days an anonymous visitor's events are kept (null: for ever); the job queue deletes older ones. */
    anonymousRetentionDays: integer('anonymous_retention_days'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('websites_public_key_unique').on(t.publicKey),
    uniqueIndex('websites_organisation_domain_unique').on(t.organisationId, t.domain),
    index('websites_organisation_created_idx').on(t.organisationId, t.createdAt),
  ],
);

/**
 * One row per sign-in ("token family"). Every access token carries its family id (`fid`), so the
 * per-request "is this session still alive" check is a primary-key lookup here. Revoking the family
 * (logout, reuse detection, password change/reset) kills its access and refresh tokens at once.
 */
export const tokenFamilies = pgTable(
  'token_families',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    /** Absolute lifetime: rotation never extends it. */
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('token_families_user_idx').on(t.userId)],
);

/** Opaque refresh tokens, stored only as their SHA-256; each is usable once (rotation). */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: belongsTo('family_id', () => tokenFamilies.id),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    /** Equal to the family's absolute expiry. */
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    revokedAt: tstz('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_unique').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_hash_unique').on(t.tokenHash), index('password_resets_user_idx').on(t.userId)],
);

/**
 * Failed sign-ins, one row each, keyed `account:<email>` or `ip:<address>`. Kept in the database
 * (not in memory) so several API processes enforce one limit together.
 */
/**
 * Attempts at guessable secrets per key (account and address, account, address, link kind and
 * address): counted atomically, with the time the next attempt must wait for (services/login-limiter.ts).
 */
export const throttles = pgTable('throttles', {
  key: text('key').primaryKey(),
  attempts: integer('attempts').notNull(),
  waitUntil: timestamp('wait_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/**
 * A requested change of a user's e-mail: it takes effect only when the link mailed
 * to the new address is followed. One pending change per user (a new request replaces it); the
 * token is stored as its SHA-256 and works once, until `expiresAt`.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: belongsTo('user_id', () => users.id),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_changes_hash_unique').on(t.tokenHash), uniqueIndex('email_changes_user_unique').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    email: text('email').notNull(),
    roleId: uuid('role_id').references(() => roles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    status: text('status', { enum: INVITATION_STATUSES }).notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tstz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_unique').on(t.tokenHash),
    index('invitations_organisation_created_idx').on(t.organisationId, t.createdAt),
    index('invitations_email_idx').on(t.email),
    check('invitations_status_check', sql`${t.status} in ('pending', 'accepted', 'rejected')`),
  ],
);

/**
 * Tags and workspaces are content of one website (spec: "content belongs to a website"), so they carry
 * `website_id` (cascade: deleting a website deletes its content) and are listed per website, newest
 * first. A name is unique in its website whatever its case.
 */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    /** `#rrggbb`, lower-cased. */
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_website_name_unique').on(t.websiteId, sql`lower(${t.name})`), index('tags_website_created_idx').on(t.websiteId, t.createdAt)],
);

/** A workspace files the items of one kind: the described kinds (contracts' descriptors). */
export const WORKSPACE_SERVICE_VALUES = WORKSPACE_SERVICES;
/** `'popup', 'banner', …`: the kinds as the check constraints list them (a new kind changes them in a migration). */
const KINDS_IN_SQL = sql.raw(CONTENT_KINDS.map((k) => `'${k}'`).join(', '));

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    /** The service whose side list shows this workspace (GET /api/workspaces?service=). */
    service: text('service', { enum: WORKSPACE_SERVICE_VALUES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspaces_website_service_name_unique').on(t.websiteId, t.service, sql`lower(${t.name})`),
    index('workspaces_website_created_idx').on(t.websiteId, t.createdAt),
    check('workspaces_service_check', sql`${t.service} in (${KINDS_IN_SQL})`),
  ],
);

/**
 * The people of a website (spec: "Client member"): the visitors the website's script identifies,
 * with the built-in fields the Clients/reports table shows and the values of the website's
 * people-data attributes (`attributes`, keyed by attribute name). Dynamic audiences are evaluated in
 * SQL over these columns. `member_id` is the website's own id for the person, unique per website.
 */
export const clientMembers = pgTable(
  'client_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    memberId: text('member_id').notNull(),
    username: text('username'),
    division: text('division'),
    state: text('state'),
    domain: text('domain'),
    /** The e-mail the website's script gave with `identify`. */
    email: text('email'),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    /** When each attribute last changed value (attribute name → ISO time), kept by identify for the person's page. */
    attributesChangedAt: jsonb('attributes_changed_at').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_members_website_member_unique').on(t.websiteId, t.memberId),
    // Exactly the lists' order (newest first, then member id): pages are read off the index with no sort.
    index('client_members_website_created_member_idx').on(t.websiteId, t.createdAt.desc().nullsFirst(), t.memberId),
  ],
);

/** Groups of client members of one website, targeted by content (spec: Group with members). */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_website_name_unique').on(t.websiteId, sql`lower(${t.name})`), index('groups_website_created_idx').on(t.websiteId, t.createdAt)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: belongsTo('group_id', () => groups.id),
    clientMemberId: belongsTo('client_member_id', () => clientMembers.id),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.clientMemberId] }), index('group_members_member_idx').on(t.clientMemberId)],
);

export const ATTRIBUTE_TYPES = ['string', 'number', 'boolean', 'date'] as const;

/** People-data attributes of a website: what its script sends about each person, with a type. */
export const attributes = pgTable(
  'attributes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    type: text('type', { enum: ATTRIBUTE_TYPES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('attributes_website_name_unique').on(t.websiteId, sql`lower(${t.name})`),
    index('attributes_website_created_idx').on(t.websiteId, t.createdAt),
    check('attributes_type_check', sql`${t.type} in ('string', 'number', 'boolean', 'date')`),
  ],
);

/** Saved dynamic audiences of a website (spec: Segment has a name); `audience` is the rule tree. */
export const segments = pgTable(
  'segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    audience: jsonb('audience').$type<AudienceGroup>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('segments_website_name_unique').on(t.websiteId, sql`lower(${t.name})`),
    index('segments_website_created_idx').on(t.websiteId, t.createdAt),
  ],
);

export { CONTENT_KINDS };
export type ContentKind = DescribedKind;

/**
 * Campaign content of a website: popups ("posts"), banners and push notifications in one table, told
 * apart by `kind`. The columns are what lists filter and sort on; `document` is the editor's whole
 * document as the contract of its kind defines it (pages and blocks, settings, actions, rules…).
 * One table means one id space for the visitor events, comments, reactions and answers that point
 * at content, and one index serves every list: (website_id, kind, created_at desc).
 */
export const contents = pgTable(
  'contents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'set null' }),
    tagId: uuid('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    /** Who wrote it (the "Sender" column); kept when the user leaves, shown by name. */
    senderId: uuid('sender_id').references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    status: text('status').notNull(),
    position: text('position'),
    priority: text('priority'),
    /** Banner style (inline, floating…), popup format (small, medium, large); filtered as `style`. */
    style: text('style'),
    devices: text('devices'),
    /** What visitors are served: the published version (or the working copy of an item that is not live). */
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    /** The author's unpublished changes to a live or scheduled item; null when there are none. */
    draft: jsonb('draft').$type<Record<string, unknown>>(),
    /** A scheduled item shows from `startsAt` until `endsAt` (null: no end). */
    startsAt: tstz('starts_at'),
    endsAt: tstz('ends_at'),
    /** When the item went live (a popup's run counts its days from there). */
    publishedAt: tstz('published_at'),
    reactCount: integer('react_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('contents_website_kind_created_idx').on(t.websiteId, t.kind, t.createdAt.desc(), t.id.desc()),
    check('contents_kind_check', sql`${t.kind} in (${KINDS_IN_SQL})`),
  ],
);

/** Each publish of a content item: the published document, who published it, which fields changed. */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: belongsTo('content_id', () => contents.id),
    number: integer('number').notNull(),
    document: jsonb('document').$type<Record<string, unknown>>().notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** The names of the document's fields that differ from the previous version. */
    summary: jsonb('summary').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('content_versions_content_number_unique').on(t.contentId, t.number)],
);

/** Groups a content item targets. */
export const contentGroups = pgTable(
  'content_groups',
  {
    contentId: belongsTo('content_id', () => contents.id),
    groupId: belongsTo('group_id', () => groups.id),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.groupId] }), index('content_groups_group_idx').on(t.groupId)],
);

/** Saved audiences (segments) a content item targets. */
export const contentSegments = pgTable(
  'content_segments',
  {
    contentId: belongsTo('content_id', () => contents.id),
    segmentId: belongsTo('segment_id', () => segments.id),
  },
  (t) => [primaryKey({ columns: [t.contentId, t.segmentId] }), index('content_segments_segment_idx').on(t.segmentId)],
);

/** Files uploaded through POST /api/upload: metadata here, bytes in the upload store (UPLOAD_DIR). */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The website it was uploaded in (the caller's active website); deleting the website deletes the
     * upload, file included (stores/websites.ts). Null for uploads older than this column. The
     * storage quota counts the organisation's uploads (UPLOAD_QUOTA_BYTES_PER_ORGANISATION).
     */
    websiteId: uuid('website_id').references(() => websites.id, { onDelete: 'set null' }),
    /** The stored file's name in the store: `<id>.<ext>`. */
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_organisation_created_idx').on(t.organisationId, t.createdAt), index('uploads_website_idx').on(t.websiteId)],
);

/**
 * What a website's visitors did, as its script reports it through the public ingestion call
 * (POST /api/public/{websiteKey}/events). Statistics are SQL aggregates over this table.
 * `type`: session (a visitor connected, with `device`), view, react, comment, close, answer.
 * Content events carry `content_id` and `content_kind` (copied so aggregates need no join).
 */
export const VISITOR_EVENT_TYPES = [
  'session',
  'view',
  'react',
  'comment',
  'close',
  'answer',
  'click',
  'step',
  'complete',
  'snooze',
  'dismiss',
  'element_missing',
  'task',
  'track',
] as const;
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number];
export const VISITOR_DEVICES = ['web', 'mobile'] as const;

export const visitorEvents = pgTable(
  'visitor_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    type: text('type', { enum: VISITOR_EVENT_TYPES }).notNull(),
    /** The website's id for the visitor (client member id when identified, else an anonymous id). */
    visitorId: text('visitor_id').notNull(),
    device: text('device', { enum: VISITOR_DEVICES }),
    contentId: uuid('content_id').references(() => contents.id, { onDelete: 'cascade' }),
    contentKind: text('content_kind', { enum: CONTENT_KINDS }),
    occurredAt: tstz('occurred_at').notNull(),
    receivedAt: tstz('received_at').notNull().defaultNow(),
    /** The id the page gave the event: a retried batch is stored once (unique per website). */
    eventId: text('event_id'),
    /** What a `click` clicked (a link address or a button's label). */
    target: text('target'),
    /** What the type needs beyond `target`: a missing element's page and selector, a tracked event's name… */
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('visitor_events_website_type_time_idx').on(t.websiteId, t.type, t.occurredAt),
    index('visitor_events_content_idx').on(t.contentId),
    uniqueIndex('visitor_events_website_event_unique').on(t.websiteId, t.eventId),
    // One visitor's history (fatigue, replay) read by the website script's content call.
    index('visitor_events_website_visitor_time_idx').on(t.websiteId, t.visitorId, t.occurredAt),
    check(
      'visitor_events_type_check',
      sql`${t.type} in ('session', 'view', 'react', 'comment', 'close', 'answer', 'click', 'step', 'complete', 'snooze', 'dismiss', 'element_missing', 'task', 'track')`,
    ),
    check('visitor_events_device_check', sql`${t.device} is null or ${t.device} in ('web', 'mobile')`),
  ],
);

/** Comments visitors left on a popup or banner. */
export const contentComments = pgTable(
  'content_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: belongsTo('content_id', () => contents.id),
    visitorId: text('visitor_id').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('content_comments_content_created_idx').on(t.contentId, t.createdAt), index('content_comments_visitor_idx').on(t.visitorId)],
);

/** Emoji reactions visitors gave to a popup or banner: each visitor's latest one per item. */
export const contentReactions = pgTable(
  'content_reactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: belongsTo('content_id', () => contents.id),
    visitorId: text('visitor_id').notNull(),
    emoji: text('emoji').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('content_reactions_content_emoji_idx').on(t.contentId, t.emoji, t.createdAt),
    // One reaction per visitor per item: a new one replaces theirs (migration 0014).
    uniqueIndex('content_reactions_content_visitor_unique').on(t.contentId, t.visitorId),
    index('content_reactions_visitor_idx').on(t.visitorId),
  ],
);

/** Answers visitors gave to a popup's form questions: one row per answered question. */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentId: belongsTo('content_id', () => contents.id),
    visitorId: text('visitor_id').notNull(),
    /** The form-question block the answer is for, and its question text when answered. */
    blockId: text('block_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('form_answers_content_created_idx').on(t.contentId, t.createdAt), index('form_answers_visitor_idx').on(t.visitorId)],
);

/**
 * The website script's visitors: the id the script keeps in the page, and the client
 * member `identify` linked it to (null while anonymous).
 */
export const visitors = pgTable(
  'visitors',
  {
    websiteId: belongsTo('website_id', () => websites.id),
    visitorId: text('visitor_id').notNull(),
    clientMemberId: uuid('client_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    /** Whether the link to the client member was proven by a valid `userHash` (a verified identity), not only the page's word. */
    identityVerified: boolean('identity_verified').notNull().default(false),
    firstSeenAt: tstz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.websiteId, t.visitorId] }),
    index('visitors_member_idx').on(t.clientMemberId),
    index('visitors_website_member_idx').on(t.websiteId, t.clientMemberId),
    index('visitors_website_anonymous_seen_idx')
      .on(t.websiteId, t.lastSeenAt)
      .where(sql`${t.clientMemberId} is null`),
  ],
);

/** The installation heartbeat: each page origin the script reported from, with its version and when. */
export const websiteInstallations = pgTable(
  'website_installations',
  {
    websiteId: belongsTo('website_id', () => websites.id),
    origin: text('origin').notNull(),
    version: text('version'),
    firstSeenAt: tstz('first_seen_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.websiteId, t.origin] }), index('website_installations_website_seen_idx').on(t.websiteId, t.lastSeenAt)],
);

/** Hits of the public script calls per key (call, website key, address) in the current minute window, shared by every API process. */
export const publicRateLimits = pgTable('public_rate_limits', {
  key: text('key').primaryKey(),
  windowStart: tstz('window_start').notNull(),
  hits: integer('hits').notNull(),
});

/**
 * A visitor's place in a tour or a checklist (the step reached, the tasks done, dismissed…), kept on
 * the server so a reload or a second device resumes it: one row per anonymous visitor, or per person
 * once identified (`clientMemberId` set; the row then follows the person to any device).
 */
export const contentProgress = pgTable(
  'content_progress',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    contentId: belongsTo('content_id', () => contents.id),
    visitorId: text('visitor_id'),
    clientMemberId: uuid('client_member_id').references(() => clientMembers.id, { onDelete: 'cascade' }),
    state: jsonb('state').$type<Record<string, unknown>>().notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('content_progress_visitor_unique')
      .on(t.contentId, t.visitorId)
      .where(sql`${t.clientMemberId} is null`),
    uniqueIndex('content_progress_person_unique')
      .on(t.contentId, t.clientMemberId)
      .where(sql`${t.clientMemberId} is not null`),
    index('content_progress_website_visitor_idx').on(t.websiteId, t.visitorId),
    check('content_progress_owner_check', sql`${t.visitorId} is not null or ${t.clientMemberId} is not null`),
  ],
);

/**
 * An e-mail campaign's send order (written on publish): turned into one job per recipient once due,
 * exactly once (`enqueuedAt`). `baseUrl` is the API's public address the e-mail's links point at.
 */
export const emailSends = pgTable(
  'email_sends',
  {
    contentId: uuid('content_id')
      .primaryKey()
      .references(() => contents.id, { onDelete: 'cascade' }),
    websiteId: belongsTo('website_id', () => websites.id),
    baseUrl: text('base_url').notNull(),
    enqueuedAt: tstz('enqueued_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_sends_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.enqueuedAt} is null`),
  ],
);

export const EMAIL_JOB_STATUSES = ['queued', 'sent', 'failed', 'skipped'] as const;
export type EmailJobStatus = (typeof EMAIL_JOB_STATUSES)[number];

/** The columns of a durable queue's row (email_jobs, push_jobs): where it is, its tries, its lease. */
const queueJobColumns = () => ({
  status: text('status', { enum: EMAIL_JOB_STATUSES }).notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  runAt: tstz('run_at').notNull().defaultNow(),
  lockedUntil: tstz('locked_until'),
  lastError: text('last_error'),
  sentAt: tstz('sent_at'),
});

/**
 * The durable delivery queue: one job per (campaign, person), the idempotency key. Claimed with
 * FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`); `token` is the recipient's secret in the
 * e-mail's links; opened/clicked/unsubscribed are set once (each counts once a person).
 */
export const emailJobs = pgTable(
  'email_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    contentId: belongsTo('content_id', () => contents.id),
    clientMemberId: belongsTo('client_member_id', () => clientMembers.id),
    email: text('email').notNull(),
    token: text('token').notNull(),
    ...queueJobColumns(),
    openedAt: tstz('opened_at'),
    clickedAt: tstz('clicked_at'),
    unsubscribedAt: tstz('unsubscribed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('email_jobs_content_member_unique').on(t.contentId, t.clientMemberId),
    uniqueIndex('email_jobs_token_unique').on(t.token),
    index('email_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('email_jobs_website_sent_idx').on(t.websiteId, t.sentAt),
    index('email_jobs_member_idx').on(t.clientMemberId),
    check('email_jobs_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
  ],
);

/** Addresses a website no longer e-mails: unsubscribed, or refused for good by the SMTP server (a bounce). */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    websiteId: belongsTo('website_id', () => websites.id),
    /** Lower-cased. */
    email: text('email').notNull(),
    reason: text('reason', { enum: ['unsubscribed', 'bounced'] }).notNull(),
    clientMemberId: uuid('client_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    contentId: uuid('content_id').references(() => contents.id, { onDelete: 'set null' }),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'email_suppressions_pk', columns: [t.websiteId, t.email] }),
    check('email_suppressions_reason_check', sql`${t.reason} in ('unsubscribed', 'bounced')`),
  ],
);

/** A website's VAPID key pair (RFC 8292), made on first need; the private key never leaves the server (migration 0023). */
export const pushVapidKeys = pgTable('push_vapid_keys', {
  websiteId: uuid('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: createdAt(),
});

/** A browser's Web Push subscription for a visitor of a website (and the person, once identified). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    visitorId: text('visitor_id').notNull(),
    clientMemberId: uuid('client_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_website_endpoint_unique').on(t.websiteId, t.endpoint),
    index('push_subscriptions_member_idx').on(t.clientMemberId),
    index('push_subscriptions_website_visitor_idx').on(t.websiteId, t.visitorId),
  ],
);

/**
 * The durable queue of push notifications to subscriptions: one row per (notification,
 * subscription), claimed like `email_jobs`. `token` names the row in what the service worker reports
 * (shown, clicked), which it can do long after any visitor token expired.
 */
export const pushJobs = pgTable(
  'push_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    contentId: belongsTo('content_id', () => contents.id),
    subscriptionId: uuid('subscription_id').references(() => pushSubscriptions.id, { onDelete: 'set null' }),
    visitorId: text('visitor_id').notNull(),
    token: text('token').notNull(),
    ...queueJobColumns(),
    shownAt: tstz('shown_at'),
    clickedAt: tstz('clicked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_jobs_content_subscription_unique').on(t.contentId, t.subscriptionId),
    uniqueIndex('push_jobs_token_unique').on(t.token),
    index('push_jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    check('push_jobs_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
    index('push_jobs_website_visitor_idx').on(t.websiteId, t.visitorId),
  ],
);

/** The messenger's configuration of a website; none saved answers the defaults (migration 0020). */
export const bubbleConfigs = pgTable('bubble_configs', {
  websiteId: uuid('website_id')
    .primaryKey()
    .references(() => websites.id, { onDelete: 'cascade' }),
  launcherSettings: jsonb('launcher_settings').$type<BubbleLauncherSettings>().notNull(),
  openConfig: jsonb('open_config').$type<BubbleOpenConfig>().notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export const MESSAGE_AUTHORS = ['visitor', 'staff'] as const;

/** A conversation between one visitor of a website and its staff (the messenger's Messages space). */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    visitorId: text('visitor_id').notNull(),
    clientMemberId: uuid('client_member_id').references(() => clientMembers.id, { onDelete: 'set null' }),
    /** Where an anonymous visitor asked to be answered. */
    email: text('email'),
    status: text('status', { enum: CONVERSATION_STATUSES }).notNull().default('open'),
    staffUnread: integer('staff_unread').notNull().default(0),
    visitorUnread: integer('visitor_unread').notNull().default(0),
    /**
     * When the staff's unread answers are e-mailed to `email` (null: nothing waits). Set by the first
     * answer of a burst, cleared when the visitor reads them or once the e-mail is sent, so the
     * e-mail survives a restart and one goes per burst (services/reply-mailer.ts).
     */
    replyMailDueAt: tstz('reply_mail_due_at'),
    /** The language of that e-mail (the answering staff's, as the visitor's is not known). */
    replyMailLanguage: text('reply_mail_language'),
    createdAt: createdAt(),
    lastMessageAt: tstz('last_message_at').notNull().defaultNow(),
  },
  (t) => [
    index('conversations_website_last_idx').on(t.websiteId, t.lastMessageAt),
    index('conversations_website_visitor_idx').on(t.websiteId, t.visitorId),
    index('conversations_member_idx').on(t.clientMemberId),
    index('conversations_reply_mail_due_idx')
      .on(t.replyMailDueAt)
      .where(sql`${t.replyMailDueAt} is not null`),
    check('conversations_status_check', sql`${t.status} in ('open', 'closed')`),
  ],
);

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: belongsTo('conversation_id', () => conversations.id),
    author: text('author', { enum: MESSAGE_AUTHORS }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('conversation_messages_conversation_idx').on(t.conversationId, t.createdAt),
    check('conversation_messages_author_check', sql`${t.author} in ('visitor', 'staff')`),
  ],
);

export const STAFF_NOTIFICATION_TYPES = ['message', 'comment', 'answers', 'installed', 'element_missing'] as const;

/** What a website's staff act on; written by the database's triggers (migration 0020). */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    type: text('type', { enum: STAFF_NOTIFICATION_TYPES }).notNull(),
    /** The conversation, content item or page origin it is about. */
    subjectId: text('subject_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_notifications_website_created_idx').on(t.websiteId, t.createdAt),
    check('staff_notifications_type_check', sql`${t.type} in ('message', 'comment', 'answers', 'installed', 'element_missing')`),
  ],
);

export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: belongsTo('notification_id', () => staffNotifications.id),
    userId: belongsTo('user_id', () => users.id),
    readAt: tstz('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.userId] })],
);

/** The live streams' events: a visitor's (visitorId set) or the website's staff (null); the id is the SSE event id. */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    websiteId: belongsTo('website_id', () => websites.id),
    visitorId: text('visitor_id'),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('live_events_website_visitor_idx').on(t.websiteId, t.visitorId, t.id)],
);

/**
 * The on-page tour builder's one-time tokens (`kind` 'token', minutes, `usedAt` once exchanged) and
 * the sessions they become (`kind` 'session', hours), each for one website and one tour; only the
 * SHA-256 of each is kept. `userId`: the console user who asked for the token (the author).
 */
export const tourBuilderTokens = pgTable(
  'tour_builder_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    contentId: belongsTo('content_id', () => contents.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind').$type<'token' | 'session'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: tstz('expires_at').notNull(),
    usedAt: tstz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('tour_builder_tokens_hash_unique').on(t.tokenHash),
    index('tour_builder_tokens_expires_idx').on(t.expiresAt),
    check('tour_builder_tokens_kind_check', sql`${t.kind} in ('token', 'session')`),
  ],
);

/** What a webhook endpoint may subscribe to (contracts' WEBHOOK_EVENTS, kept in step by a test). */
export const WEBHOOK_EVENT_TYPES = [
  'content.published',
  'answer.received',
  'message.received',
  'email.bounced',
  'email.unsubscribed',
  'person.deleted',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * A website's webhook endpoints: where its events are POSTed. `secret` signs every delivery (HMAC
 * needs it in clear, so it is kept as is and shown once, at creation and at each rotation).
 * `consecutiveFailures` counts failed tries since the last success; past the limit the endpoint is
 * disabled (`disabledAt`) and its creator told.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: jsonb('events').$type<WebhookEventType[]>().notNull(),
    secret: text('secret').notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledAt: tstz('disabled_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_endpoints_website_idx').on(t.websiteId, t.createdAt)],
);

/**
 * The webhook delivery queue and its log: one job per (endpoint, event), the idempotency key, with
 * the exact body signed (a retry sends the same bytes) and the last try's answer.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    ...queueJobColumns(),
    responseStatus: integer('response_status'),
    responseMs: integer('response_ms'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(t.endpointId, t.eventId),
    index('webhook_deliveries_due_idx')
      .on(t.runAt)
      .where(sql`${t.status} = 'queued'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    check('webhook_deliveries_status_check', sql`${t.status} in ('queued', 'sent', 'failed', 'skipped')`),
  ],
);

/**
 * The audit log: who did what to which object of an organisation, when and from which address. A
 * row is written in the transaction of the change it records, so it exists exactly when the change
 * does. The website and the actor are plain copies, not references: an entry outlives the website
 * it speaks of (its deletion is itself an entry) and the member who acted.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: belongsTo('organisation_id', () => organisations.id),
    websiteId: uuid('website_id'),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    address: text('address'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_organisation_idx').on(t.organisationId, t.createdAt),
    index('audit_log_organisation_actor_idx').on(t.organisationId, t.actorId, t.createdAt),
  ],
);

/**
 * API keys: what an organisation's servers call the API with. Only the SHA-256 of a key is kept
 * (`keyHash`), with its first characters (`prefix`) to recognise it in a list. A key acts in its
 * website with `permissions` as far as its creator still holds them, so it is deleted with its creator.
 * Rotation sets `expiresAt` on the old key (it works until then) and points it at its successor.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: belongsTo('website_id', () => websites.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull(),
    permissions: text('permissions').array().notNull(),
    createdBy: belongsTo('created_by', () => users.id),
    createdAt: createdAt(),
    lastUsedAt: tstz('last_used_at'),
    expiresAt: tstz('expires_at'),
    revokedAt: tstz('revoked_at'),
    replacedBy: uuid('replaced_by'),
  },
  (t) => [uniqueIndex('api_keys_key_hash_unique').on(t.keyHash), index('api_keys_website_idx').on(t.websiteId, t.createdAt)],
);
