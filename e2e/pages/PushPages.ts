import { expect, type Locator, type Page } from '@playwright/test';
import { pushKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';

/** The list of push notifications (path and permission: its descriptor). */
export class PushListPage extends CampaignListPage {
  public static readonly path = pushKind.screens.basePath;

  public constructor(page: Page) {
    super(page, pushKind);
  }
}

/** The push-notification editor and its live notification preview. */
export class PushEditorPage extends ShellPage {
  public readonly form: Locator;
  public readonly pushTitle: Locator;
  public readonly title: Locator;
  public readonly body: Locator;
  public readonly iconInput: Locator;
  public readonly actionUrl: Locator;
  public readonly submit: Locator;
  public readonly preview: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('push-form');
    this.pushTitle = page.getByTestId('field-push-title');
    this.title = page.getByTestId('field-title');
    this.body = page.getByTestId('field-body');
    this.iconInput = page.getByTestId('field-icon-input');
    this.actionUrl = page.getByTestId('field-action-url');
    this.submit = page.getByTestId('editor-submit');
    this.preview = page.getByTestId('push-preview');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }
}
