import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** /role (get_role): the roles table of remote-settings, with create, edit and delete. */
export class RoleListPage extends ListPage {
  public static readonly path = '/role';

  public readonly heading: Locator;
  public readonly createButton: Locator;
  public readonly deleteDialog: Locator;
  public readonly deleteConfirm: Locator;
  /** The name search, bound to `?name=`. */
  public readonly search: Locator;

  public constructor(page: Page) {
    super(page, 'roles-table', { exact: true });
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.createButton = page.getByTestId('role-create');
    this.deleteDialog = page.getByTestId('role-delete-dialog');
    this.deleteConfirm = this.deleteDialog.getByTestId('confirm-button');
    this.search = page.getByTestId('role-search');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(RoleListPage.path);
    await this.expectLoaded();
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
