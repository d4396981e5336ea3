import { expect, type Page } from '@playwright/test';
import { ListPage } from './ListPage';
import { withTestIds } from './withTestIds';

/** /role (get_role): the roles table of remote-settings, with create, edit and delete. */
export class RoleListPage extends withTestIds(ListPage, {
  createButton: 'role-create',
  deleteDialog: 'role-delete-dialog',
  /** The name search, bound to `?name=`. */
  search: 'role-search',
}) {
  public static readonly path = '/role';

  public readonly deleteConfirm = this.deleteDialog.getByTestId('confirm-button');

  public constructor(page: Page) {
    super(page, RoleListPage.path, 'roles-table', { exact: true });
  }

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
