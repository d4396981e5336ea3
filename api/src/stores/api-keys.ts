import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { API_KEY_PREFIX, type Permission } from 'contracts';
import type { Db, DbOrTx } from '../db/client';
import { apiKeys, roles, userRoles, users, websites } from '../db/schema';
import { sha256 } from '../lib/crypto';

/*
 * The SQL of API keys: a website's keys for the console, and the one lookup the access hook makes
 * for a call that presents a key.
 */

export type ApiKeyRow = typeof apiKeys.$inferSelect & { createdByName: string | null };

/** Characters of a key kept in clear to recognise it: `spk_` and 8 of its random part. */
const VISIBLE_CHARACTERS = API_KEY_PREFIX.length + 8;
/** Last use is written at most this often per key, so a busy integration does not write on every call. */
export const LAST_USED_PRECISION_MS = 60_000;

/** A new key: 256 random bits after `spk_`; only its SHA-256 and its visible start are kept. */
export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, VISIBLE_CHARACTERS), keyHash: sha256(key) };
}

export const isApiKey = (token: string): boolean => token.startsWith(API_KEY_PREFIX);

const listColumns = {
  id: apiKeys.id,
  websiteId: apiKeys.websiteId,
  name: apiKeys.name,
  prefix: apiKeys.prefix,
  keyHash: apiKeys.keyHash,
  permissions: apiKeys.permissions,
  createdBy: apiKeys.createdBy,
  createdAt: apiKeys.createdAt,
  lastUsedAt: apiKeys.lastUsedAt,
  expiresAt: apiKeys.expiresAt,
  revokedAt: apiKeys.revokedAt,
  replacedBy: apiKeys.replacedBy,
  createdByName: users.name,
};

export type RotateOutcome =
  { outcome: 'rotated'; previous: ApiKeyRow; row: ApiKeyRow; key: string } | { outcome: 'not-found' } | { outcome: 'already-rotated' };

/** The API keys of one website (the console's calls). */
export function apiKeysStore(db: Db, websiteId: string) {
  const ofWebsite = (id: string) => and(eq(apiKeys.id, id), eq(apiKeys.websiteId, websiteId));
  const get = async (tx: DbOrTx, id: string): Promise<ApiKeyRow | undefined> => {
    const [row] = await tx.select(listColumns).from(apiKeys).leftJoin(users, eq(users.id, apiKeys.createdBy)).where(ofWebsite(id)).limit(1);
    return row;
  };
  const insert = async (tx: DbOrTx, values: { name: string; permissions: Permission[]; createdBy: string }) => {
    const made = newApiKey();
    const [inserted] = await tx
      .insert(apiKeys)
      .values({ websiteId, name: values.name, permissions: values.permissions, createdBy: values.createdBy, prefix: made.prefix, keyHash: made.keyHash })
      .returning({ id: apiKeys.id });
    return { row: (await get(tx, inserted.id))!, key: made.key };
  };

  return {
    async list(): Promise<ApiKeyRow[]> {
      return db
        .select(listColumns)
        .from(apiKeys)
        .leftJoin(users, eq(users.id, apiKeys.createdBy))
        .where(eq(apiKeys.websiteId, websiteId))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    get: (id: string) => get(db, id),

    /** Makes a key; answers its row and the key itself, which is kept nowhere. */
    insert: (values: { name: string; permissions: Permission[]; createdBy: string }) => insert(db, values),

    /**
     * A successor with the same name and permissions, made by `createdBy`; the old key keeps working
     * until `overlapMinutes` from now. A key already rotated, revoked or expired is not rotated again
     * (its successor is the one to rotate). The old row is locked, so two rotations at once make one successor.
     */
    async rotate(id: string, values: { overlapMinutes: number; createdBy: string }): Promise<RotateOutcome> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select({ id: apiKeys.id }).from(apiKeys).where(ofWebsite(id)).for('update').limit(1);
        if (!locked) return { outcome: 'not-found' } as const;
        const old = (await get(tx, id))!;
        if (old.revokedAt || old.expiresAt || old.replacedBy) return { outcome: 'already-rotated' } as const;
        const made = await insert(tx, { name: old.name, permissions: old.permissions as Permission[], createdBy: values.createdBy });
        await tx
          .update(apiKeys)
          .set({ expiresAt: new Date(Date.now() + values.overlapMinutes * 60_000), replacedBy: made.row.id })
          .where(eq(apiKeys.id, id));
        return { outcome: 'rotated', previous: (await get(tx, id))!, row: made.row, key: made.key } as const;
      });
    },

    /** Revokes a key from the next call on (revoking it again changes nothing). */
    async revoke(id: string): Promise<ApiKeyRow | undefined> {
      await db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(ofWebsite(id), isNull(apiKeys.revokedAt)));
      return get(db, id);
    },
  };
}

/**
 * What the access hook needs of a presented key, in one round trip by the unique hash: the key, its
 * website, its creator's organisation and the permissions the creator holds now (a key never holds
 * more than its creator still does). Null: no such key.
 */
export async function loadApiKeyAuth(db: DbOrTx, keyHash: string) {
  const [row] = await db
    .select({
      id: apiKeys.id,
      permissions: apiKeys.permissions,
      expiresAt: apiKeys.expiresAt,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      creatorIsSuperAdmin: users.isSuperAdmin,
      organisationId: users.organisationId,
      websiteId: websites.id,
      websiteName: websites.name,
      websiteDomain: websites.domain,
      creatorPermissions: sql<Permission[]>`coalesce((
        select array_agg(distinct p) from ${userRoles}
        join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.organisationId} = ${users.organisationId}
        cross join unnest(${roles.permissions}) as p
        where ${userRoles.userId} = ${users.id}
      ), '{}'::text[])`,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .innerJoin(websites, and(eq(websites.id, apiKeys.websiteId), eq(websites.organisationId, users.organisationId)))
    .where(eq(apiKeys.keyHash, keyHash))
    .limit(1);
  return row ?? null;
}

/** Records a use of a key, at most once a minute. */
export async function touchApiKey(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_PRECISION_MS)))));
}

/** Whether a key loaded by `loadApiKeyAuth` may be used at `now`. */
export function apiKeyUsable(row: { revokedAt: Date | null; expiresAt: Date | null }, now: number): boolean {
  return !row.revokedAt && (!row.expiresAt || row.expiresAt.getTime() > now);
}
