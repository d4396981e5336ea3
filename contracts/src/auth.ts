import { z } from 'zod';
import { LIMITS } from './limits';

/** Passwords: at least 8 characters, at most 128 (the spec leaves the bounds open; these are ours). */
export const passwordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(LIMITS.passwordMin, 'validation.passwordTooShort')
  .max(LIMITS.passwordMax, 'validation.passwordTooLong');

export const emailSchema = z
  .string({ error: 'validation.emailRequired' })
  .trim()
  .min(1, 'validation.emailRequired')
  .email('validation.emailInvalid')
  .max(LIMITS.emailMax)
  .transform((v) => v.toLowerCase());

export const roleSchema = z.object({
  _id: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  createdAt: z.string().optional(),
});
export type Role = z.infer<typeof roleSchema>;

export const websiteSchema = z.object({
  _id: z.string(),
  name: z.string(),
  domain: z.string(),
  createdAt: z.string().optional(),
});
export type Website = z.infer<typeof websiteSchema>;

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  domain: z.string().nullable(),
  createdAt: z.string(),
  /** The spec's administrator: lists all client accounts and uses /api/admin/*. */
  isSuperAdmin: z.boolean(),
  organisation: z.object({ _id: z.string(), name: z.string() }),
  roles: z.array(roleSchema),
  websites: z.array(websiteSchema),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'validation.passwordRequired' }).min(1, 'validation.passwordRequired').max(128),
});
export type LoginBody = z.input<typeof loginBodySchema>;

export const tokenPairSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  /** ISO date after which the refresh token is refused; the client checks it at start. */
  refresh_token_expires_at: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const loginResponseSchema = z.object({
  message: z.string(),
  data: tokenPairSchema.extend({ user: userSchema }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(512) });
/** Spec section 7: the new access token is read as `data.data.access_token`. */
export const refreshResponseSchema = z.object({ data: tokenPairSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutBodySchema = z.object({ refresh_token: z.string().min(1).max(512).optional() });

export const meResponseSchema = z.object({ data: userSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z
  .object({
    token: z.string({ error: 'validation.tokenRequired' }).min(1, 'validation.tokenRequired').max(512),
    password: passwordSchema,
    confirmPassword: z.string({ error: 'validation.confirmPasswordRequired' }).min(1, 'validation.confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * PUT /api/users/profile-update. A new `email` needs `currentPassword` (checked on the server, a
 * message on that field otherwise) and takes effect only once the link mailed to it is followed
 * (POST /api/users/email-confirm); name and avatar change at once.
 */
export const profileUpdateBodySchema = z.object({
  name: z.string().trim().min(1, 'validation.nameRequired').max(120),
  email: emailSchema,
  avatar: z.string().url().max(2048).nullable().optional(),
  currentPassword: z.string().max(128).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

export const passwordUpdateBodySchema = z
  .object({
    currentPassword: z.string().min(1, 'validation.currentPasswordRequired').max(128),
    password: passwordSchema,
    confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

/** PATCH /api/user/invitations/password?token=… */
export const invitationPasswordBodySchema = z
  .object({ password: passwordSchema, confirmPassword: z.string().min(1, 'validation.confirmPasswordRequired') })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'validation.passwordsDoNotMatch',
  });

/** POST /api/users/email-confirm: the token of the link mailed to the new address. */
export const emailConfirmBodySchema = z.object({
  token: z.string({ error: 'validation.tokenRequired' }).min(1, 'validation.tokenRequired').max(512),
});
export type EmailConfirmBody = z.input<typeof emailConfirmBodySchema>;

/** How long the link confirming a new e-mail works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const EMAIL_CHANGE_SENT_MESSAGE = 'users.profileUpdatedEmailPending';
export const EMAIL_CHANGED_MESSAGE = 'users.emailChanged';
export const EMAIL_CHANGE_INVALID_MESSAGE = 'users.confirmationLinkInvalid';
export const CURRENT_PASSWORD_NEEDED_MESSAGE = 'users.currentPasswordRequiredForEmail';

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(512) });

/** Sign-in with the identity provider: the access token (implicit flow) or the code (code flow). */
export const identityLoginBodySchema = z.union([
  // The ID token proves the access token was issued to Signpost (its audience); required unless the
  // API can introspect the access token with its client secret.
  z.object({ access_token: z.string().min(1).max(4096), id_token: z.string().min(1).max(8192).optional() }),
  z.object({ code: z.string().min(1).max(4096), redirect_uri: z.string().url(), code_verifier: z.string().min(43).max(128) }),
]);
