import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from 'shared-ui';
import { signIn } from 'shared-auth';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('shared-i18n', () => jest.requireActual('../test-utils/keys-as-texts'));

import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { loadAllManifests, registerConfiguredRemotes, retryRemote } from './remotes';
import { RemoteContent } from './RemoteContent';
import { PRELOAD_ERROR_EVENT } from './screens';

const mockedLoad = loadRemote as jest.Mock;
const manifest = {
  name: 'remote_dashboard',
  namespace: 'dashboard',
  version: '1.2.3',
  routes: [{ path: '/dashboard', screen: './DashboardScreen', permission: null, layout: 'main' }],
  nav: [],
};

function renderAt(path: string) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <RemoteContent layout="main" />
      </MemoryRouter>
    </UiProvider>,
  );
}

beforeAll(() => {
  localStorage.setItem('activeWebsite', 'w1');
  signIn({
    message: 'ok',
    data: {
      access_token: 'a.b.c',
      refresh_token: 'r',
      refresh_token_expires_at: new Date(Date.now() + 3600_000).toISOString(),
      user: {
        _id: 'u1',
        name: 'Ada',
        email: 'ada@example.test',
        avatar: null,
        domain: null,
        createdAt: new Date().toISOString(),
        isSuperAdmin: false,
        organisation: { _id: 'o1', name: 'Org' },
        roles: [{ _id: 'r1', name: 'Owner', permissions: [] }],
        websites: [{ _id: 'w1', name: 'Site', domain: 'site.test' }],
      },
    },
  });
  registerConfiguredRemotes([{ name: 'remote_dashboard', section: 'dashboard', entry: 'http://localhost:3004/mf-manifest.json', basePaths: ['/dashboard'] }]);
});

it('shows the section fallback when the remote is down, and the screen once retry finds it back', async () => {
  mockedLoad.mockRejectedValue(new Error('connection refused'));
  await act(async () => loadAllManifests());
  renderAt('/dashboard');
  expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
  expect(screen.getByText('remote.unavailableTitle')).toBeInTheDocument();

  mockedLoad.mockImplementation(async (id: string) =>
    id === 'remote_dashboard/manifest' ? { default: manifest } : { default: () => <h1>Remote dashboard screen</h1> },
  );
  await userEvent.click(screen.getByTestId('retry-button'));
  expect(await screen.findByText('Remote dashboard screen')).toBeInTheDocument();
  // Retry re-registers the remote with force, dropping the runtime's cached failure.
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'remote_dashboard', entry: 'http://localhost:3004/mf-manifest.json' }], { force: true });
});

it('a screen chunk that fails raises the preload-error event and shows the fallback in its section only', async () => {
  const seen: unknown[] = [];
  const listener = (e: Event) => seen.push((e as CustomEvent).detail);
  window.addEventListener(PRELOAD_ERROR_EVENT, listener);
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const brokenManifest = { ...manifest, routes: [{ ...manifest.routes[0], screen: './BrokenScreen' }] };
  mockedLoad.mockImplementation(async (id: string) => {
    if (id === 'remote_dashboard/manifest') return { default: brokenManifest };
    throw new Error('ChunkLoadError: Loading chunk 42 failed');
  });
  await act(async () => {
    await retryRemote('remote_dashboard');
  });
  renderAt('/dashboard');
  expect(await screen.findByTestId('remote-unavailable')).toBeInTheDocument();
  expect(seen).toHaveLength(1);
  expect(String(seen[0])).toContain('Loading chunk 42 failed');
  window.removeEventListener(PRELOAD_ERROR_EVENT, listener);
});

it('an unknown path inside a remote section that loaded shows not-found', async () => {
  mockedLoad.mockImplementation(async (id: string) => (id === 'remote_dashboard/manifest' ? { default: manifest } : { default: () => <p>screen</p> }));
  await act(async () => {
    await retryRemote('remote_dashboard');
  });
  renderAt('/dashboard/nope');
  expect(await screen.findByTestId('not-found')).toBeInTheDocument();
});
