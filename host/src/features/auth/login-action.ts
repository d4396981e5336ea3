// What signing in needs beyond drawing the form: the login call's schema and definition (zod, the
// contracts), the API client (axios) and the session store. The sign-in bundle loads this chunk when
// the person starts using the form (LoginForm's first keystroke or pointer press), not with the page: the
// page paints and takes input without it, and it is there, parsed, by the time they click Sign in.
import '../../app/zod-without-eval';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from 'contracts';
import { applyServerFieldErrors, withFormMessages } from 'shared-ui';
import { configureApi, errorMessage, getApiBaseUrl, httpStatus, retryAfterSeconds } from 'shared-data';
import { signIn } from 'shared-auth';
import { getRuntimeConfig } from '../../config/runtime-config';
import { login } from './api/login';
import { identityProviderLogin } from './api/identity-provider-login';

// The sign-in bundle's API client is configured here, with the chunk that uses it; the console's
// was at start, with the same URL.
const apiBaseUrl = getRuntimeConfig().apiBaseUrl.replace(/\/+$/, '');
if (getApiBaseUrl() !== apiBaseUrl) configureApi({ baseURL: apiBaseUrl });

/**
 * The login call's own body schema (the server checks the same), an empty field in the forms'
 * "Please enter {label}" wording; the e-mail goes as typed (`raw`), the server trims and lowercases it.
 */
export const loginResolver = withFormMessages(zodResolver(loginBodySchema, undefined, { raw: true }), {
  'validation.emailRequired': 'form.required',
  'validation.passwordRequired': 'form.required',
});

export { applyServerFieldErrors, errorMessage, httpStatus, identityProviderLogin, login, retryAfterSeconds, signIn };
