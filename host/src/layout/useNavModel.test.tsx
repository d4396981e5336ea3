import { renderHook } from '@testing-library/react';

jest.mock('shared-i18n', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));
jest.mock('shared-auth', () => ({ usePermissions: () => ['get_posts'], useSession: () => ({ user: { isSuperAdmin: false } }) }));
jest.mock('../federation/remotes', () => ({ cachedNav: () => null }));
const remotes = jest.fn();
jest.mock('../federation/useRemotes', () => ({ useRemotes: () => remotes() }));

import { useNavModel } from './useNavModel';

const remote = (name: string, section: string, basePath: string) => ({ name, section, entry: `http://x/${name}/mf-manifest.json`, basePaths: [basePath] });

/** A section whose remote is down keeps its place in the sidebar, marked unavailable. */
test('a campaigns remote down before its entries were ever seen stays in Engagement, not moved to the bottom', () => {
  remotes.mockReturnValue([
    {
      remote: remote('remote_dashboard', 'dashboard', '/dashboard'),
      state: { status: 'ready' },
      manifest: {
        namespace: 'dashboard',
        nav: [{ labelKey: 'nav', path: '/dashboard', icon: 'dashboard', permission: null, group: 'overview', order: 0 }],
      },
    },
    { remote: remote('remote_campaigns', 'campaigns', '/posts'), state: { status: 'failed' }, manifest: null },
  ]);
  const { result } = renderHook(() => useNavModel());
  expect(result.current.groups.map((g) => g.group)).toEqual(['overview', 'engagement']);
  expect(result.current.groups[1].items).toEqual([
    expect.objectContaining({ label: 'nav.section.campaigns', path: '/posts', icon: 'messageSquare', unavailable: true }),
  ]);
});
