import { expect, type Locator } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /group (get_group): the groups table of remote-settings, with preview, edit, delete and bulk delete. */
export class GroupListPage extends withTestIds(listScreen({ path: '/group', table: 'groups-table', match: { exact: true } }), {
  createButton: 'group-create',
  bulkDeleteButton: 'groups-bulk-delete',
  bulkDeleteDialog: 'groups-bulk-delete-dialog',
  previewDialog: 'group-preview-dialog',
}) {
  public readonly previewMembers = this.previewDialog.getByTestId('group-preview-members');

  public membersCount(name: string): Locator {
    return this.row(name).getByTestId('group-members-count');
  }

  public async preview(name: string): Promise<void> {
    await this.row(name).getByTestId('group-preview').click();
    await expect(this.previewDialog).toBeVisible();
  }

  public async closePreview(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await expect(this.previewDialog).toBeHidden();
  }

  public async edit(name: string): Promise<void> {
    await this.row(name).getByTestId('group-edit').click();
  }

  public async select(name: string): Promise<void> {
    // Chakra's checkbox: the visible control sits in a <label>, the input itself is hidden.
    await this.row(name).locator('[data-scope="checkbox"][data-part="root"]').click();
    await expect(this.row(name).getByRole('checkbox')).toBeChecked();
  }

  public async bulkDelete(): Promise<void> {
    await this.bulkDeleteButton.click();
    await expect(this.bulkDeleteDialog).toBeVisible();
    await this.bulkDeleteDialog.getByTestId('confirm-button').click();
  }
}
