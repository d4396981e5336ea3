import { test, expect, SEEDED_ADMIN } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';

test.describe('sign-in', () => {
  test('the seeded owner signs in and lands on /dashboard, greeted by the dashboard remote', async ({ loginPage, dashboardPage }) => {
    await loginPage.navigate();
    await expect(loginPage.heading).toHaveText('Sign in');
    await loginPage.submit(SEEDED_ADMIN.email, SEEDED_ADMIN.password);

    await loginPage.expectSuccessToast(LoginPage.successMessage);
    await dashboardPage.expectPath('/dashboard');
    await dashboardPage.expectLayout();
    // Rendered by remote-dashboard from the host's session store: the user's name and website.
    await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    await expect(dashboardPage.websiteCard).toContainText(SEEDED_ADMIN.domain);
    await expect(dashboardPage.websiteSwitcher).toContainText(SEEDED_ADMIN.website);
  });
});
