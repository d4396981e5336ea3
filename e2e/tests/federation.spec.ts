import { test, expect, SEEDED_ADMIN } from '../fixtures';

/** Packages that must exist once on the page, whoever asks for them (shared singletons). */
const SINGLETONS = ['react', 'react-dom', 'react/jsx-runtime', 'shared-auth', 'shared-data', 'shared-ui', 'shared-i18n', 'jotai'];

interface Provision {
  /** Instance whose share scope lists it (host:0.1.0, remote_dashboard:0.1.0, …). */
  scopeOf: string;
  version: string;
  from: string;
  useIn: string[];
  loaded: boolean;
}

test.describe('federation', () => {
  test('one React and one auth store across the host and the remotes', async ({ signedInPage: page, api, dashboardPage, profilePage }) => {
    await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    // Let every remote's manifest load, so each instance has joined the share scope.
    await expect(dashboardPage.sidebar.locator('[aria-busy="true"]')).toHaveCount(0);

    // window.__FEDERATION__.__SHARE__ is the runtime's global share scope:
    //   { '<instance>:<version>': { default: { '<package>': { '<version>': { from, useIn, loaded, … } } } } }
    const share = await page.evaluate((packages) => {
      type Shared = {
        from: string;
        useIn?: string[];
        loaded?: boolean;
        lib?: unknown;
      };
      const federation = (
        window as unknown as {
          __FEDERATION__?: {
            __SHARE__?: Record<string, Record<string, Record<string, Record<string, Shared>>>>;
            __INSTANCES__?: { name: string }[];
          };
        }
      ).__FEDERATION__;
      const scopes = federation?.__SHARE__ ?? {};
      const byPackage: Record<
        string,
        {
          scopeOf: string;
          version: string;
          from: string;
          useIn: string[];
          loaded: boolean;
        }[]
      > = {};
      // Distinct provision objects per package: one object shared by every scope means one module instance.
      const distinctLoaded: Record<string, number> = {};
      for (const pkg of packages) {
        const seen = new Set<Shared>();
        byPackage[pkg] = [];
        for (const [scopeOf, scope] of Object.entries(scopes)) {
          for (const versions of Object.values(scope)) {
            for (const [version, shared] of Object.entries(versions[pkg] ?? {})) {
              byPackage[pkg].push({
                scopeOf,
                version,
                from: shared.from,
                useIn: [...(shared.useIn ?? [])],
                loaded: !!shared.loaded,
              });
              if (shared.loaded) seen.add(shared);
            }
          }
        }
        distinctLoaded[pkg] = seen.size;
      }
      return {
        instances: (federation?.__INSTANCES__ ?? []).map((i) => i.name),
        scopeNames: Object.keys(scopes),
        byPackage,
        distinctLoaded,
      };
    }, SINGLETONS);

    expect(share.instances).toEqual(expect.arrayContaining(['host', 'remote_campaigns', 'remote_tours_checklists', 'remote_settings', 'remote_dashboard']));
    for (const pkg of SINGLETONS) {
      const provisions: Provision[] = share.byPackage[pkg];
      expect(provisions.length, `${pkg} is in the share scope`).toBeGreaterThan(0);
      const loaded = provisions.filter((p) => p.loaded);
      // Exactly one provider, the host, and one version, whichever instance's scope we look in.
      expect([...new Set(loaded.map((p) => p.from))], `${pkg}: providers of loaded copies`).toEqual(['host']);
      expect([...new Set(loaded.map((p) => p.version))], `${pkg}: loaded versions`).toHaveLength(1);
      // Nobody registered a second copy (e.g. a remote bundling its own react as a fallback).
      expect([...new Set(provisions.map((p) => p.from))], `${pkg}: registered providers`).toEqual(['host']);
      expect(share.distinctLoaded[pkg], `${pkg}: one module instance`).toBe(1);
    }
    // The dashboard remote rendered with the host's copies, not its own.
    for (const pkg of ['react/jsx-runtime', 'shared-auth', 'shared-data', 'shared-ui']) {
      const used = new Set(share.byPackage[pkg].flatMap((p) => p.useIn));
      expect([...used], `${pkg} is used by remote_dashboard`).toContain('remote_dashboard');
    }

    // DOM proof of one auth store: a name saved by the host's profile screen shows at once in the
    // dashboard remote's greeting, without a reload (the remote reads the host's session atoms).
    const newName = `Signpost Admin ${Date.now().toString(36)}`;
    try {
      await dashboardPage.openProfile();
      await profilePage.expectLoaded();
      await profilePage.saveName(newName);
      await profilePage.expectSuccessToast('Profile updated');
      await profilePage.navLink('/dashboard').click();
      await dashboardPage.expectGreeting(newName, SEEDED_ADMIN.website);
      await expect(dashboardPage.profileMenu).toContainText(newName);
    } finally {
      await api.updateProfile(await api.loginAsAdmin(), {
        name: 'Signpost Admin',
        email: SEEDED_ADMIN.email,
      });
    }
  });
});
