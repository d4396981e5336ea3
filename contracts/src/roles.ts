import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inOrganisation } from './call';
import { idParamSchema, messageSchema, pageQuerySchema, pagedSchema } from './common';
import { roleSchema } from './auth';
import { ALL_PERMISSIONS, isPermission } from './permissions';
import { msg } from './message-code';

/** GET /api/roles: page, pageSize, name (contains, case-insensitive), orderBy createdAt, order desc. */
export const roleListQuerySchema = pageQuerySchema.extend({
  name: z.string().trim().max(LIMITS.nameMax).optional(),
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
  name: z
    .string({ error: msg('validation.nameRequired') })
    .trim()
    .min(1, msg('validation.nameRequired'))
    .max(LIMITS.nameMax, msg('validation.roleNameTooLong')),
  permissions: rolePermissionsSchema,
});
export type RoleBody = z.input<typeof roleBodySchema>;

/** Answers of POST (201) and PUT (200): a message and the saved role. */
export const roleSavedResponseSchema = z.object({ message: z.string(), data: roleSchema.required({ createdAt: true }) });
export type RoleSavedResponse = z.infer<typeof roleSavedResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Calls (each call defined once; the API serves these, the browser calls these)
// ---------------------------------------------------------------------------------------------

export const listRolesCall = defineCall({
  method: 'GET',
  path: '/api/roles',
  access: inOrganisation('get_role'),
  summary: 'List roles',
  tag: 'roles',
  query: roleListQuerySchema,
  response: rolePageSchema,
  errors: [400, 401, 403],
});

export const getRoleCall = defineCall({
  method: 'GET',
  path: '/api/roles/:id',
  access: inOrganisation('get_role'),
  summary: 'One role',
  tag: 'roles',
  params: idParamSchema,
  response: roleResponseSchema,
  errors: [400, 401, 403, 404],
});

export const createRoleCall = defineCall({
  method: 'POST',
  path: '/api/roles',
  access: inOrganisation('create_role'),
  summary: 'Create a role',
  tag: 'roles',
  body: roleBodySchema,
  status: 201,
  response: roleSavedResponseSchema,
  errors: [400, 401, 403, 409],
});

export const updateRoleCall = defineCall({
  method: 'PUT',
  path: '/api/roles/:id',
  access: inOrganisation('update_role'),
  summary: 'Update a role',
  tag: 'roles',
  params: idParamSchema,
  body: roleBodySchema,
  response: roleSavedResponseSchema,
  errors: [400, 401, 403, 404, 409],
});

export const deleteRoleCall = defineCall({
  method: 'DELETE',
  path: '/api/roles/:id',
  access: inOrganisation('delete_role'),
  summary: 'Delete a role no user holds',
  tag: 'roles',
  params: idParamSchema,
  response: messageSchema,
  errors: [400, 401, 403, 404, 409],
});
