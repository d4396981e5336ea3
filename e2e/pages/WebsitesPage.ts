import { expect } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /websites (settings remote): the organisation's websites, add and delete. */
export class WebsitesPage extends withTestIds(listScreen({ path: '/websites', table: 'websites-table' }), {
  addButton: 'add-website',
  form: 'website-form',
  deleteDialog: 'delete-website-dialog',
}) {
  public readonly nameInput = this.form.locator('input[name="name"]');
  public readonly domainInput = this.form.locator('input[name="domain"]');
  public readonly submitButton = this.form.getByTestId('submit-button');

  /** Opens the dialog if needed and submits a website. */
  public async add(name: string, domain: string): Promise<void> {
    if (!(await this.form.isVisible())) await this.addButton.click();
    await expect(this.form).toBeVisible();
    await this.nameInput.fill(name);
    await this.domainInput.fill(domain);
    await this.submitButton.click();
  }

  public async closeForm(): Promise<void> {
    await this.form.getByTestId('cancel-button').click();
    await expect(this.form).toBeHidden();
  }

  public async delete(domain: string): Promise<void> {
    await this.table.getByTestId(`delete-website-${domain}`).click();
    await expect(this.deleteDialog).toBeVisible();
    await this.deleteDialog.getByTestId('confirm-button').click();
  }

  /** Picks a website in the header's switcher. */
  public async switchTo(name: string): Promise<void> {
    await this.websiteSwitcher.click();
    await this.page.getByRole('menuitem').filter({ hasText: name }).click();
    await expect(this.websiteSwitcher).toContainText(name);
  }
}
