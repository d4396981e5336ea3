import { expect, type Page } from '@playwright/test';
import { pushKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** The list of push notifications (path and permission: its descriptor). */
export class PushListPage extends CampaignListPage {
  public static readonly path = pushKind.screens.basePath;

  public constructor(page: Page) {
    super(page, pushKind);
  }
}

/** The push-notification editor and its live notification preview. */
export class PushEditorPage extends withTestIds(ShellPage, {
  form: 'push-form',
  pushTitle: 'field-push-title',
  title: 'field-title',
  body: 'field-body',
  iconInput: 'field-icon-input',
  actionUrl: 'field-action-url',
  submit: 'editor-submit',
  preview: 'push-preview',
}) {
  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }
}
