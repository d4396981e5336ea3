import { z } from 'zod';
import { LIMITS } from './limits';
import { requiredNameSchema } from './common';
import { msg } from './message-code';

/** Passwords: at least 8 characters, at most 128 (bounds of our choosing: long enough to resist guessing, short enough to hash cheaply). */
export const passwordSchema = z
  .string({ error: msg('validation.passwordRequired') })
  // An empty password was not entered: "Please enter password", not "too short" (the first message wins).
  .min(1, msg('validation.passwordRequired'))
  .min(LIMITS.passwordMin, msg('validation.passwordTooShort'))
  .max(LIMITS.passwordMax, msg('validation.passwordTooLong'));

/** An avatar's address: http(s) only, since browsers load it as an image. */
export const avatarSchema = z
  .string()
  .url({ protocol: /^https?$/, error: msg('validation.urlInvalid') })
  .max(LIMITS.urlMax, msg('validation.urlTooLong'))
  .nullable()
  .optional();

/** The new password typed again. */
const confirmPasswordSchema = z.string({ error: msg('validation.confirmPasswordRequired') }).min(1, msg('validation.confirmPasswordRequired'));

export const emailSchema = z
  .string({ error: msg('validation.emailRequired') })
  .trim()
  .min(1, msg('validation.emailRequired'))
  .email(msg('validation.emailInvalid'))
  .max(LIMITS.emailMax, msg('validation.emailTooLong'))
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
  /** The super-administrator: lists all client accounts and uses /api/admin/*. */
  isSuperAdmin: z.boolean(),
  organisation: z.object({ _id: z.string(), name: z.string() }),
  roles: z.array(roleSchema),
  websites: z.array(websiteSchema),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: msg('validation.passwordRequired') })
    .min(1, msg('validation.passwordRequired'))
    .max(LIMITS.passwordMax, msg('validation.passwordTooLong')),
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

export const refreshBodySchema = z.object({ refresh_token: z.string().min(1).max(LIMITS.tokenMax) });
/** The new access token is read as `data.data.access_token`. */
export const refreshResponseSchema = z.object({ data: tokenPairSchema });
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

export const logoutBodySchema = z.object({ refresh_token: z.string().min(1).max(LIMITS.tokenMax).optional() });

export const meResponseSchema = z.object({ data: userSchema });

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const resetPasswordBodySchema = z
  .object({
    token: z
      .string({ error: msg('validation.tokenRequired') })
      .min(1, msg('validation.tokenRequired'))
      .max(LIMITS.tokenMax),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('validation.passwordsDoNotMatch'),
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/**
 * PUT /api/users/profile-update. A new `email` needs `currentPassword` (checked on the server, a
 * message on that field otherwise) and takes effect only once the link mailed to it is followed
 * (POST /api/users/email-confirm); name and avatar change at once.
 */
export const profileUpdateBodySchema = z.object({
  name: requiredNameSchema(),
  email: emailSchema,
  avatar: avatarSchema,
  currentPassword: z.string().max(LIMITS.passwordMax, msg('validation.passwordTooLong')).optional(),
});
export type ProfileUpdateBody = z.input<typeof profileUpdateBodySchema>;

export const passwordUpdateBodySchema = z
  .object({
    currentPassword: z
      .string({ error: msg('validation.currentPasswordRequired') })
      .min(1, msg('validation.currentPasswordRequired'))
      .max(LIMITS.passwordMax, msg('validation.passwordTooLong')),
    password: passwordSchema,
    confirmPassword: confirmPasswordSchema,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('validation.passwordsDoNotMatch'),
  });
export type PasswordUpdateBody = z.input<typeof passwordUpdateBodySchema>;

/** PATCH /api/user/invitations/password?token=… */
export const invitationPasswordBodySchema = z
  .object({ password: passwordSchema, confirmPassword: confirmPasswordSchema })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: msg('validation.passwordsDoNotMatch'),
  });

/** POST /api/users/email-confirm: the token of the link mailed to the new address. */
export const emailConfirmBodySchema = z.object({
  token: z
    .string({ error: msg('validation.tokenRequired') })
    .min(1, msg('validation.tokenRequired'))
    .max(LIMITS.tokenMax),
});
export type EmailConfirmBody = z.input<typeof emailConfirmBodySchema>;

/** How long the link confirming a new e-mail works. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const EMAIL_CHANGE_SENT_MESSAGE = msg('users.profileUpdatedEmailPending');
export const EMAIL_CHANGED_MESSAGE = msg('users.emailChanged');
export const EMAIL_CHANGE_INVALID_MESSAGE = msg('users.confirmationLinkInvalid');
export const CURRENT_PASSWORD_NEEDED_MESSAGE = msg('users.currentPasswordRequiredForEmail');

export const tokenQuerySchema = z.object({ token: z.string().min(1).max(LIMITS.tokenMax) });

/** Sign-in with the identity provider: the access token (implicit flow) or the code (code flow). */
export const identityLoginBodySchema = z.union([
  // The ID token proves the access token was issued to Signpost (its audience); required unless the
  // API can introspect the access token with its client secret.
  z.object({ access_token: z.string().min(1).max(LIMITS.identityTokenMax), id_token: z.string().min(1).max(LIMITS.idTokenMax).optional() }),
  z.object({
    code: z.string().min(1).max(LIMITS.identityTokenMax),
    redirect_uri: z.string().url().max(LIMITS.urlMax),
    code_verifier: z.string().min(LIMITS.codeVerifierMin).max(LIMITS.codeVerifierMax),
  }),
]);
