import { z } from 'zod';
import { LIMITS } from './limits';
import { inOrganisation } from './call';
import { resourceCalls } from './resource-calls';
import { messageSchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema } from './common';
import { roleSchema } from './auth';
import { ALL_PERMISSIONS, isPermission } from './permissions';
import { msg } from './message-code';

/** GET /api/roles: page, pageSize, name (contains, case-insensitive), orderBy createdAt, order desc. */
export const roleListQuerySchema = nameFilterQuerySchema();
export type RoleListQuery = z.input<typeof roleListQuerySchema>;

export const rolePageSchema = pagedSchema(roleSchema.required({ createdAt: true }));

/** GET /api/roles/{id} */
export const roleResponseSchema = z.object({ data: roleSchema.required({ createdAt: true }) });

/**
 * The permissions of a role: known `action_resource` strings only. An unknown
 * string is refused with one message on the `permissions` field itself, not on `permissions.3`.
 */
export const rolePermissionsSchema = z
  .array(z.string().max(LIMITS.permissionMax), { error: msg('validation.permissionsRequired') })
  .min(1, msg('validation.permissionsRequired'))
  .max(ALL_PERMISSIONS.length)
  .superRefine((list, ctx) => {
    const unknown = list.filter((p) => !isPermission(p));
    if (unknown.length) ctx.addIssue({ code: 'custom', message: msg('roles.unknownPermission'), params: { name: unknown.join(', ') } });
    else if (new Set(list).size !== list.length) ctx.addIssue({ code: 'custom', message: msg('validation.permissionsDuplicated') });
  });

/** POST /api/roles and PUT /api/roles/{id}: the role's name (unique in the organisation) and permissions. */
export const roleBodySchema = z.object({
  name: requiredNameSchema(LIMITS.nameMax, msg('validation.roleNameTooLong')),
  permissions: rolePermissionsSchema,
});
export type RoleBody = z.input<typeof roleBodySchema>;

/** Answers of POST (201) and PUT (200): a message and the saved role. */
export const roleSavedResponseSchema = z.object({ message: z.string(), data: roleSchema.required({ createdAt: true }) });
export type RoleSavedResponse = z.infer<typeof roleSavedResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (each call defined once; the API serves these, the browser calls these)
// ---------------------------------------------------------------------------------------------

const roleCalls = resourceCalls(inOrganisation, 'role', '/api/roles', 'roles', {
  list: { summary: 'List roles', query: roleListQuerySchema, response: rolePageSchema, errors: [400, 401, 403] },
  get: { summary: 'One role', response: roleResponseSchema, errors: [400, 401, 403, 404] },
  create: { summary: 'Create a role', body: roleBodySchema, response: roleSavedResponseSchema, errors: [400, 401, 403, 409] },
  update: { summary: 'Update a role', body: roleBodySchema, response: roleSavedResponseSchema, errors: [400, 401, 403, 404, 409] },
  delete: { summary: 'Delete a role no user holds', response: messageSchema, errors: [400, 401, 403, 404, 409] },
});
export const listRolesCall = roleCalls.list;
export const getRoleCall = roleCalls.get;
export const createRoleCall = roleCalls.create;
export const updateRoleCall = roleCalls.update;
export const deleteRoleCall = roleCalls.delete;
