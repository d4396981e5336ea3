import { test, expect } from '../fixtures';
import { UsersPage } from '../pages/UsersPage';

test.describe('client list (super-admin)', () => {
  test('the super-admin creates a client account, finds it by name, views it, edits it and deletes it', async ({ signedInPage: page }) => {
    const users = new UsersPage(page);
    const run = Date.now().toString(36);
    const name = `E2E Client ${run}`;
    const email = `client-${run}@example.test`;
    const domain = `client-${run}.example.test`;

    await expect(users.navLink(UsersPage.path)).toBeVisible({ timeout: 20_000 });
    await users.navLink(UsersPage.path).click();
    await users.expectLoaded();
    // The User column cannot be hidden; Id and Domain are hidden by default.
    await expect(users.table.getByRole('columnheader', { name: 'User', exact: true })).toBeVisible();
    await expect(users.table.getByRole('columnheader', { name: 'Domain', exact: true })).toHaveCount(0);

    await users.create({ name, email, password: 'Client-pass-1', domain });
    await users.expectSuccessToast(name);
    await expect(users.form).toBeHidden();

    // Newest first, and found by a search on its name.
    await users.searchFor(run);
    await expect(users.rows()).toHaveCount(1);
    await expect(users.row(email)).toContainText(name);

    await users.view(email);
    await expect(users.viewDialog).toContainText(domain);
    await expect(users.viewDialog).toContainText('Owner');
    await page.keyboard.press('Escape');
    await expect(users.viewDialog).toBeHidden();

    await users.edit(email, { name: `${name} renamed` });
    await users.expectSuccessToast(`${name} renamed`);
    await expect(users.row(email)).toContainText(`${name} renamed`);

    await users.delete(email);
    await users.expectSuccessToast(`${name} renamed`);
    await expect(users.rows().filter({ hasText: email })).toHaveCount(0);
  });
});
