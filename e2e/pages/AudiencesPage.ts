import { expect, type Locator, type Page } from '@playwright/test';
import { PagedTable } from './PagedTable';
import { ShellPage } from './ShellPage';

type Condition = { attribute: string; comparison: string; value?: string };

/** /settings/audiences (settings remote): the rule builder, its live preview and the saved segments. */
export class AudiencesPage extends ShellPage {
  public static readonly path = '/settings/audiences';

  public readonly form: Locator;
  public readonly nameInput: Locator;
  public readonly builder: Locator;
  public readonly saveButton: Locator;
  public readonly preview: Locator;
  public readonly previewTable: Locator;
  public readonly previewCount: Locator;
  public readonly segmentsTable: Locator;
  private readonly previewList: PagedTable;
  private readonly segmentsList: PagedTable;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('segment-form');
    this.nameInput = page.getByTestId('segment-name');
    this.builder = page.getByTestId('audience-builder');
    this.saveButton = page.getByTestId('segment-save');
    this.preview = page.getByTestId('audience-preview');
    this.previewTable = page.getByTestId('audience-preview-table');
    this.previewCount = page.getByTestId('audience-preview-count');
    this.segmentsTable = page.getByTestId('segments-table');
    this.previewList = new PagedTable(page, this.previewTable);
    this.segmentsList = new PagedTable(page, this.segmentsTable);
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(AudiencesPage.path);
    await this.expectLoaded();
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
    await expect(this.segmentsTable).toBeVisible();
  }

  /** Adds a condition to the top group and fills it (attribute by its value: `state`, `plan`…). */
  public async addCondition({ attribute, comparison, value }: Condition): Promise<void> {
    await this.builder.getByTestId('audience-add-condition').first().click();
    const row = this.builder.getByTestId('audience-condition').last();
    await row.getByTestId('audience-attribute').selectOption(attribute);
    await row.getByTestId('audience-comparison').selectOption(comparison);
    if (value !== undefined) await row.getByTestId('audience-value').fill(value);
  }

  public previewRow(memberId: string): Locator {
    return this.previewList.row(memberId);
  }

  public segmentRow(name: string): Locator {
    return this.segmentsList.row(name);
  }

  public async save(name: string): Promise<void> {
    await this.nameInput.fill(name);
    await this.saveButton.click();
  }
}
