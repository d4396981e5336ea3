/** Test fixtures: users, login answers and JWT-shaped tokens (only `exp` matters to the client). */
import type { LoginResponse, User } from 'contracts';

export const BASE = 'http://api.test';
export const FUTURE = new Date(Date.now() + 7 * 24 * 3600_000).toISOString();
export const PAST = new Date(Date.now() - 3600_000).toISOString();

const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A token the client can read `exp` from; `inSeconds` may be negative (already expired). */
export function jwt(inSeconds: number, extra: object = {}): string {
  const exp = Math.floor(Date.now() / 1000) + inSeconds;
  return `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: 'u1', exp, ...extra })}.signature`;
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    avatar: null,
    domain: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    isSuperAdmin: false,
    organisation: { _id: 'o1', name: 'Demo' },
    roles: [
      { _id: 'r1', name: 'Editor', permissions: ['get_posts', 'create_posts', 'get_role'] },
      { _id: 'r2', name: 'Checklists', permissions: ['get_posts', 'duplication_checklist'] },
    ],
    websites: [
      { _id: 'w1', name: 'Main', domain: 'main.example.com' },
      { _id: 'w2', name: 'Shop', domain: 'shop.example.com' },
    ],
    ...overrides,
  };
}

export function loginResponse(user: User = makeUser(), access = jwt(900)): LoginResponse {
  return {
    message: 'Login successfully, Welcome Back',
    data: { access_token: access, refresh_token: 'refresh-1', refresh_token_expires_at: FUTURE, user },
  };
}

export const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
