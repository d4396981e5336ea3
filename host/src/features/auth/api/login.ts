import { loginCall, type LoginBody } from 'contracts';
import { callApi } from 'shared-data';

/** POST /api/auth/login (no session): e-mail and password, answered with the session's tokens and user. */
export const login = (body: LoginBody) => callApi(loginCall, { body });
