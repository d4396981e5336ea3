import { test, expect, SEEDED_ADMIN } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';
import type { RemoteApp } from '../support/control';

/** Each remote, the section it serves and the first of its paths (the runtime config's basePaths). */
const REMOTES: { app: RemoteApp; section: string; path: string }[] = [
  { app: 'remote-campaigns', section: 'Campaigns', path: '/posts' },
  {
    app: 'remote-tours-checklists',
    section: 'Tours & checklists',
    path: '/tour',
  },
  { app: 'remote-settings', section: 'Settings', path: '/user' },
  { app: 'remote-dashboard', section: 'Dashboard', path: '/dashboard' },
];

test.describe('a remote that is down affects only its own section', () => {
  for (const { app, section, path } of REMOTES) {
    test(`${app} stopped: sign-in and the other sections work, its section shows the fallback, and it comes back`, async ({
      control,
      page,
      loginPage,
      shell,
      dashboardPage,
      profilePage,
    }) => {
      await control.stop(app);
      try {
        // Sign-in works, and lands on /dashboard inside the layout.
        await loginPage.navigate();
        await loginPage.submit(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
        await loginPage.expectSuccessToast(LoginPage.successMessage);
        await shell.expectPath('/dashboard');
        await shell.expectLayout();
        if (app === 'remote-dashboard') {
          await shell.expectSectionUnavailable();
        } else {
          await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
        }

        // The stopped section: the nav marks it unavailable, its route shows the fallback inside the layout.
        const link = shell.navLink(path);
        await expect(link).toHaveAttribute('data-unavailable', 'true');
        await link.click();
        await shell.expectPath(path);
        await shell.expectSectionUnavailable();
        await expect(shell.remoteUnavailable).toContainText(`${section} is unavailable`);
        await expect(shell.sidebar).toBeVisible();
        await expect(shell.profileMenu).toBeVisible();

        // The other sections keep working: a host screen, and the dashboard when it is not the one down.
        await shell.openProfile();
        await profilePage.expectPath('/profile');
        await profilePage.expectLoaded();
        if (app !== 'remote-dashboard') {
          await shell.navLink('/dashboard').click();
          await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
        }
        // A full load of the stopped section's URL: still the fallback, still the layout.
        await shell.navigateTo(`${path}`);
        await shell.expectSectionUnavailable();
        await expect(shell.sidebar).toBeVisible();

        // The remote comes back: retry brings the section back without a reload.
        await control.start(app);
        await shell.retrySection();
        await expect(shell.remoteUnavailable).toHaveCount(0, {
          timeout: 20_000,
        });
        if (app === 'remote-dashboard') {
          await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
          await expect(shell.navLink('/dashboard')).not.toHaveAttribute('data-unavailable', /.*/);
        } else {
          // Remotes with no screens yet contribute no routes: their path is now simply unknown. A remote
          // that has a screen there shows it (a page heading) instead.
          await expect(shell.main.getByTestId('not-found').or(shell.main.getByRole('heading', { level: 1 }))).toBeVisible();
          await expect(shell.sidebar.locator('[data-unavailable]')).toHaveCount(0);
        }
        await expect(shell.sidebar).toBeVisible();
        await expect(page).toHaveURL(new RegExp(`${path}$`));
      } finally {
        await control.start(app);
      }
    });
  }
});
