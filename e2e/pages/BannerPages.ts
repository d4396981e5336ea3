import { expect, type Locator, type Page } from '@playwright/test';
import { bannerKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';

/** The list of banners (path and permission: its descriptor). */
export class BannerListPage extends CampaignListPage {
  public static readonly path = bannerKind.screens.basePath;

  public constructor(page: Page) {
    super(page, bannerKind);
  }
}

/** The banner editor and its live preview. */
export class BannerEditorPage extends ShellPage {
  public readonly form: Locator;
  public readonly title: Locator;
  public readonly content: Locator;
  public readonly actionType: Locator;
  public readonly urlText: Locator;
  public readonly url: Locator;
  public readonly submit: Locator;
  public readonly preview: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('banner-form');
    this.title = page.getByTestId('field-title');
    this.content = page.getByTestId('field-content');
    this.actionType = page.getByTestId('field-action-type');
    this.urlText = page.getByTestId('field-url-text');
    this.url = page.getByTestId('field-url');
    this.submit = page.getByTestId('editor-submit');
    this.preview = page.getByTestId('banner-preview');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }
}
