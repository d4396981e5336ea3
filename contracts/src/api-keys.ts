import { z } from 'zod';
import { defineCall, inWebsite } from './call';
import { idParamSchema, messageSchema, requiredNameSchema } from './common';
import { msg } from './message-code';
import { ALL_PERMISSIONS, parsePermission, type Permission } from './permissions';

/**
 * API keys: what an organisation's own servers call the API with, instead of a person's session.
 * A key belongs to one website and holds a set of permissions its creator holds; the API keeps only
 * its SHA-256, so the key is shown in full once, in the answer that makes it.
 */

/** Every key starts with this, so a key found in a file or a log tells what it is. */
export const API_KEY_PREFIX = 'spk_';
/** The header a key is sent in, as an access token is: `Authorization: Bearer spk_…`. */
export const API_KEY_SCHEME = 'Bearer';
export const API_KEY_NAME_MAX = 100;
/** How long a rotated key may keep working beside its successor, at most (a week, in minutes). */
export const API_KEY_OVERLAP_MAX_MINUTES = 7 * 24 * 60;
export const API_KEY_OVERLAP_DEFAULT_MINUTES = 60;

/**
 * Permissions a key may never hold: managing keys. A key that made keys could outlive its own
 * revocation through the keys it made.
 */
export const isKeyGrantable = (permission: Permission): boolean => parsePermission(permission).resource !== 'apiKeys';
export const KEY_GRANTABLE_PERMISSIONS: Permission[] = ALL_PERMISSIONS.filter(isKeyGrantable);

export const API_KEY_STATUSES = ['active', 'expiring', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key as the console lists it: never the key itself, only its visible start. */
export const apiKeySchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The key's first characters (`spk_` and 8 more), to recognise it. */
  prefix: z.string(),
  permissions: z.array(z.string()),
  /** active; expiring (rotated, working until `expiresAt`); expired; revoked. */
  status: z.enum(API_KEY_STATUSES),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

const permissionsSchema = z
  .array(z.enum(KEY_GRANTABLE_PERMISSIONS as [Permission, ...Permission[]], { error: msg('apiKeys.permissionUnknown') }), {
    error: msg('apiKeys.permissionsRequired'),
  })
  .min(1, msg('apiKeys.permissionsRequired'))
  .transform((permissions) => [...new Set(permissions)].sort());

export const apiKeyCreateBodySchema = z.object({
  name: requiredNameSchema(API_KEY_NAME_MAX, msg('apiKeys.nameTooLong')),
  permissions: permissionsSchema,
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBodySchema>;

export const apiKeyRotateBodySchema = z.object({
  /** Minutes the old key keeps working (0: it stops at once). */
  overlapMinutes: z
    .number({ error: msg('apiKeys.overlapInvalid') })
    .int(msg('apiKeys.overlapInvalid'))
    .min(0, msg('apiKeys.overlapInvalid'))
    .max(API_KEY_OVERLAP_MAX_MINUTES, msg('apiKeys.overlapInvalid'))
    .default(API_KEY_OVERLAP_DEFAULT_MINUTES),
});
export type ApiKeyRotateBody = z.input<typeof apiKeyRotateBodySchema>;

/** The answer that makes a key: the only time it is shown in full. */
export const apiKeyWithSecretSchema = z.object({ message: z.string(), data: apiKeySchema, key: z.string() });

const TAG = 'API keys';

export const listApiKeysCall = defineCall({
  method: 'GET',
  path: '/api/api-keys',
  access: inWebsite('get_apiKeys'),
  summary: 'The active website’s API keys (never the keys themselves), newest first',
  tag: TAG,
  response: z.object({ data: z.array(apiKeySchema) }),
  errors: [400, 401, 403, 404],
});

export const createApiKeyCall = defineCall({
  method: 'POST',
  path: '/api/api-keys',
  access: inWebsite('create_apiKeys'),
  summary: 'Make an API key for the active website with permissions the caller holds; answers the key, shown this once',
  tag: TAG,
  body: apiKeyCreateBodySchema,
  status: 201,
  response: apiKeyWithSecretSchema,
  errors: [400, 401, 403, 404],
});

export const rotateApiKeyCall = defineCall({
  method: 'POST',
  path: '/api/api-keys/:id/rotate',
  access: inWebsite('create_apiKeys'),
  summary: 'A new key with the same name and permissions, shown this once; the old one keeps working for the overlap, then stops',
  tag: TAG,
  params: idParamSchema,
  body: apiKeyRotateBodySchema,
  status: 201,
  response: apiKeyWithSecretSchema.extend({ previous: apiKeySchema }),
  errors: [400, 401, 403, 404, 409],
});

export const revokeApiKeyCall = defineCall({
  method: 'DELETE',
  path: '/api/api-keys/:id',
  access: inWebsite('delete_apiKeys'),
  summary: 'Revoke an API key: it is refused from the next call on',
  tag: TAG,
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404],
});
