import { test, expect } from '../fixtures';
import { GroupFormPage } from '../pages/GroupFormPage';
import { GroupListPage } from '../pages/GroupListPage';
import { openCreateFormInArabic } from '../support/arabic';

test.describe('groups', () => {
  test('the owner creates a group of three demo people, previews it, removes one, and bulk-deletes it', async ({ signedInPage }) => {
    const list = new GroupListPage(signedInPage);
    const form = new GroupFormPage(signedInPage);
    const name = `Northern customers ${Date.now().toString(36)}`;

    await list.navigate();
    await expect(list.heading).toHaveText('Groups');
    await expect(list.navLink(GroupListPage.path)).toBeVisible();
    await list.createButton.click();
    await form.expectPath(GroupFormPage.createPath);
    await form.expectLoaded();

    // Empty submit: the browser's messages, nothing sent.
    await form.submitButton.click();
    await expect(form.form).toContainText('Please enter Group name');
    await expect(form.membersError).toHaveText('Please select at least one member');

    await form.nameInput.fill(name);
    for (const memberId of ['cus-1001', 'cus-1002', 'vip-2001']) await form.addMember(memberId);
    await expect(form.selectedCount).toHaveText('3 members');
    await form.submitButton.click();

    await list.expectSuccessToast(`Group ${name} created`);
    await list.expectPath(GroupListPage.path);
    await expect(list.row(name)).toBeVisible();
    await expect(list.membersCount(name)).toHaveText('3');

    // Preview: the members, with their member ids.
    await list.preview(name);
    await expect(list.previewDialog).toContainText(name);
    await expect(list.previewDialog.getByTestId('group-preview-count')).toHaveText('3 members');
    for (const memberId of ['cus-1001', 'cus-1002', 'vip-2001']) await expect(list.previewMembers).toContainText(memberId);
    await list.closePreview();

    // Edit: the form opens with what was saved; remove one member.
    await list.edit(name);
    await form.expectPath(/\/group\/[0-9a-f-]{36}\/update$/);
    await form.expectLoaded();
    await expect(form.nameInput).toHaveValue(name);
    await expect(form.selectedCount).toHaveText('3 members');
    await form.removeMember('cus-1002');
    await expect(form.selectedCount).toHaveText('2 members');
    await form.submitButton.click();

    await list.expectSuccessToast(`Group ${name} updated`);
    await list.expectPath(GroupListPage.path);
    await expect(list.membersCount(name)).toHaveText('2');

    // Bulk delete of the selected row, confirmed in a dialog.
    await list.select(name);
    await expect(list.bulkDeleteButton).toHaveText('Delete 1 selected group');
    await list.bulkDelete();
    await list.expectSuccessToast('1 group deleted');
    await expect(list.bulkDeleteDialog).toBeHidden();
    await expect(list.row(name)).toHaveCount(0);
  });

  test('in ar the groups pages render right-to-left in Arabic', async ({ signedInPage, dashboardPage }, testInfo) => {
    const list = new GroupListPage(signedInPage);
    const form = new GroupFormPage(signedInPage);
    await openCreateFormInArabic(dashboardPage, list, form, { list: 'المجموعات', form: 'إنشاء مجموعة' }, async () => {
      await expect(list.table).toContainText('عدد الأعضاء');
    });
    await form.submitButton.click();
    await expect(form.membersError).toHaveText('يرجى اختيار عضو واحد على الأقل');
    // Mirrored: the search field starts at the right edge of the form.
    const formBox = await form.form.boundingBox();
    const searchBox = await form.search.boundingBox();
    expect(formBox!.x + formBox!.width - (searchBox!.x + searchBox!.width)).toBeLessThan(formBox!.width / 4);
    await signedInPage.screenshot({ path: testInfo.outputPath('groups-create-ar.png'), fullPage: true });
  });
});
