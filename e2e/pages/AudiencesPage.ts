import { expect, type Locator } from '@playwright/test';
import { PagedTable } from './PagedTable';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

type Condition = { attribute: string; comparison: string; value?: string };

/** /settings/audiences (settings remote): the rule builder, its live preview and the saved segments. */
export class AudiencesPage extends withTestIds(ShellPage, {
  form: 'segment-form',
  nameInput: 'segment-name',
  builder: 'audience-builder',
  saveButton: 'segment-save',
  preview: 'audience-preview',
  previewTable: 'audience-preview-table',
  previewCount: 'audience-preview-count',
  segmentsTable: 'segments-table',
}) {
  public static readonly path = '/settings/audiences';

  private readonly previewList = new PagedTable(this.page, this.previewTable);
  private readonly segmentsList = new PagedTable(this.page, this.segmentsTable);

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
