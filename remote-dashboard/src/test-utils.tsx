/**
 * Component-test helpers of the dashboard: the real i18n instance with the real en and ar texts (a
 * missing key shows as the key and fails the assertion), a signed-in session, and a fake API
 * answering through the shared client's adapter (its interceptors still run).
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { initReactI18next } from 'react-i18next';
import type { Permission, User } from 'contracts';
import { api, signIn } from 'shared-auth';
import { i18n, I18nextProvider } from 'shared-i18n';
import { UiProvider } from 'shared-ui';
import en from './locales/en/dashboard.json';
import ar from './locales/ar/dashboard.json';
import common from '../../shared-i18n/locales/en/common.json';
// The session fixtures of shared-auth's own tests: one definition of a user and a login answer.
import { loginResponse, makeUser } from '../../shared-auth/src/test-utils/fixtures';

let ready: Promise<unknown> | null = null;
export function initTestI18n() {
  ready ??= i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { dashboard: en, common }, ar: { dashboard: ar, common } },
    ns: ['common', 'dashboard'],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return ready;
}

/** A signed-in session of a user holding `permissions`, on one website (w1, "Main"). */
export function signInAs(permissions: Permission[]): User {
  const user = makeUser({ roles: [{ _id: 'r1', name: 'Owner', permissions }], websites: [{ _id: 'w1', name: 'Main', domain: 'main.example.com' }] });
  localStorage.clear();
  signIn(loginResponse(user));
  return user;
}

export interface Call {
  method: string;
  url: string;
  params?: Record<string, unknown>;
  headers: Record<string, unknown>;
}
type Answer = { status: number; data: unknown };

/** Routes every request of `api` to `handler`; records the calls. A non-2xx answer rejects like axios. */
export function fakeApi(handler: (call: Call) => Answer | undefined | Promise<Answer | undefined>) {
  const calls: Call[] = [];
  type Config = { method?: string; url?: string; params?: Record<string, unknown>; headers?: object };
  api.defaults.adapter = (async (config: Config) => {
    const call: Call = { method: (config.method ?? 'get').toUpperCase(), url: config.url ?? '', params: config.params, headers: { ...config.headers } };
    calls.push(call);
    const answer = (await handler(call)) ?? { status: 404, data: { message: 'Not found' } };
    const response = { data: answer.data, status: answer.status, statusText: String(answer.status), headers: {}, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${answer.status}`), { isAxiosError: true, config, response });
  }) as never;
  return calls;
}

export function renderScreen(ui: ReactNode) {
  return render(
    <I18nextProvider i18n={i18n}>
      <UiProvider>{ui}</UiProvider>
    </I18nextProvider>,
  );
}
