import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** A settings list of the active website whose items are made in a dialog: Add, fill, submit, the dialog closes. */
class DialogListPage extends ListPage {
  public readonly form: Locator;
  private readonly addButton: Locator;

  public constructor(page: Page, screen: { path: string; table: string; form: string; add: string }) {
    super(page, screen.path, screen.table);
    this.form = page.getByTestId(screen.form);
    this.addButton = page.getByTestId(screen.add);
  }

  protected async createWith(fill: (form: Locator) => Promise<void>): Promise<void> {
    await this.addButton.click();
    await expect(this.form).toBeVisible();
    await fill(this.form);
    await this.form.getByTestId('submit-button').click();
    await expect(this.form).toBeHidden();
  }
}

/** /settings/tags: the active website's tags. */
export class TagsPage extends DialogListPage {
  public static readonly path = '/settings/tags';

  public constructor(page: Page) {
    super(page, { path: TagsPage.path, table: 'tags-table', form: 'tag-form', add: 'add-tag' });
  }

  public async create(name: string, color: string): Promise<void> {
    await this.createWith(async (form) => {
      await form.locator('input[name="name"]').fill(name);
      await form.locator('input[name="color"]').fill(color);
    });
  }
}

/** /settings/workspaces: the active website's workspaces. */
export class WorkspacesPage extends DialogListPage {
  public static readonly path = '/settings/workspaces';

  public constructor(page: Page) {
    super(page, { path: WorkspacesPage.path, table: 'workspaces-table', form: 'new-workspace-dialog', add: 'add-workspace' });
  }

  public async create(name: string, icon: string, service: string): Promise<void> {
    await this.createWith(async (form) => {
      await form.locator('input[name="name"]').fill(name);
      await form.getByTestId('workspace-icon').selectOption(icon);
      await form.getByTestId('workspace-service').selectOption(service);
    });
  }
}
