import { z } from 'zod';
import { userSchema } from './auth';

/** PUT /api/users/profile-update answers the updated user. */
/** `pendingEmail`: the new address waiting for its confirmation link to be followed, if any. */
export const profileUpdateResponseSchema = z.object({ message: z.string(), data: userSchema, pendingEmail: z.string().optional() });
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

/** GET /api/auth/identity-provider/config: whether identity-provider sign-in is configured on the server. */
export const identityProviderStatusSchema = z.object({
  enabled: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
});
export type IdentityProviderStatus = z.infer<typeof identityProviderStatusSchema>;

/** POST /api/email/{id}/accept?token=… */
export const invitationIdParamSchema = z.object({ id: z.string().uuid() });

export const healthSchema = z.object({ ok: z.literal(true) });
