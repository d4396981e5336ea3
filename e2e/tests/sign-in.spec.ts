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

  test("the page checks the form with the login call's schema before any call, in the reader's language, keeping what was typed", async ({
    loginPage,
    page,
  }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/auth/login')) loginCalls.push(request.url());
    });
    await loginPage.navigate();
    // The prerendered page ignores a submit until the sign-in bundle has taken over: click until it answers.
    await expect(async () => {
      await loginPage.submitButton.click();
      await expect(loginPage.form.getByText('Please enter Email')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(loginPage.form.getByText('Please enter Password')).toBeVisible();

    await loginPage.submit('not-an-email', 'some-password');
    await expect(loginPage.form.getByText('Please enter a valid email')).toBeVisible();
    await expect(loginPage.form.getByText('Please enter Password')).toHaveCount(0);
    await expect(loginPage.emailInput).toHaveValue('not-an-email');
    await expect(loginPage.passwordInput).toHaveValue('some-password');

    // Arabic, right to left: the catalogue's text in the reader's language, fetched with the page's.
    await loginPage.navigate('?lng=ar');
    await expect(async () => {
      await loginPage.submitButton.click();
      await expect(loginPage.form.getByText('يرجى ملء حقل «البريد الإلكتروني»')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(loginCalls).toEqual([]);
  });
});
