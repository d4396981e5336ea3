import { z } from 'zod';
import { LIMITS } from './limits';
import { defineCall, inOrganisation } from './call';
import { messageSchema, pageQuerySchema, pagedSchema, requiredNameSchema, nameFilterQuerySchema } from './common';
import { avatarSchema, emailSchema, passwordSchema, userSchema } from './auth';
import { websiteCreateBodySchema } from './websites';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

/** GET /api/admin/users (super-admin only): every client account, search by name, newest first. */
export const adminUserListQuerySchema = nameFilterQuerySchema();
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export const adminUserPageSchema = pagedSchema(userSchema);

/**
 * POST /api/admin/users (super-admin): a client account is a new organisation. It gets its first
 * website (`domain`) and an Owner role holding every permission, and the new user is its Owner.
 * `roles` belongs to the public "user fields": a brand-new organisation has no role yet besides the
 * Owner role created with it, so any role id sent is refused on the `roles` field ('roles.unknown').
 */
export const adminUserCreateBodySchema = z.object({
  name: requiredNameSchema(),
  email: emailSchema,
  password: passwordSchema,
  domain: websiteCreateBodySchema.shape.domain,
  organisationName: z.string().trim().max(LIMITS.nameMax, msg('validation.nameTooLong')).optional(),
  roles: z
    .array(z.string().uuid(msg('roles.unknown')))
    .max(LIMITS.userRolesMax)
    .optional(),
  avatar: avatarSchema,
});
export type AdminUserCreateBody = z.input<typeof adminUserCreateBodySchema>;

/**
 * PUT /api/admin/users/{id}: name, email and the domain of the account's first website. The
 * password is never part of it (a `password` sent anyway is stripped, like every unknown key).
 */
export const adminUserUpdateBodySchema = z.object({
  name: requiredNameSchema(),
  email: emailSchema,
  domain: websiteCreateBodySchema.shape.domain.optional(),
  avatar: avatarSchema,
});
export type AdminUserUpdateBody = z.input<typeof adminUserUpdateBodySchema>;

export const adminUserResponseSchema = z.object({ data: userSchema });
export const adminUserSavedResponseSchema = z.object({ message: z.string(), data: userSchema });

/** GET /api/admin/senders?pageSize=1000: the users who can author content, for the sender filters. */
export const senderSchema = z.object({ _id: z.string(), name: z.string(), email: z.string() });
export type Sender = z.infer<typeof senderSchema>;
export const senderPageSchema = pagedSchema(senderSchema);

export const ADMIN_USER_CREATED_MESSAGE = msg('admin.clientAccountCreated');
export const ADMIN_USER_UPDATED_MESSAGE = msg('admin.userUpdated');
export const ADMIN_USER_DELETED_MESSAGE = msg('admin.userDeleted');

// ---------------------------------------------------------------------------------------------
// Calls (each call defined once; the API serves these, the browser calls these).
// `/api/admin/*` is reserved to the super-admin by the access hook, so these need no permission.
// ---------------------------------------------------------------------------------------------

const adminUserCalls = resourceCalls(inOrganisation, null, '/api/admin/users', 'admin', {
  list: { summary: 'List all users (super-admin)', query: adminUserListQuerySchema, response: adminUserPageSchema, errors: [400, 401, 403] },
  create: { summary: 'Create a client account (super-admin)', body: adminUserCreateBodySchema, response: messageSchema, errors: [400, 401, 403, 409] },
  get: { summary: 'Get a user (super-admin)', response: adminUserResponseSchema, errors: [400, 401, 403, 404] },
  update: {
    summary: 'Update a user (super-admin)',
    body: adminUserUpdateBodySchema,
    response: adminUserSavedResponseSchema,
    errors: [400, 401, 403, 404, 409],
  },
  delete: { summary: 'Delete a user (super-admin)', response: messageSchema, errors: [400, 401, 403, 404] },
  /**
   * The users of the caller's organisation who can author content, for the sender filters of the
   * content lists, newest first. Served twice: at the fixed admin path (super-admin), and at
   * GET /api/senders for every member of the organisation, whose content lists filter by sender too
   * (the admin path answered 403 to a member who is not super-admin).
   */
  listSenders: {
    method: 'GET',
    path: '/api/admin/senders',
    summary: "List the users of the caller's organisation who can author content",
    query: pageQuerySchema,
    response: senderPageSchema,
    errors: [400, 401, 403],
  },
});
export const listAdminUsersCall = adminUserCalls.list;
export const createAdminUserCall = adminUserCalls.create;
export const getAdminUserCall = adminUserCalls.get;
export const updateAdminUserCall = adminUserCalls.update;
export const deleteAdminUserCall = adminUserCalls.delete;
export const listAdminSendersCall = adminUserCalls.listSenders;

export const listSendersCall = defineCall({
  ...listAdminSendersCall,
  path: '/api/senders',
  tag: 'users',
});
