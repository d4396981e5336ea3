import { expect, type Locator, type Page } from '@playwright/test';
import { PagedTable } from './PagedTable';
import { ShellPage } from './ShellPage';

/** /role (get_role): the roles table of remote-settings, with create, edit and delete. */
export class RoleListPage extends ShellPage {
  public static readonly path = '/role';

  public readonly heading: Locator;
  public readonly table: Locator;
  public readonly createButton: Locator;
  public readonly deleteDialog: Locator;
  public readonly deleteConfirm: Locator;
  /** The name search, bound to `?name=`. */
  public readonly search: Locator;
  public readonly paging: PagedTable;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.table = page.getByTestId('roles-table');
    this.createButton = page.getByTestId('role-create');
    this.deleteDialog = page.getByTestId('role-delete-dialog');
    this.deleteConfirm = this.deleteDialog.getByTestId('confirm-button');
    this.search = page.getByTestId('role-search');
    this.paging = new PagedTable(page, this.table);
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(RoleListPage.path);
    await this.expectLoaded();
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }

  /** The table row of the role with this exact name. */
  public row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByText(name, { exact: true }) });
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
