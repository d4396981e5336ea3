import { test, expect, SEEDED_ADMIN, uniqueEmail } from '../fixtures';

test.describe('routing', () => {
  test('an unknown path shows the not-found screen to a visitor who is signed out', async ({ shell }) => {
    await shell.navigateTo('/no-such-page');
    await expect(shell.notFound).toBeVisible({ timeout: 20_000 });
    await expect(shell.notFound).toContainText('Page not found');
    await expect(shell.sidebar).toHaveCount(0);
    await shell.expectPath('/no-such-page');
  });

  test('an unknown path shows the not-found screen inside the layout when signed in', async ({ signedInPage: page, shell }) => {
    await shell.navigateTo('/no-such-page');
    await expect(shell.main.getByTestId('not-found')).toBeVisible({
      timeout: 20_000,
    });
    await expect(shell.main.getByTestId('not-found')).toContainText('Page not found');
    await expect(shell.sidebar).toBeVisible();
    await shell.expectPath('/no-such-page');
    // Its link leads back home, which is the dashboard for a signed-in user.
    await shell.main.getByTestId('not-found').getByRole('link').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a deep link (two or more path segments) boots the console and shows not-found', async ({ page, shell, loginPage }) => {
    // The host's index.html must reference its assets from the root (publicPath '/'): with relative
    // URLs (src="static/js/…") the browser asks /no-such-page/static/js/… on a deep link and nothing boots.
    const timeout = 15_000;

    await shell.navigateTo('/no-such-page/at-all');
    await expect(shell.notFound).toBeVisible({ timeout });
    await expect(shell.sidebar).toHaveCount(0);

    await loginPage.navigateAndLogin(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await shell.navigateTo('/dashboard/no-such-tab');
    await expect(shell.main.getByTestId('not-found')).toBeVisible({ timeout });
    await expect(shell.sidebar).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/no-such-tab$/);
  });

  test('a route without its permission lands on /forbidden (Editor on /role)', async ({ api, loginPage, shell }) => {
    const admin = await api.loginAsAdmin();
    const email = uniqueEmail('editor');
    const password = 'Editor-pass-1';
    const roles = await api.roleIds(admin);
    expect(roles.Editor, 'the seeded Editor role').toBeTruthy();
    await api.createOrgUser(admin, { name: 'Eddie Editor', email, password, roles: [roles.Editor] });

    await loginPage.navigateAndLogin(email, password);
    await shell.expectLayout();
    // The sidebar hides what an Editor cannot open.
    await expect(shell.navLink('/role')).toHaveCount(0);

    await shell.navigateTo('/role');
    await shell.expectForbidden();
    await expect(shell.forbidden).toContainText('403');
    await expect(shell.sidebar).toBeVisible();
  });
});
