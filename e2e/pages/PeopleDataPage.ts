import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** /settings/people-data (settings remote): the active website's attributes. */
export class PeopleDataPage extends ListPage {
  public static readonly path = '/settings/people-data';

  public readonly createButton: Locator;
  public readonly form: Locator;
  public readonly snippet: Locator;
  public readonly snippetCode: Locator;
  public readonly deleteDialog: Locator;

  public constructor(page: Page) {
    super(page, 'attributes-table');
    this.createButton = page.getByTestId('attribute-create');
    this.form = page.getByTestId('attribute-form');
    this.snippet = page.getByTestId('attribute-snippet');
    this.snippetCode = page.getByTestId('attribute-snippet-code');
    this.deleteDialog = page.getByTestId('attribute-delete-dialog');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(PeopleDataPage.path);
    await this.expectLoaded();
  }

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
