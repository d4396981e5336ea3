import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { UiProvider } from 'shared-ui';
import { signIn } from 'shared-auth';
import { FEDERATION_CONTRACT } from 'contracts';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('shared-i18n', () => jest.requireActual('../test-utils/keys-as-texts'));

import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadAllManifests, registerConfiguredRemotes, retryRemote } from './remotes';
import { getRemoteState } from './remote-status';
import { RemoteContent } from './RemoteContent';

/**
 * Version skew between deploys: the host checks the contract and the shared singletons a remote's
 * manifest says it was built with, before any of its screens runs.
 */
const mockedLoad = loadRemote as jest.Mock;
const [major] = FEDERATION_CONTRACT.split('.').map(Number);
const manifest = {
  name: 'remote_dashboard',
  namespace: 'dashboard',
  version: '1.2.3',
  routes: [{ path: '/dashboard', screen: './DashboardScreen', permission: null, layout: 'main' }],
  nav: [],
};

function serve(m: Record<string, unknown>) {
  mockedLoad.mockReset();
  mockedLoad.mockImplementation(async (id: string) =>
    id === 'remote_dashboard/manifest' ? { default: m } : { default: () => <h1>Remote dashboard screen</h1> },
  );
}

function renderAt(path: string) {
  return render(
    <UiProvider>
      <MemoryRouter initialEntries={[path]}>
        <RemoteContent layout="main" />
      </MemoryRouter>
    </UiProvider>,
  );
}

const reload = async () => {
  await act(async () => {
    await retryRemote('remote_dashboard');
  });
};

beforeAll(async () => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
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
  serve(manifest);
  await act(async () => loadAllManifests());
});

afterEach(() => {
  delete process.env.SIGNPOST_SHARED_VERSIONS;
});

it('a remote deployed before the contract was written into manifests still opens (it is contract 1.0.0)', async () => {
  serve(manifest);
  await reload();
  renderAt('/dashboard');
  expect(await screen.findByText('Remote dashboard screen')).toBeInTheDocument();
});

it('a remote built for the next contract major asks for a reload instead of running its screens', async () => {
  serve({ ...manifest, contract: `${major + 1}.0.0` });
  await reload();
  expect(getRemoteState('remote_dashboard')).toMatchObject({ status: 'failed', skew: { kind: 'remote-newer', subject: 'contract' } });
  renderAt('/dashboard');
  expect(await screen.findByTestId('remote-skewed')).toBeInTheDocument();
  expect(screen.getByText('remote.skewNewerTitle')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'remote.reload' })).toBeInTheDocument();
  expect(screen.queryByText('Remote dashboard screen')).not.toBeInTheDocument();
  expect(mockedLoad).not.toHaveBeenCalledWith('remote_dashboard/DashboardScreen');
});

it('a remote built with another major of a shared singleton than the host provides waits for its update, and opens once redeployed', async () => {
  process.env.SIGNPOST_SHARED_VERSIONS = JSON.stringify({ react: '19.3.1' });
  serve({ ...manifest, contract: FEDERATION_CONTRACT, shared: { react: '18.3.1' } });
  await reload();
  renderAt('/dashboard');
  expect(await screen.findByText('remote.skewOlderTitle')).toBeInTheDocument();

  serve({ ...manifest, contract: FEDERATION_CONTRACT, shared: { react: '19.0.0' } });
  await userEvent.click(screen.getByRole('button', { name: 'actions.retry' }));
  expect(await screen.findByText('Remote dashboard screen')).toBeInTheDocument();
});
