import { expect, type Locator, type Page } from '@playwright/test';

/**
 * How a list finds an item's row: by a part of the row's text (the default), or by a whole text
 * (`exact`), anywhere in the row or only in the cell whose test id `cell` names (e.g. the campaign
 * lists' `row-title`, so a title that is also a sender's name does not match).
 */
export interface RowMatch {
  exact?: boolean;
  cell?: string;
}

/** A console `<DataTable>`: its rows, the row of one item, "Page n of m" and the previous/next buttons. */
export class PagedTable {
  public readonly rows: Locator;
  public readonly pageIndicator: Locator;
  public readonly nextButton: Locator;
  public readonly previousButton: Locator;

  public constructor(
    private readonly page: Page,
    table: Locator,
    private readonly match: RowMatch = {},
  ) {
    // Data rows only: never the header, the loading skeleton or the empty state.
    this.rows = table.getByTestId('table-row');
    this.pageIndicator = table.getByTestId('table-page');
    const pagination = table.getByTestId('table-pagination');
    this.nextButton = pagination.getByRole('button', { name: 'Next page' });
    this.previousButton = pagination.getByRole('button', { name: 'Previous page' });
  }

  /** The row of the item showing `text` (see RowMatch). */
  public row(text: string): Locator {
    const { exact = false, cell } = this.match;
    if (!exact) return this.rows.filter({ hasText: text });
    const scope = cell ? this.page.getByTestId(cell) : this.page;
    return this.rows.filter({ has: scope.getByText(text, { exact: true }) });
  }

  public async expectPage(page: number, of: number, rows: number): Promise<void> {
    await expect(this.pageIndicator).toHaveText(`Page ${page} of ${of}`);
    await expect(this.rows).toHaveCount(rows);
  }

  public async next(): Promise<void> {
    await this.nextButton.click();
  }
}
