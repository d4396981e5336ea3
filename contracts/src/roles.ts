import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { roleSchema } from './auth';
import { ALL_PERMISSIONS, isPermission } from './permissions';

/** GET /api/roles: page, pageSize, name (contains, case-insensitive), orderBy createdAt, order desc. */
export const roleListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(120).optional(),
});
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const rolePageSchema = pagedSchema(roleSchema.required({ createdAt: true }));

/** GET /api/roles/{id} */
export const roleResponseSchema = z.object({ data: roleSchema.required({ createdAt: true }) });

/**
 * The permissions of a role: known `action_resource` strings only (spec section 6). An unknown
 * string is refused with one message on the `permissions` field itself, not on `permissions.3`.
 */
export const rolePermissionsSchema = z
  .array(z.string().max(64), { error: 'Please select at least one permission' })
  .min(1, 'Please select at least one permission')
  .max(ALL_PERMISSIONS.length)
  .superRefine((list, ctx) => {
    const unknown = list.filter((p) => !isPermission(p));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: `Unknown permission: ${unknown.join(', ')}` });
    else if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: 'Each permission may appear only once' });
  });

/** POST /api/roles and PUT /api/roles/{id}: the role's name (unique in the organisation) and permissions. */
export const roleBodySchema = z.object({
  name: z.string({ error: 'Please enter name' }).trim().min(1, 'Please enter name').max(120, 'The name is too long (120 characters at most)'),
  permissions: rolePermissionsSchema,
});
export type RoleBody = z.input<typeof roleBodySchema>;

/** Answers of POST (201) and PUT (200): a message and the saved role. */
export const roleSavedResponseSchema = z.object({ message: z.string(), data: roleSchema.required({ createdAt: true }) });
export type RoleSavedResponse = z.infer<typeof roleSavedResponseSchema>;
