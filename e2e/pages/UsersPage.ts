import { expect } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /user (settings remote): the super-admin's client list: search, create, view, edit, delete. */
export class UsersPage extends withTestIds(listScreen({ path: '/user', table: 'users-table' }), {
  search: 'user-search',
  createButton: 'user-create',
  form: 'user-form',
  viewDialog: 'user-view',
  deleteDialog: 'user-delete-dialog',
}) {
  public readonly submitButton = this.form.getByTestId('submit-button');

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
