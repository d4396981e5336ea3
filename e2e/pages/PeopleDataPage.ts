import { expect } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /settings/people-data (settings remote): the active website's attributes. */
export class PeopleDataPage extends withTestIds(listScreen({ path: '/settings/people-data', table: 'attributes-table' }), {
  createButton: 'attribute-create',
  form: 'attribute-form',
  snippet: 'attribute-snippet',
  snippetCode: 'attribute-snippet-code',
  deleteDialog: 'attribute-delete-dialog',
}) {
  public async create(name: string, type: 'string' | 'number' | 'boolean' | 'date'): Promise<void> {
    await this.createButton.click();
    await expect(this.form).toBeVisible();
    await this.form.getByTestId('attribute-name').fill(name);
    await this.form.getByTestId('attribute-type').selectOption(type);
    await this.form.getByTestId('submit-button').click();
  }

  public async delete(name: string): Promise<void> {
    await this.row(name).getByTestId('attribute-delete').click();
    await expect(this.deleteDialog).toBeVisible();
    await this.deleteDialog.getByTestId('confirm-button').click();
  }
}
