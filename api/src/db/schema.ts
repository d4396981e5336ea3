import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The relational model. Every tenant-owned table carries `organisation_id` and an index on
 * (organisation_id, created_at) because every list sorts by creation date, newest first, inside one
 * organisation (spec section 9). Timestamps are `timestamptz`; ids are random UUIDs, exposed as `_id`.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const organisations = pgTable('organisations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
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
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Permission strings of spec section 6 (`action_resource`). */
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_idx').on(t.roleId)],
);

export const websites = pgTable(
  'websites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    domain: text('domain').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    familyId: uuid('family_id')
      .notNull()
      .references(() => tokenFamilies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_key_created_idx').on(t.key, t.createdAt)],
);

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
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
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `#rrggbb`, lower-cased. */
    color: text('color').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('tags_website_name_unique').on(t.websiteId, sql`lower(${t.name})`), index('tags_website_created_idx').on(t.websiteId, t.createdAt)],
);

export const WORKSPACE_SERVICE_VALUES = ['popup', 'banner', 'push', 'tour', 'checklist'] as const;

export const workspaces = pgTable(
  'workspaces',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    icon: text('icon').notNull(),
    /** The service whose side list shows this workspace (GET /api/workspaces?service=). */
    service: text('service', { enum: WORKSPACE_SERVICE_VALUES }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('workspaces_website_name_unique').on(t.websiteId, sql`lower(${t.name})`),
    index('workspaces_website_created_idx').on(t.websiteId, t.createdAt),
    check('workspaces_service_check', sql`${t.service} in ('popup', 'banner', 'push', 'tour', 'checklist')`),
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
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    memberId: text('member_id').notNull(),
    username: text('username'),
    division: text('division'),
    state: text('state'),
    domain: text('domain'),
    attributes: jsonb('attributes').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_members_website_member_unique').on(t.websiteId, t.memberId),
    index('client_members_website_created_idx').on(t.websiteId, t.createdAt),
  ],
);

/** Groups of client members of one website, targeted by content (spec: Group with members). */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('groups_website_name_unique').on(t.websiteId, sql`lower(${t.name})`), index('groups_website_created_idx').on(t.websiteId, t.createdAt)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    clientMemberId: uuid('client_member_id')
      .notNull()
      .references(() => clientMembers.id, { onDelete: 'cascade' }),
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
    websiteId: uuid('website_id')
      .notNull()
      .references(() => websites.id, { onDelete: 'cascade' }),
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
