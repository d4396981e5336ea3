import { test, expect } from '../fixtures';
import { RoleFormPage } from '../pages/RoleFormPage';
import { RoleListPage } from '../pages/RoleListPage';
import { openCreateFormInArabic } from '../support/arabic';

test.describe('roles', () => {
  test('the owner creates a role from permission cards, sees it listed, edits it and deletes it', async ({ signedInPage }) => {
    const list = new RoleListPage(signedInPage);
    const form = new RoleFormPage(signedInPage);
    const name = `Checklist editors ${Date.now().toString(36)}`;
    const renamed = `${name} (v2)`;

    await list.navigate();
    await expect(list.heading).toHaveText('Roles');
    await list.createButton.click();
    await form.expectPath(RoleFormPage.createPath);
    await form.expectLoaded();

    // Empty submit: the browser's messages, nothing sent.
    await form.submitButton.click();
    await expect(form.form).toContainText('Please enter Role name');
    await expect(form.form).toContainText('Please select at least one permission');

    await form.nameInput.fill(name);
    await form.selectAll('checklist');
    await form.expectCount('checklist', '6/6');
    await form.toggle('delete_checklist');
    await form.expectCount('checklist', '5/6');
    await form.toggle('get_posts');
    await form.expectChecked('duplication_checklist', true);
    await form.expectChecked('get_banners', false);
    await form.submitButton.click();

    await list.expectSuccessToast(`Role ${name} created`);
    await list.expectPath(RoleListPage.path);
    const row = list.row(name);
    await expect(row).toBeVisible();
    await expect(row).toContainText('6 permissions');

    // Edit: the form opens with what was saved.
    await list.edit(name);
    await form.expectPath(/\/role\/[0-9a-f-]{36}\/edit$/);
    await form.expectLoaded();
    await expect(form.nameInput).toHaveValue(name);
    await form.expectCount('checklist', '5/6');
    await form.expectChecked('get_posts', true);
    await form.expectChecked('delete_checklist', false);
    await form.nameInput.fill(renamed);
    await form.selectAll('checklist'); // partly selected → all
    await form.expectCount('checklist', '6/6');
    await form.selectAll('tour');
    await form.submitButton.click();

    await list.expectSuccessToast(`Role ${renamed} updated`);
    await list.expectPath(RoleListPage.path);
    await expect(list.row(renamed)).toContainText('13 permissions');

    // Delete, confirmed in a dialog, then gone from the list.
    await list.delete(renamed);
    await list.expectSuccessToast(`Role ${renamed} deleted`);
    await expect(list.deleteDialog).toBeHidden();
    await expect(list.row(renamed)).toHaveCount(0);
  });

  test('a role that does not exist shows a not-found state on its edit route', async ({ signedInPage }) => {
    const form = new RoleFormPage(signedInPage);
    await form.navigateTo('/role/00000000-0000-4000-8000-000000000000/edit');
    await expect(form.notFoundState).toBeVisible({ timeout: 20_000 });
    await expect(form.notFoundState).toContainText('Role not found');
  });

  test('in ar the roles pages render right-to-left with Arabic resource and action names', async ({ signedInPage, dashboardPage }, testInfo) => {
    const list = new RoleListPage(signedInPage);
    const form = new RoleFormPage(signedInPage);
    await openCreateFormInArabic(dashboardPage, list, form, { list: 'الأدوار', form: 'إنشاء دور' }, async () => {
      await expect(list.createButton).toHaveText('إنشاء دور');
    });
    await expect(form.card('checklist')).toContainText('قوائم المهام');
    await expect(form.permission('duplication_checklist')).toContainText('تكرار');
    // Mirrored: a card's title starts at its right edge, its count badge sits at the left.
    const card = form.card('checklist');
    const title = await card.getByRole('heading').boundingBox();
    const count = await card.getByTestId('permission-count').boundingBox();
    expect(title!.x).toBeGreaterThan(count!.x);
    await form.submitButton.click();
    await expect(form.form).toContainText('يرجى تحديد صلاحية واحدة على الأقل');
    await signedInPage.screenshot({ path: testInfo.outputPath('roles-create-ar.png'), fullPage: true });
  });
});
