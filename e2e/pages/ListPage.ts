import { expect, type Locator, type Page } from '@playwright/test';
import { PagedTable, type RowMatch } from './PagedTable';
import { ShellPage } from './ShellPage';

/**
 * A signed-in screen built around one console list: its table (by test id), the table's paging and
 * the row of an item. The one place the e2e pages find list rows (each page says only how its rows
 * are matched) and where the list lives.
 */
export class ListPage extends ShellPage {
  public readonly table: Locator;
  public readonly paging: PagedTable;

  /** The list's own address. */
  public readonly path: string;

  public constructor(page: Page, path: string, tableTestId: string, match: RowMatch = {}) {
    super(page);
    this.path = path;
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

  public async navigate(): Promise<void> {
    await this.navigateTo(this.path);
    await this.expectLoaded();
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }
}

/** The page object class of one list screen: its path (also static, for the sidebar's links) and its table. */
export function listScreen(screen: { path: string; table: string; match?: RowMatch }) {
  return class extends ListPage {
    public static readonly path = screen.path;

    public constructor(page: Page) {
      super(page, screen.path, screen.table, screen.match);
    }
  };
}
