import { defineCall, PUBLIC_ACCESS, SIGNED_IN_ACCESS } from './call';
import { messageSchema } from './common';
import {
  emailConfirmBodySchema,
  forgotPasswordBodySchema,
  identityLoginBodySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  meResponseSchema,
  passwordUpdateBodySchema,
  profileUpdateBodySchema,
  refreshBodySchema,
  refreshResponseSchema,
  resetPasswordBodySchema,
} from './auth';
import { healthSchema, identityProviderStatusSchema, profileUpdateResponseSchema } from './session';

/**
 * The calls of signing in and out, and of the signed-in person's own account (each call
 * defined once). Calls under /api/auth/ answer 401 for wrong credentials, never for an expired token,
 * so the browser does not refresh on their 401 (shared-auth/api-client.ts).
 */

export const loginCall = defineCall({
  method: 'POST',
  path: '/api/auth/login',
  access: PUBLIC_ACCESS,
  summary: 'Sign in with e-mail and password',
  tag: 'auth',
  body: loginBodySchema,
  response: loginResponseSchema,
  errors: [400, 401, 429],
});

export const refreshTokenCall = defineCall({
  method: 'POST',
  path: '/api/auth/refresh-token',
  access: PUBLIC_ACCESS,
  summary: 'Exchange a refresh token for a new token pair',
  tag: 'auth',
  body: refreshBodySchema,
  response: refreshResponseSchema,
  errors: [400, 401],
});

export const logoutCall = defineCall({
  method: 'POST',
  path: '/api/auth/logout',
  access: PUBLIC_ACCESS,
  summary: 'Sign out (revokes the session of the refresh token, or of a live access token)',
  tag: 'auth',
  // A POST without a body arrives as null.
  body: logoutBodySchema.nullish(),
  response: messageSchema,
  errors: [400, 401],
});

export const forgotPasswordCall = defineCall({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: PUBLIC_ACCESS,
  summary: 'Send a password-reset link by e-mail',
  tag: 'auth',
  body: forgotPasswordBodySchema,
  response: messageSchema,
  errors: [400],
});

export const resetPasswordCall = defineCall({
  method: 'PUT',
  path: '/api/auth/reset-password',
  access: PUBLIC_ACCESS,
  summary: 'Set a new password with a reset link token',
  tag: 'auth',
  body: resetPasswordBodySchema,
  response: messageSchema,
  errors: [400, 429],
});

export const getIdentityProviderConfigCall = defineCall({
  method: 'GET',
  path: '/api/auth/identity-provider/config',
  access: PUBLIC_ACCESS,
  summary: 'Whether identity-provider sign-in is configured',
  tag: 'auth',
  response: identityProviderStatusSchema,
  errors: [],
});

export const identityProviderLoginCall = defineCall({
  method: 'POST',
  path: '/api/auth/identity-provider',
  access: PUBLIC_ACCESS,
  summary: 'Sign in with the identity provider (access token, or authorization code with PKCE)',
  tag: 'auth',
  body: identityLoginBodySchema,
  response: loginResponseSchema,
  errors: [400, 401, 404, 502],
});

export const getMeCall = defineCall({
  method: 'GET',
  path: '/api/users/me',
  access: SIGNED_IN_ACCESS,
  summary: 'The signed-in user',
  tag: 'users',
  response: meResponseSchema,
  errors: [401],
});

export const updateProfileCall = defineCall({
  method: 'PUT',
  path: '/api/users/profile-update',
  access: SIGNED_IN_ACCESS,
  summary: 'Update the signed-in user’s profile (a new email waits for its confirmation link)',
  tag: 'users',
  body: profileUpdateBodySchema,
  response: profileUpdateResponseSchema,
  errors: [400, 401, 429],
});

export const updatePasswordCall = defineCall({
  method: 'PUT',
  path: '/api/users/profile-password-update',
  access: SIGNED_IN_ACCESS,
  summary: 'Change the signed-in user’s password',
  tag: 'users',
  body: passwordUpdateBodySchema,
  response: messageSchema,
  errors: [400, 401, 429],
});

export const confirmEmailCall = defineCall({
  method: 'POST',
  path: '/api/users/email-confirm',
  access: PUBLIC_ACCESS,
  summary: 'Confirm a new email through the mailed link',
  tag: 'users',
  body: emailConfirmBodySchema,
  response: messageSchema,
  errors: [400, 409, 429],
});

export const getHealthCall = defineCall({
  method: 'GET',
  path: '/api/health',
  access: PUBLIC_ACCESS,
  summary: 'Liveness check',
  tag: 'system',
  response: healthSchema,
  errors: [],
});

/** The calls whose 401 means "wrong credentials", never "expired token": the browser does not refresh on them. */
export const AUTH_CALLS = [loginCall, refreshTokenCall, logoutCall, forgotPasswordCall, resetPasswordCall, identityProviderLoginCall] as const;
