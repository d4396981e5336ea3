jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
jest.mock('shared-i18n', () => jest.requireActual('../test-utils/keys-as-texts'));

import { loadRemote } from '@module-federation/enhanced/runtime';
import { loadAllManifests, registerConfiguredRemotes } from './remotes';
import { getRemoteState, subscribeRemoteStates } from './remote-status';

const NAMES = ['remote_dashboard', 'remote_campaigns', 'remote_settings', 'remote_tours_checklists'];

/** Each remote's manifest arrives when the test says so, each in its own task. */
const arrive = new Map<string, () => void>();
(loadRemote as jest.Mock).mockImplementation(
  (id: string) =>
    new Promise((resolve) => {
      const name = id.split('/')[0];
      arrive.set(name, () =>
        resolve({
          default: {
            name,
            namespace: name,
            version: '1',
            routes: [],
            nav: [{ labelKey: 'x', path: `/${name}`, icon: 'dashboard', permission: null, group: 'setup' }],
          },
        }),
      );
    }),
);

const settle = () => new Promise((r) => setTimeout(r, 0));

// The manifests' schema is imported on first use: compiled here, so that no arrival below takes
// longer than the batch's wait.
beforeAll(() => import('contracts'));

test('the page’s own section is announced at once, the other remotes together in one sidebar update', async () => {
  window.history.pushState({}, '', '/dashboard');
  registerConfiguredRemotes(
    NAMES.map((name) => ({ name, section: name, entry: `http://localhost/${name}/mf-manifest.json`, basePaths: [`/${name.replace('remote_', '')}`] })),
  );
  let renders = 0;
  subscribeRemoteStates(() => (renders += 1));
  loadAllManifests();
  await settle();
  const afterStart = renders;

  arrive.get('remote_dashboard')!();
  await settle();
  expect(getRemoteState('remote_dashboard').status).toBe('ready');
  expect(renders).toBe(afterStart + 1);

  for (const name of ['remote_campaigns', 'remote_settings']) {
    arrive.get(name)!();
    await settle();
  }
  // Arrived, readable, but not announced while the last one is on its way.
  expect(getRemoteState('remote_settings').status).toBe('ready');
  expect(renders).toBe(afterStart + 1);

  arrive.get('remote_tours_checklists')!();
  await settle();
  await settle();
  expect(renders).toBe(afterStart + 2);
});
