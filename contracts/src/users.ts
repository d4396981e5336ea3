import { z } from 'zod';
import { LIMITS } from './limits';
import { requiredNameSchema } from './common';
import { defineCall, inOrganisation } from './call';
import { avatarSchema, emailSchema, passwordSchema } from './auth';
import { msg } from './message-code';

/**
 * POST /api/users/org: an organisation's owner adds a user to their own organisation (spec: "user
 * fields without id and domain"). At least one role of the organisation; the roles error shows on
 * the `roles` field.
 */
export const orgUserCreateBodySchema = z.object({
  name: requiredNameSchema(),
  email: emailSchema,
  password: passwordSchema,
  roles: z
    .array(z.string().uuid(msg('roles.unknown')), { error: msg('validation.rolesRequired') })
    .min(1, msg('validation.rolesRequired'))
    .max(LIMITS.userRolesMax),
  avatar: avatarSchema,
});
export type OrgUserCreateBody = z.input<typeof orgUserCreateBodySchema>;
/**
 * The same answer whether the address was free (the account is created) or already has an account in
 * another organisation (its holder is told by mail instead): telling them apart would let any member
 * holding create_user find out who has an account anywhere.
 */
export const orgUserCreateResponseSchema = z.object({ message: z.string() });

/** POST /api/users/org (create_user): 201 { message }; 409 on email for a member of the organisation already. */
export const createOrgUserCall = defineCall({
  method: 'POST',
  path: '/api/users/org',
  access: inOrganisation('create_user'),
  summary: 'Add a user to the caller’s organisation',
  tag: 'users',
  body: orgUserCreateBodySchema,
  status: 201,
  response: orgUserCreateResponseSchema,
  errors: [400, 401, 403, 409],
});
