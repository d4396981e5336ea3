/**
 * Component tests only (`shared-content/testing`, never imported by product code): what every remote's
 * screen tests need — a signed-in session, a fake API answering through the ONE shared axios client
 * (its interceptors still run: headers, 401 refresh), and rendering inside the product's providers.
 */
import { createContext, useContext, useState, type ReactNode } from 'react';
import { createMemoryRouter, Route, RouterProvider, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Permission, User } from 'contracts';
import { I18nextProvider, i18n } from 'shared-i18n';
import { UiProvider, notifier, toaster } from 'shared-ui';
import { api } from 'shared-data';
import { authHttp, signIn } from 'shared-auth';
import { loginResponse, makeUser } from 'shared-auth/test-fixtures';
import type { Answer, Call } from './fixtures';

export { initTestI18n } from 'shared-i18n/testing';
export { makeUser } from 'shared-auth/test-fixtures';

/** A user holding exactly `permissions` through one role, on the given websites (default: w1 "Main"). */
export function userWith(permissions: Permission[], websites: User['websites'] = [{ _id: 'w1', name: 'Main', domain: 'main.example.com' }]): User {
  return makeUser({ roles: [{ _id: 'r1', name: 'Owner', permissions }], websites });
}

/** Signs `user` in (a fresh local storage, tokens valid for an hour). */
export function signInAs(user: User): User {
  localStorage.clear();
  signIn(loginResponse(user));
  return user;
}

export type { Answer, Call } from './fixtures';
export type Handler = (call: Call) => Answer | undefined | Promise<Answer | undefined>;

/** Routes every request of `api` (and of the session's own calls: who-am-I, logout) to `handler` and records the calls. A non-2xx answer rejects like axios; no answer is a 404. */
export function fakeApi(handler: Handler): Call[] {
  const calls: Call[] = [];
  type Config = { method?: string; url?: string; params?: Record<string, unknown>; data?: unknown; headers?: object };
  api.defaults.adapter = authHttp.defaults.adapter = (async (config: Config) => {
    const call: Call = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      params: config.params,
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      headers: { ...config.headers },
    };
    calls.push(call);
    const answer = (await handler(call)) ?? { status: 404, data: { message: 'Not found' } };
    const response = { data: answer.data, status: answer.status, statusText: String(answer.status), headers: { ...answer.headers }, config };
    if (answer.status >= 200 && answer.status < 300) return response;
    throw Object.assign(new Error(`Request failed with status code ${answer.status}`), { isAxiosError: true, config, response });
  }) as never;
  return calls;
}

/** A fresh cache per rendered screen (no answer leaks between tests), never retrying. */
const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });

/** Renders inside the product's i18n and UI providers, with no toast left over from the previous test. */
export function renderScreen(ui: ReactNode) {
  // The toasters are page-wide singletons: nothing left over from the previous test.
  toaster.remove();
  notifier.remove();
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={testQueryClient()}>
        <UiProvider>{ui}</UiProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const RoutedChildren = createContext<ReactNode>(null);
function ChildrenSlot() {
  return <>{useContext(RoutedChildren)}</>;
}

/**
 * A memory router that is a data router, like the host's (`useBlocker` in editors needs one): the
 * children render on every path, so screens may nest their own `<Routes>` as under `<MemoryRouter>`.
 */
export function TestRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [router] = useState(() => createMemoryRouter([{ path: '*', element: <ChildrenSlot /> }], { initialEntries }));
  return (
    <RoutedChildren.Provider value={children}>
      <RouterProvider router={router} />
    </RoutedChildren.Provider>
  );
}
/**
 * A screen test's usual start: signed in with exactly `permissions`, the API answered by `handler`,
 * and `routes` (path → element: the screen, and where it goes next) rendered at `at`. Returns the calls made.
 */
export function renderRoutes({
  permissions,
  handler,
  at,
  routes,
}: {
  permissions: Permission[];
  handler: Handler;
  at: string;
  routes: Record<string, ReactNode>;
}): Call[] {
  signInAs(userWith(permissions));
  const calls = fakeApi(handler);
  renderScreen(
    <TestRouter initialEntries={[at]}>
      <Routes>
        {Object.entries(routes).map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Routes>
    </TestRouter>,
  );
  return calls;
}

export { TEST_GROUP, TEST_WORKSPACE, editorOptionLists, listRow, paged, savedMeta } from './fixtures';
