import { expect } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /role (get_role): the roles table of remote-settings, with create, edit and delete. */
export class RoleListPage extends withTestIds(listScreen({ path: '/role', table: 'roles-table', match: { exact: true } }), {
  createButton: 'role-create',
  deleteDialog: 'role-delete-dialog',
  /** The name search, bound to `?name=`. */
  search: 'role-search',
}) {
  public readonly deleteConfirm = this.deleteDialog.getByTestId('confirm-button');

  public async edit(name: string): Promise<void> {
    await this.row(name).getByTestId('role-edit').click();
  }

  public async delete(name: string): Promise<void> {
    await this.row(name).getByTestId('role-delete').click();
    await expect(this.deleteDialog).toBeVisible();
    await expect(this.deleteDialog).toContainText(name);
    await this.deleteConfirm.click();
  }
}
