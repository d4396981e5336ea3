import { expect } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /settings/tags: the active website's tags. */
export class TagsPage extends withTestIds(ShellPage, {
  table: 'tags-table',
  form: 'tag-form',
}) {
  public static readonly path = '/settings/tags';

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
export class WorkspacesPage extends withTestIds(ShellPage, {
  table: 'workspaces-table',
  form: 'new-workspace-dialog',
}) {
  public static readonly path = '/settings/workspaces';

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
