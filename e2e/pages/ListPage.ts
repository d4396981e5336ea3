import { expect, type Locator, type Page } from '@playwright/test';
import { PagedTable, type RowMatch } from './PagedTable';
import { ShellPage } from './ShellPage';

/**
 * A signed-in screen built around one console list: its table (by test id), the table's paging and
 * the row of an item. The one place the e2e pages find list rows (each page says only how its rows
 * are matched).
 */
export class ListPage extends ShellPage {
  public readonly table: Locator;
  public readonly paging: PagedTable;

  public constructor(page: Page, tableTestId: string, match: RowMatch = {}) {
    super(page);
    this.table = page.getByTestId(tableTestId);
    this.paging = new PagedTable(page, this.table, match);
  }

  /** The table's data rows. */
  public rows(): Locator {
    return this.paging.rows;
  }

  /** The row of the item showing `text`. */
  public row(text: string): Locator {
    return this.paging.row(text);
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }
}
