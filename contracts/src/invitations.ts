import { z } from 'zod';
import { LIMITS } from './limits';
import { inOrganisation, PUBLIC_ACCESS, SIGNED_IN_ACCESS } from './call';
import { messageSchema, pageQuerySchema, pagedSchema, bulkIds } from './common';
import { emailSchema, invitationPasswordBodySchema, tokenQuerySchema } from './auth';
import { invitationIdParamSchema } from './session';
import { msg } from './message-code';
import { resourceCalls } from './resource-calls';

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

/** How long a mailed invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** POST /api/invitations (create_invitations): who to invite, and the role of the caller's organisation they get. */
export const invitationCreateBodySchema = z.object({
  email: emailSchema,
  roleId: z
    .string({ error: msg('validation.roleRequired') })
    .min(1, msg('validation.roleRequired'))
    .uuid(msg('roles.unknown')),
});
export type InvitationCreateBody = z.input<typeof invitationCreateBodySchema>;

/** A sent invitation as the organisation sees it (never its token). */
export const invitationSchema = z.object({
  _id: z.string().uuid(),
  email: z.string(),
  role: z.object({ _id: z.string().uuid(), name: z.string() }).nullable(),
  status: invitationStatusSchema,
  /** A pending invitation whose link has expired. */
  expired: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

/** GET /api/invitations/sent: page, pageSize, search (contained in the email), newest first. */
export const invitationListQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(LIMITS.emailMax).optional(),
});
export type InvitationListQuery = z.input<typeof invitationListQuerySchema>;
export const invitationPageSchema = pagedSchema(invitationSchema);

export const invitationCreateResponseSchema = z.object({ message: z.string(), data: invitationSchema });
export type InvitationCreateResponse = z.infer<typeof invitationCreateResponseSchema>;

/** DELETE /api/invitations: the ids travel in the body, as for the other bulk deletes. */
export const invitationDeleteBodySchema = z.object({
  invitations: bulkIds(msg('invitations.unknown'), msg('validation.invitationsRequired')),
});
export type InvitationDeleteBody = z.input<typeof invitationDeleteBodySchema>;

/** POST /api/invitations/{id}/{type}: a signed-in invitee answers. */
export const invitationAnswerParamsSchema = z.object({ id: z.string().uuid(), type: z.enum(['accept', 'reject']) });
/**
 * The mailed token is always needed (an address taken over must not be enough).
 * It stays optional at the schema level only so that a missing token gets exactly the answer of a
 * wrong one (404, like an unknown invitation): the server refuses both alike, nothing leaks.
 */
export const invitationAnswerQuerySchema = z.object({
  token: z.string().max(LIMITS.tokenMax).optional().describe('The token of the invitation link (required: without it, 404)'),
});

export const INVITATION_SENT_MESSAGE = msg('passwords.resetLinkSent');
export const INVITATION_DELETED_MESSAGE = msg('invitations.deleted');
export const INVITATIONS_DELETED_MESSAGE = msg('invitations.manyDeleted');
export const INVITATION_MEMBER_MESSAGE = msg('invitations.alreadyMember');

// ---------------------------------------------------------------------------------------------
// Calls (each call defined once; the API serves these, the browser calls these)
// ---------------------------------------------------------------------------------------------

const invitationCalls = resourceCalls(inOrganisation, 'invitations', '/api/invitations', 'invitations', {
  listSent: {
    method: 'GET',
    path: '/api/invitations/sent',
    permission: 'get_invitations',
    summary: 'List sent invitations',
    query: invitationListQuerySchema,
    response: invitationPageSchema,
    errors: [400, 401, 403],
  },
  create: {
    summary: 'Invite someone into the organisation',
    body: invitationCreateBodySchema,
    response: invitationCreateResponseSchema,
    errors: [400, 401, 403, 409],
  },
  /**
   * The permission list has no `delete_invitations`: withdrawing an invitation is managing who is
   * invited, the same power as sending one, so both deletes require `create_invitations`.
   */
  delete: { permission: 'create_invitations', summary: 'Delete an invitation', response: messageSchema, errors: [400, 401, 403, 404] },
  deleteMany: {
    permission: 'create_invitations',
    summary: 'Delete invitations',
    body: invitationDeleteBodySchema,
    response: messageSchema,
    errors: [400, 401, 403, 404],
  },
  /** A signed-in invitee accepts or rejects an invitation addressed to them, with the mailed token. */
  answer: {
    method: 'POST',
    path: '/api/invitations/:id/:type',
    access: SIGNED_IN_ACCESS,
    summary: 'Accept or reject an invitation (signed in)',
    params: invitationAnswerParamsSchema,
    query: invitationAnswerQuerySchema,
    response: messageSchema,
    errors: [400, 401, 404, 409],
  },
  /** An existing user accepts invitation {id} with the mailed token (holding it proves the mailbox). */
  acceptByEmail: {
    method: 'POST',
    path: '/api/email/:id/accept',
    access: PUBLIC_ACCESS,
    summary: 'Accept an invitation as an existing user',
    params: invitationIdParamSchema,
    query: tokenQuerySchema,
    response: messageSchema,
    errors: [400, 404, 409, 429],
  },
  /** The invitee without an account chooses a password: the account is created and the invitation accepted. */
  setPassword: {
    method: 'PATCH',
    path: '/api/user/invitations/password',
    access: PUBLIC_ACCESS,
    summary: 'Set the password of an invited account',
    query: tokenQuerySchema,
    body: invitationPasswordBodySchema,
    response: messageSchema,
    errors: [400, 409, 429],
  },
});
export const listInvitationsCall = invitationCalls.listSent;
export const createInvitationCall = invitationCalls.create;
export const deleteInvitationCall = invitationCalls.delete;
export const deleteInvitationsCall = invitationCalls.deleteMany;
export const answerInvitationCall = invitationCalls.answer;
export const acceptEmailInvitationCall = invitationCalls.acceptByEmail;
export const setInvitationPasswordCall = invitationCalls.setPassword;
