import { test, expect, SEEDED_ADMIN } from '../fixtures';

test.describe('languages', () => {
  test('ar makes the page right-to-left, with Arabic texts from the host and the remote; en turns it back', async ({ signedInPage: page, dashboardPage }) => {
    await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    await dashboardPage.expectDocumentDirection('ltr', 'en');
    const width = page.viewportSize()!.width;

    await dashboardPage.chooseLanguage('ar');
    await dashboardPage.expectDocumentDirection('rtl', 'ar');
    // The remote's own namespace, shipped with its deploy, and the host's shared texts.
    await expect(dashboardPage.heading).toHaveText('لوحة المعلومات');
    await expect(dashboardPage.main.getByText(`مرحبًا Signpost Admin. أنت تعمل على ${SEEDED_ADMIN.website}.`)).toBeVisible();
    await expect(dashboardPage.sidebar).toHaveAttribute('aria-label', 'التنقل الرئيسي');
    await expect(dashboardPage.navLink('/dashboard')).toContainText('لوحة المعلومات');
    // The layout mirrors: the sidebar is on the right.
    await expect
      .poll(async () => (await dashboardPage.sidebar.boundingBox())?.x ?? -1, {
        message: 'sidebar x in rtl',
      })
      .toBeGreaterThan(width / 2);
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ar');

    // The choice survives a reload (cached in localStorage).
    await page.reload();
    await dashboardPage.expectDocumentDirection('rtl', 'ar');
    await expect(dashboardPage.heading).toHaveText('لوحة المعلومات', {
      timeout: 20_000,
    });

    await dashboardPage.chooseLanguage('en');
    await dashboardPage.expectDocumentDirection('ltr', 'en');
    await expect(dashboardPage.heading).toHaveText('Dashboard');
    await expect(dashboardPage.navLink('/dashboard')).toContainText('Dashboard');
    await expect
      .poll(async () => (await dashboardPage.sidebar.boundingBox())?.x ?? -1, {
        message: 'sidebar x in ltr',
      })
      .toBeLessThan(width / 2);
  });

  test('/login?lng=fr shows the sign-in page in French', async ({ loginPage }) => {
    await loginPage.navigate('?lng=fr');
    await loginPage.expectDocumentDirection('ltr', 'fr');
    await expect(loginPage.heading).toHaveText('Connexion');
    await expect(loginPage.submitButton).toHaveText('Se connecter');
    await expect(loginPage.languageSelect).toHaveValue('fr');

    // The public pages' own switcher: ar turns the sign-in page right-to-left too.
    await loginPage.languageSelect.selectOption('ar');
    await loginPage.expectDocumentDirection('rtl', 'ar');
    await expect(loginPage.heading).toHaveText('تسجيل الدخول');
  });
});
