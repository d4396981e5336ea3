/**
 * Component-test helpers of the settings screens: the real i18n instance loaded with the real en
 * texts (a missing key shows as the key and fails the assertion), a signed-in session, and a fake
 * API answering through the shared client's adapter (its interceptors still run).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import type { Permission, User } from 'contracts';
import { api, signIn } from 'shared-auth';
import { i18n, I18nextProvider } from 'shared-i18n';
import { UiProvider, toaster } from 'shared-ui';
import settings from '../../locales/en/settings.json';
import common from '../../../../shared-i18n/locales/en/common.json';

let ready: Promise<unknown> | null = null;
export function initTestI18n() {
  ready ??= i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { settings, common } },
    ns: ['common', 'settings'],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return ready;
}

const b64url = (value: object) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const token = () => `${b64url({ alg: 'HS256' })}.${b64url({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;

export function makeUser(permissions: Permission[], websites: User['websites'] = [{ _id: 'w1', name: 'Main', domain: 'main.example.com' }]): User {
  return {
    _id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    avatar: null,
    domain: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    isSuperAdmin: false,
    organisation: { _id: 'o1', name: 'Demo' },
    roles: [{ _id: 'r1', name: 'Owner', permissions }],
    websites,
  };
}

export function signInAs(user: User) {
  localStorage.clear();
  signIn({
    message: 'ok',
    data: { access_token: token(), refresh_token: 'refresh', refresh_token_expires_at: new Date(Date.now() + 86400_000).toISOString(), user },
  });
}

export interface Call {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  data?: unknown;
  headers: Record<string, unknown>;
}
type Answer = { status: number; data: unknown };
type Handler = (call: Call) => Answer | undefined;

/** Routes every request of `api` to `handler`; records the calls. A non-2xx answer rejects like axios. */
export function fakeApi(handler: Handler) {
  const calls: Call[] = [];
  type Config = { method?: string; url?: string; params?: Record<string, unknown>; data?: unknown; headers?: object };
  const adapter = async (config: Config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...config.headers },
    };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, data: { message: 'Not found' } };
    const response = { data: answer.data, status: answer.status, statusText: String(answer.status), headers: {}, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${answer.status}`), { isAxiosError: true, config, response });
  };
  api.defaults.adapter = adapter as never;
  return calls;
}

export const paged = <T,>(docs: T[]) => ({
  status: 200,
  data: { docs: [...docs], meta: { totalDocs: docs.length, page: 1, limit: 10, hasMore: false, nextPage: null } },
});

export function renderScreen(ui: ReactNode) {
  // The toaster is a page-wide singleton showing one toast at a time: start each test with none.
  toaster.remove();
  return render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>{ui}</UiProvider>
    </I18nextProvider>,
  );
}
