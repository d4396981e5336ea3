import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { test, expect, SEEDED_ADMIN } from '../fixtures';
import { buildApp } from '../support/build';
import { ROOT } from '../support/state';

const HOST_DIST = path.join(ROOT, 'host', 'dist');

/** Every file of host/dist with its size and mtime: the host must not be rebuilt. */
function hostDistSnapshot(): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else out[path.relative(HOST_DIST, full)] = `${st.size}@${st.mtimeMs}`;
    }
  };
  walk(HOST_DIST);
  return out;
}

test.describe('independent deploys', () => {
  // Two production builds of remote-dashboard (~20 s each on two cores).
  test.setTimeout(240_000);

  test('a remote rebuilt and redeployed alone changes what the running host shows after a reload', async ({ product, signedInPage: page, dashboardPage }) => {
    test.skip(
      !product.owned && process.env.E2E_REBUILD !== '1',
      'rebuilds remote-dashboard/dist: only against the product this suite started (or E2E_REBUILD=1)',
    );
    const label = `e2e-${Date.now()}`;
    const indexHtml = path.join(HOST_DIST, 'index.html');
    const hostIndexMtime = statSync(indexHtml).mtimeMs;
    const hostFiles = hostDistSnapshot();

    await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    await dashboardPage.openAbout();
    const before = (await dashboardPage.sectionVersion('dashboard').textContent())?.trim() ?? '';
    expect(before).not.toContain(label);
    await page.keyboard.press('Escape');

    try {
      await buildApp('remote-dashboard', { SIGNPOST_BUILD_LABEL: label });

      await page.reload();
      await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
      await dashboardPage.openAbout();
      await expect(dashboardPage.sectionVersion('dashboard')).toContainText(label);
      // The other remotes were not redeployed.
      await expect(dashboardPage.sectionVersion('settings')).not.toContainText(label);

      // The host's own files were not touched.
      expect(statSync(indexHtml).mtimeMs).toBe(hostIndexMtime);
      expect(hostDistSnapshot()).toEqual(hostFiles);
    } finally {
      // Leave remote-dashboard/dist as a plain build, so later runs start clean.
      await buildApp('remote-dashboard', { SIGNPOST_BUILD_LABEL: undefined });
    }
    await page.reload();
    await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    await dashboardPage.openAbout();
    await expect(dashboardPage.sectionVersion('dashboard')).not.toContainText(label);
    await expect(dashboardPage.sectionVersion('dashboard')).toHaveText(/\S/);
  });
});
