import { z } from 'zod';
import { defineCall, inOrganisation } from './call';
import { pagedSchema } from './common';
import { LIMITS } from './limits';
import { msg } from './message-code';

/**
 * What the audit log records, `object.verb`: each is written by the API in the transaction of the
 * change it names, so an entry exists exactly when its change does.
 */
export const AUDIT_ACTIONS = [
  'content.created',
  'content.published',
  'content.scheduled',
  'content.unpublished',
  'content.restored',
  'content.deleted',
  'role.created',
  'role.updated',
  'role.deleted',
  'member.rolesChanged',
  'member.removed',
  'invitation.created',
  'invitation.revoked',
  'website.created',
  'website.updated',
  'website.deleted',
  'settings.updated',
  'identitySecret.rotated',
  'person.exported',
  'person.deleted',
  'webhook.created',
  'webhook.updated',
  'webhook.secretRotated',
  'webhook.deleted',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** One entry: who (the member, kept by e-mail too), what, which object, where and when. */
export const auditEntrySchema = z.object({
  _id: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  objectType: z.string(),
  objectId: z.string().nullable(),
  objectLabel: z.string().nullable(),
  websiteId: z.string().nullable(),
  actor: z.object({ _id: z.string().nullable(), email: z.string().nullable() }),
  address: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** An ISO instant (a bound of the time window). */
const instantSchema = z
  .string()
  .trim()
  .max(40, msg('auditLog.dateInvalid'))
  .refine((v) => !Number.isNaN(Date.parse(v)), msg('auditLog.dateInvalid'));

/**
 * GET /api/audit-log: newest first, paged; `actor` (a member's id), `action`, `objectType` and the
 * time window `from`..`to` (ISO instants, both inclusive) narrow it.
 */
export const auditLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.pageSizeMax).default(25),
  actor: z.string().uuid(msg('auditLog.actorInvalid')).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: msg('auditLog.actionUnknown') }).optional(),
  objectType: z.string().trim().max(40, msg('auditLog.objectTypeInvalid')).optional(),
  from: instantSchema.optional(),
  to: instantSchema.optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuerySchema>;

export const auditLogPageSchema = pagedSchema(auditEntrySchema);

export const listAuditLogCall = defineCall({
  method: 'GET',
  path: '/api/audit-log',
  access: inOrganisation('get_auditLog'),
  summary: 'The organisation’s audit log: who changed what, newest first',
  tag: 'Audit log',
  query: auditLogQuerySchema,
  response: auditLogPageSchema,
  errors: [400, 401, 403],
});
