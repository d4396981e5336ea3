import { z } from 'zod';
import { pageQuerySchema, pagedSchema } from './common';
import { emailSchema } from './auth';

export const invitationStatusSchema = z.enum(['pending', 'accepted', 'rejected']);

/** How long a mailed invitation link works. */
export const INVITATION_TTL_DAYS = 7;

/** POST /api/invitations (create_invitations): who to invite, and the role of the caller's organisation they get. */
export const invitationCreateBodySchema = z.object({
  email: emailSchema,
  roleId: z.string({ error: 'Please select a role' }).min(1, 'Please select a role').uuid('Unknown role'),
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
  search: z.string().trim().max(254).optional(),
});
export type InvitationListQuery = z.input<typeof invitationListQuerySchema>;
export const invitationPageSchema = pagedSchema(invitationSchema);

export const invitationCreateResponseSchema = z.object({ message: z.string(), data: invitationSchema });
export type InvitationCreateResponse = z.infer<typeof invitationCreateResponseSchema>;

/** DELETE /api/invitations: the ids travel in the body, as for the other bulk deletes. */
export const invitationDeleteBodySchema = z.object({
  invitations: z
    .array(z.string().uuid('Unknown invitation'), { error: 'Please select at least one invitation' })
    .min(1, 'Please select at least one invitation')
    .max(100),
});
export type InvitationDeleteBody = z.input<typeof invitationDeleteBodySchema>;

/** POST /api/invitations/{id}/{type}: a signed-in invitee answers. */
export const invitationAnswerParamsSchema = z.object({ id: z.string().uuid(), type: z.enum(['accept', 'reject']) });
/**
 * The mailed token is always needed (issue 10, item 2: an address taken over must not be enough).
 * It stays optional at the schema level only so that a missing token gets exactly the answer of a
 * wrong one (404, like an unknown invitation): the server refuses both alike, nothing leaks.
 */
export const invitationAnswerQuerySchema = z.object({
  token: z.string().max(512).optional().describe('The token of the invitation link (required: without it, 404)'),
});

export const INVITATION_SENT_MESSAGE = 'successfully sent';
export const INVITATION_DELETED_MESSAGE = 'Invitation deleted successfully';
export const INVITATIONS_DELETED_MESSAGE = 'Invitations deleted successfully';
export const INVITATION_MEMBER_MESSAGE = 'This person is already a member of your organisation';
