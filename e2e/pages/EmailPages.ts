import { type Locator, type Page } from '@playwright/test';
import { emailKind } from '../../contracts/src/content-kinds';
import { campaignListOf } from './PopupListPage';
import { ContentEditorPage } from './ContentEditorPage';
import { withTestIds } from './withTestIds';

/** The list of e-mails. */
export const EmailListPage = campaignListOf(emailKind);

/** The e-mail editor (create and update), its rendered preview and "Send a test to me". */
export class EmailEditorPage extends withTestIds(ContentEditorPage, {
  subject: 'field-subject',
  senderName: 'field-sender-name',
  target: 'field-target',
  audiences: 'field-audiences',
  recipients: 'email-recipients',
  sendTest: 'email-send-test',
  previewFrame: 'preview-frame',
}) {
  public constructor(page: Page) {
    super(page, 'email');
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
