import { remoteManifestSchema, type NavEntry, type RemoteRoute } from './manifest';

/**
 * A manifest's route and sidebar permissions are the contracts' permission type, not strings: the
 * `@ts-expect-error` lines fail `pnpm --filter contracts typecheck` the day a misspelt permission
 * compiles again, and the schema refuses one that reaches the host at run time all the same.
 */
const routes: RemoteRoute[] = [
  { path: '/posts', screen: './PopupListScreen', permission: 'get_posts' },
  { path: '/dashboard', screen: './DashboardScreen', permission: null },
  // @ts-expect-error -- the popups' resource is `posts`
  { path: '/posts', screen: './PopupListScreen', permission: 'get_post' },
];
const nav: NavEntry[] = [
  { labelKey: 'nav.roles', path: '/roles', icon: 'roles', permission: 'get_role', group: 'organisation' },
  // @ts-expect-error -- roles can be read, created, updated and deleted, not listed
  { labelKey: 'nav.roles', path: '/roles', icon: 'roles', permission: 'list_role', group: 'organisation' },
];

test('an unknown permission in a manifest is refused at run time as well', () => {
  const manifest = { name: 'remote_x', namespace: 'x', version: '1', routes, nav };
  const problems = remoteManifestSchema.safeParse(manifest).error?.issues.map((issue) => issue.path.join('.'));
  expect(problems).toEqual(['routes.2.permission', 'nav.1.permission']);
});
