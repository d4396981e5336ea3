import { expect, type Locator, type Page } from '@playwright/test';

/** The paging of a console `<DataTable>`: its rows, "Page n of m" and the previous/next buttons. */
export class PagedTable {
  public readonly rows: Locator;
  public readonly pageIndicator: Locator;
  public readonly nextButton: Locator;
  public readonly previousButton: Locator;

  public constructor(page: Page, table: Locator) {
    this.rows = table.getByTestId('table-row');
    this.pageIndicator = table.getByTestId('table-page');
    const pagination = table.getByTestId('table-pagination');
    this.nextButton = pagination.getByRole('button', { name: 'Next page' });
    this.previousButton = pagination.getByRole('button', { name: 'Previous page' });
  }

  public async expectPage(page: number, of: number, rows: number): Promise<void> {
    await expect(this.pageIndicator).toHaveText(`Page ${page} of ${of}`);
    await expect(this.rows).toHaveCount(rows);
  }

  public async next(): Promise<void> {
    await this.nextButton.click();
  }
}
