import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /settings/tags: the active website's tags. */
export class TagsPage extends ShellPage {
  public static readonly path = '/settings/tags';
  public readonly table: Locator;
  public readonly form: Locator;

  public constructor(page: Page) {
    super(page);
    this.table = page.getByTestId('tags-table');
    this.form = page.getByTestId('tag-form');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }

  public async create(name: string, color: string): Promise<void> {
    await this.page.getByTestId('add-tag').click();
    await expect(this.form).toBeVisible();
    await this.form.locator('input[name="name"]').fill(name);
    await this.form.locator('input[name="color"]').fill(color);
    await this.form.getByTestId('submit-button').click();
    await expect(this.form).toBeHidden();
  }
}

/** /settings/workspaces: the active website's workspaces. */
export class WorkspacesPage extends ShellPage {
  public static readonly path = '/settings/workspaces';
  public readonly table: Locator;
  public readonly form: Locator;

  public constructor(page: Page) {
    super(page);
    this.table = page.getByTestId('workspaces-table');
    this.form = page.getByTestId('new-workspace-dialog');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.table).toBeVisible({ timeout: 20_000 });
  }

  public async create(name: string, icon: string, service: string): Promise<void> {
    await this.page.getByTestId('add-workspace').click();
    await expect(this.form).toBeVisible();
    await this.form.locator('input[name="name"]').fill(name);
    await this.form.getByTestId('workspace-icon').selectOption(icon);
    await this.form.getByTestId('workspace-service').selectOption(service);
    await this.form.getByTestId('submit-button').click();
    await expect(this.form).toBeHidden();
  }
}
