import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** /user (settings remote): the super-admin's client list: search, create, view, edit, delete. */
export class UsersPage extends ListPage {
  public static readonly path = '/user';

  public readonly search: Locator;
  public readonly createButton: Locator;
  public readonly form: Locator;
  public readonly submitButton: Locator;
  public readonly viewDialog: Locator;
  public readonly deleteDialog: Locator;

  public constructor(page: Page) {
    super(page, 'users-table');
    this.search = page.getByTestId('user-search');
    this.createButton = page.getByTestId('user-create');
    this.form = page.getByTestId('user-form');
    this.submitButton = this.form.getByTestId('submit-button');
    this.viewDialog = page.getByTestId('user-view');
    this.deleteDialog = page.getByTestId('user-delete-dialog');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(UsersPage.path);
    await this.expectLoaded();
  }

  public async searchFor(name: string): Promise<void> {
    await this.search.fill(name);
  }

  public async create(client: { name: string; email: string; password: string; domain: string }): Promise<void> {
    await this.createButton.click();
    await expect(this.form).toBeVisible();
    await this.form.getByTestId('user-name').fill(client.name);
    await this.form.getByTestId('user-email').fill(client.email);
    await this.form.getByTestId('user-password').fill(client.password);
    await this.form.getByTestId('user-domain').fill(client.domain);
    await this.submitButton.click();
  }

  public async edit(rowText: string, changes: { name?: string; domain?: string }): Promise<void> {
    await this.row(rowText).getByTestId('user-edit-button').click();
    await expect(this.form).toBeVisible();
    if (changes.name !== undefined) await this.form.getByTestId('user-name').fill(changes.name);
    if (changes.domain !== undefined) await this.form.getByTestId('user-domain').fill(changes.domain);
    await this.submitButton.click();
  }

  public async view(rowText: string): Promise<void> {
    await this.row(rowText).getByTestId('user-view-button').click();
    await expect(this.viewDialog).toBeVisible();
  }

  public async delete(rowText: string): Promise<void> {
    await this.row(rowText).getByTestId('user-delete-button').click();
    await expect(this.deleteDialog).toBeVisible();
    await this.deleteDialog.getByTestId('confirm-button').click();
  }
}
