import { expect, type Page } from '@playwright/test';
import { bannerKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** The list of banners (path and permission: its descriptor). */
export class BannerListPage extends CampaignListPage {
  public static readonly path = bannerKind.screens.basePath;

  public constructor(page: Page) {
    super(page, bannerKind);
  }
}

/** The banner editor and its live preview. */
export class BannerEditorPage extends withTestIds(ShellPage, {
  form: 'banner-form',
  title: 'field-title',
  content: 'field-content',
  actionType: 'field-action-type',
  urlText: 'field-url-text',
  url: 'field-url',
  submit: 'editor-submit',
  preview: 'banner-preview',
}) {
  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }
}
