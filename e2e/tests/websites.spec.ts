import { test, expect, SEEDED_ADMIN } from '../fixtures';
import { WebsitesPage } from '../pages/WebsitesPage';
import { TagsPage, WorkspacesPage } from '../pages/WebsiteContentPages';

test.describe('websites, tags and workspaces', () => {
  test('the owner adds a website (a duplicate is refused), switches to it, gives it a tag and a workspace, and deletes it', async ({ signedInPage: page }) => {
    const websites = new WebsitesPage(page);
    const tags = new TagsPage(page);
    const workspaces = new WorkspacesPage(page);
    const run = Date.now().toString(36);
    const name = `E2E shop ${run}`;
    const domain = `shop-${run}.example.test`;

    await websites.navigate();
    await expect(websites.row(SEEDED_ADMIN.domain)).toBeVisible();

    // Added with a scheme and a path: the console stores the bare domain.
    await websites.add(name, `https://${domain.toUpperCase()}/pricing`);
    await websites.expectSuccessToast(name);
    await expect(websites.form).toBeHidden();
    await expect(websites.row(domain)).toBeVisible();

    // The same website again: the answer shows on the domain field and as a toast, nothing typed is lost.
    await websites.add('Another name', domain);
    await expect(websites.form.getByText('Website already exists')).toBeVisible();
    await expect(websites.errorToast.filter({ hasText: 'Website already exists' })).toBeVisible();
    await expect(websites.nameInput).toHaveValue('Another name');
    await websites.closeForm();
    await expect(websites.table.locator('tbody tr').filter({ hasText: domain })).toHaveCount(1);

    // The header's switcher lists the new website; switching marks it active.
    await websites.switchTo(name);
    await expect(websites.row(domain).getByTestId('active-website')).toBeVisible();

    // A tag and a workspace on the new website.
    const tagName = `Launch ${run}`;
    await websites.navLink(TagsPage.path).click();
    await tags.expectLoaded();
    await tags.create(tagName, '#13c2c2');
    await expect(tags.table.getByText(tagName)).toBeVisible();

    const workspaceName = `Onboarding ${run}`;
    await websites.navLink(WorkspacesPage.path).click();
    await workspaces.expectLoaded();
    await workspaces.create(workspaceName, 'rocket', 'popup');
    await expect(workspaces.table.getByText(workspaceName)).toBeVisible();

    // Content belongs to its website: under the demo website, the tag is not listed.
    await websites.switchTo(SEEDED_ADMIN.website);
    await websites.navLink(TagsPage.path).click();
    await tags.expectLoaded();
    await expect(tags.table.getByText(tagName)).toHaveCount(0);
    await websites.switchTo(name);
    await expect(tags.table.getByText(tagName)).toBeVisible();

    // Deleting the active website: confirmed, announced, and the session moves to the remaining one.
    await websites.navigate();
    await websites.delete(domain);
    await websites.expectSuccessToast('Website deleted successfully');
    await expect(websites.row(domain)).toHaveCount(0);
    await expect(websites.websiteSwitcher).toContainText(SEEDED_ADMIN.website);
    await websites.websiteSwitcher.click();
    await expect(page.getByRole('menuitem').filter({ hasText: name })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('in ar the websites, tags, workspaces and invitations pages render right-to-left in Arabic, server messages included', async ({
    signedInPage: page,
    dashboardPage,
  }, testInfo) => {
    const websites = new WebsitesPage(page);
    await dashboardPage.chooseLanguage('ar');
    await websites.navigate();
    await websites.expectDocumentDirection('rtl', 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('المواقع');
    // The API answers in the caller's language: the duplicate's 409 reads in Arabic on its field.
    await websites.add('نسخة', SEEDED_ADMIN.domain);
    await expect(websites.form.getByText('الموقع موجود بالفعل')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('websites-ar.png'), fullPage: true });
    await websites.closeForm();
    for (const [path, title] of [
      [TagsPage.path, 'الوسوم'],
      [WorkspacesPage.path, 'مساحات العمل'],
      ['/invitations', 'الدعوات'],
    ] as const) {
      await websites.navLink(path).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title, { timeout: 20_000 });
      await websites.expectDocumentDirection('rtl', 'ar');
    }
  });
});
