import { and, desc, eq, getTableColumns, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntry, AuditLogQuery, Paged } from 'contracts';
import type { DbOrTx } from '../db/client';
import { auditLog, users } from '../db/schema';
import { selectPage, TOTAL } from './paged-select';

/** Who acted, where and from which address: the part of an entry that comes from the request. */
export interface AuditScope {
  organisationId: string;
  websiteId: string | null;
  actorId: string | null;
  address: string | null;
}

export interface AuditRecord {
  action: AuditAction;
  objectType: string;
  objectId?: string | null;
  objectLabel?: string | null;
  /** Overrides the scope's website (a website's own changes name it). */
  websiteId?: string | null;
  details?: Record<string, unknown>;
}

/**
 * Writes one entry. Give it the transaction of the change it records: the entry is then committed
 * with the change or rolled back with it, so a failed action leaves none. The actor's e-mail is
 * copied at the time of the action, so the entry still names them once they have left.
 */
export async function recordAudit(db: DbOrTx, scope: AuditScope, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    organisationId: scope.organisationId,
    websiteId: record.websiteId !== undefined ? record.websiteId : scope.websiteId,
    actorId: scope.actorId,
    actorEmail: scope.actorId ? sql`(select ${users.email} from ${users} where ${users.id} = ${scope.actorId})` : null,
    address: scope.address,
    action: record.action,
    objectType: record.objectType,
    objectId: record.objectId ?? null,
    objectLabel: record.objectLabel ?? null,
    details: record.details ?? {},
  });
}

/**
 * Erasure: the entries that name an object (a person whose data is deleted) keep what was done, by
 * whom and when, but no longer say to whom: the log must not be where a deleted person lives on.
 */
export async function forgetAuditObject(db: DbOrTx, organisationId: string, objectType: string, objectId: string): Promise<void> {
  await db
    .update(auditLog)
    .set({ objectId: null, objectLabel: null })
    .where(and(eq(auditLog.organisationId, organisationId), eq(auditLog.objectType, objectType), eq(auditLog.objectId, objectId)));
}

type AuditRow = typeof auditLog.$inferSelect;

const entryView = (row: AuditRow & { total: number }): AuditEntry => ({
  _id: row.id,
  action: row.action as AuditAction,
  objectType: row.objectType,
  objectId: row.objectId,
  objectLabel: row.objectLabel,
  websiteId: row.websiteId,
  actor: { _id: row.actorId, email: row.actorEmail },
  address: row.address,
  details: row.details,
  createdAt: row.createdAt.toISOString(),
});

/** The audit log of one organisation. */
export function auditLogStore(db: DbOrTx, organisationId: string) {
  return {
    page(query: Omit<AuditLogQuery, 'page' | 'pageSize'> & { page: number; pageSize: number }): Promise<Paged<AuditEntry>> {
      const filters: (SQL | undefined)[] = [eq(auditLog.organisationId, organisationId)];
      if (query.actor) filters.push(eq(auditLog.actorId, query.actor));
      if (query.action) filters.push(eq(auditLog.action, query.action));
      if (query.objectType) filters.push(eq(auditLog.objectType, query.objectType));
      if (query.from) filters.push(gte(auditLog.createdAt, new Date(query.from)));
      if (query.to) filters.push(lte(auditLog.createdAt, new Date(query.to)));
      const where = and(...filters);
      return selectPage<AuditRow & { total: number }, AuditEntry>(
        query,
        (window): PromiseLike<(AuditRow & { total: number })[]> =>
          db
            .select({ ...getTableColumns(auditLog), total: TOTAL })
            .from(auditLog)
            .where(where)
            .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
            .limit(window.limit)
            .offset(window.offset),
        async () =>
          (
            await db
              .select({ n: sql<number>`count(*)`.mapWith(Number) })
              .from(auditLog)
              .where(where)
          )[0].n,
        entryView,
      );
    },
  };
}
