import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** /group (get_group): the groups table of remote-settings, with preview, edit, delete and bulk delete. */
export class GroupListPage extends ListPage {
  public static readonly path = '/group';

  public readonly heading: Locator;
  public readonly createButton: Locator;
  public readonly bulkDeleteButton: Locator;
  public readonly bulkDeleteDialog: Locator;
  public readonly previewDialog: Locator;
  public readonly previewMembers: Locator;

  public constructor(page: Page) {
    super(page, 'groups-table', { exact: true });
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.createButton = page.getByTestId('group-create');
    this.bulkDeleteButton = page.getByTestId('groups-bulk-delete');
    this.bulkDeleteDialog = page.getByTestId('groups-bulk-delete-dialog');
    this.previewDialog = page.getByTestId('group-preview-dialog');
    this.previewMembers = this.previewDialog.getByTestId('group-preview-members');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(GroupListPage.path);
    await this.expectLoaded();
  }

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
