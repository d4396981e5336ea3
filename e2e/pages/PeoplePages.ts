import { expect, type Locator } from '@playwright/test';
import { PagedTable } from './PagedTable';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /people (settings remote): the website's people, searched and filtered, each row a link to the person's page. */
export class PeopleListPage extends withTestIds(ShellPage, {
  search: 'people-search',
  filters: 'people-filters',
  table: 'people-table',
}) {
  public static readonly path = '/people';

  private readonly list = new PagedTable(this.page, this.table);

  public async navigate(): Promise<void> {
    await this.navigateTo(PeopleListPage.path);
    await this.expectLoaded();
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }

  /** Searches as a person types (the box applies it on Enter, the list reads it from the URL). */
  public async find(text: string): Promise<void> {
    await this.search.fill(text);
    await this.search.press('Enter');
    await expect(this.page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
  }

  public get links(): Locator {
    return this.table.getByTestId('person-link');
  }

  public row(text: string): Locator {
    return this.list.row(text);
  }
}

/** /people/{id}: a person's facts, timeline, export and delete. */
export class PersonPage extends withTestIds(ShellPage, {
  facts: 'person-facts',
  timeline: 'person-timeline',
  exportButton: 'person-export',
  deleteButton: 'person-delete',
  deleteDialog: 'person-delete-dialog',
}) {
  public get entries(): Locator {
    return this.timeline.getByTestId('timeline-entry');
  }

  /** The timeline entry of one kind and type (`checklist`/`complete`, `answer`/`answer`…). */
  public entry(kind: string, type: string): Locator {
    return this.timeline.locator(`[data-kind="${kind}"][data-type="${type}"]`);
  }

  public async confirmDelete(): Promise<void> {
    await this.deleteDialog.getByTestId('confirm-button').click();
  }
}
