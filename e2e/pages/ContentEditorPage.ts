import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/**
 * What every content editor of the console has ({basePath}/create, /{id}/update): its form and live
 * preview, named after the kind (`banner-form`, `banner-preview`), and the shared submit button.
 */
export class ContentEditorPage extends ShellPage {
  public readonly form: Locator;
  public readonly preview: Locator;
  public readonly submit = this.page.getByTestId('editor-submit');

  public constructor(page: Page, kind: 'popup' | 'banner' | 'push' | 'email' | 'tour') {
    super(page);
    this.form = page.getByTestId(`${kind}-form`);
    this.preview = page.getByTestId(`${kind}-preview`);
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }
}
