import { expect, type Locator, type Page } from '@playwright/test';
import { popupKind } from '../../contracts/src/content-kinds';
import { ListPage } from './ListPage';

/** What a page object reads of a kind's descriptor (contracts' content-kinds.ts): its console route and test-id stem. */
export interface KindScreens {
  screens: { basePath: string; i18nKey: string };
}

/**
 * A campaign list of remote-campaigns (popups at /posts; banners and push notifications extend it):
 * the workspaces side list, the filters, the table with its row actions and bulk delete.
 */
export class CampaignListPage extends ListPage {
  public readonly createButton: Locator;
  public readonly bulkDeleteButton: Locator;
  public readonly bulkDeleteDialog: Locator;
  public readonly duplicateDialog: Locator;
  public readonly workspaces: Locator;
  public readonly newWorkspaceDialog: Locator;
  /** The title search (its value lives in the URL, under the list call's title parameter). */
  public readonly search: Locator;

  public constructor(page: Page, descriptor: KindScreens) {
    const kind = descriptor.screens.i18nKey;
    super(page, descriptor.screens.basePath, `${kind}-table`, { exact: true, cell: 'row-title' });
    this.createButton = page.getByTestId(`${kind}-create`);
    this.bulkDeleteButton = page.getByTestId(`${kind}-bulk-delete`);
    this.bulkDeleteDialog = page.getByTestId('bulk-delete-dialog');
    this.duplicateDialog = page.getByTestId('duplicate-dialog');
    this.workspaces = page.getByTestId('workspace-side-list');
    this.newWorkspaceDialog = page.getByTestId('new-workspace-dialog');
    this.search = page.getByTestId('list-search');
  }

  /** The side list's entry of a workspace (aria-current="page" when it filters the list). */
  public workspace(name: string): Locator {
    return this.workspaces.getByTestId(`workspace-${name}`);
  }

  /** Opens the editor of a new item, in a new workspace of its own (the list, under `heading` when given; the workspace; Create). */
  public async openNewEditor(workspace: string, heading?: string): Promise<void> {
    await this.navigate();
    if (heading !== undefined) await expect(this.heading).toHaveText(heading);
    await this.createWorkspace(workspace);
    await this.createButton.click();
  }

  /** The id of the item titled `title`, read from its row's view link ({basePath}/{id}/view). */
  public async itemId(title: string): Promise<string> {
    const href = await this.row(title).getByTestId('row-view').getAttribute('href');
    return new RegExp(`${this.path}/([0-9a-f-]{36})/`).exec(href ?? '')![1];
  }

  /** Makes a workspace from the side list and chooses it (the list then shows only its items). */
  public async createWorkspace(name: string): Promise<void> {
    await this.workspaces.getByTestId('workspace-new').click();
    await expect(this.newWorkspaceDialog).toBeVisible();
    await this.newWorkspaceDialog.getByTestId('new-workspace-name').fill(name);
    await this.newWorkspaceDialog.getByTestId('submit-button').click();
    await expect(this.newWorkspaceDialog).toBeHidden();
    await this.workspaces.getByTestId(`workspace-${name}`).click();
  }

  public columnHeaders(): Locator {
    return this.table.getByRole('columnheader');
  }

  public async select(title: string): Promise<void> {
    await this.row(title).locator('[data-scope="checkbox"][data-part="root"]').click();
    await expect(this.row(title).getByRole('checkbox')).toBeChecked();
  }

  public async duplicate(title: string): Promise<void> {
    await this.row(title).getByTestId('row-duplicate').click();
    await expect(this.duplicateDialog).toBeVisible();
    await this.duplicateDialog.getByTestId('confirm-button').click();
  }

  public async bulkDelete(): Promise<void> {
    await this.bulkDeleteButton.click();
    await expect(this.bulkDeleteDialog).toBeVisible();
    await this.bulkDeleteDialog.getByTestId('confirm-button').click();
  }
}

/** The list page of one kind, its path and permission from the kind's descriptor: `new (campaignListOf(bannerKind))(page)`. */
export function campaignListOf(descriptor: KindScreens) {
  return class extends CampaignListPage {
    public static readonly path = descriptor.screens.basePath;

    public constructor(page: Page) {
      super(page, descriptor);
    }
  };
}

/** The popups list, with the form-answers export per row. */
export class PopupListPage extends campaignListOf(popupKind) {
  public exportButton(title: string): Locator {
    return this.row(title).getByTestId('row-export');
  }
}
