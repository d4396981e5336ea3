import { expect, type Locator, type Page } from '@playwright/test';
import { emailKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** The list of e-mails (path and permission: its descriptor). */
export class EmailListPage extends CampaignListPage {
  public static readonly path = emailKind.screens.basePath;

  public constructor(page: Page) {
    super(page, emailKind);
  }
}

/** The e-mail editor (create and update), its rendered preview and "Send a test to me". */
export class EmailEditorPage extends withTestIds(ShellPage, {
  form: 'email-form',
  subject: 'field-subject',
  senderName: 'field-sender-name',
  target: 'field-target',
  audiences: 'field-audiences',
  recipients: 'email-recipients',
  submit: 'editor-submit',
  sendTest: 'email-send-test',
  preview: 'email-preview',
  previewFrame: 'preview-frame',
}) {
  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  /** The n-th block of the body (1-based). */
  public block(n: number): Locator {
    return this.form.getByTestId(`block-${n}`);
  }

  public async addButton(label: string, url: string): Promise<void> {
    await this.form.getByTestId('add-block-button').click();
    const count = await this.form.locator('[data-testid^="block-"][data-kind]').count();
    const block = this.block(count);
    await block.getByTestId('block-button-label').fill(label);
    await block.getByTestId('block-button-url').fill(url);
  }
}
