import { expect, type Locator, type Page } from '@playwright/test';
import { emailKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';

/** The list of e-mails (path and permission: its descriptor). */
export class EmailListPage extends CampaignListPage {
  public static readonly path = emailKind.screens.basePath;

  public constructor(page: Page) {
    super(page, emailKind);
  }
}

/** The e-mail editor (create and update), its rendered preview and "Send a test to me". */
export class EmailEditorPage extends ShellPage {
  public readonly form: Locator;
  public readonly subject: Locator;
  public readonly senderName: Locator;
  public readonly target: Locator;
  public readonly audiences: Locator;
  public readonly recipients: Locator;
  public readonly submit: Locator;
  public readonly sendTest: Locator;
  public readonly preview: Locator;
  public readonly previewFrame: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('email-form');
    this.subject = page.getByTestId('field-subject');
    this.senderName = page.getByTestId('field-sender-name');
    this.target = page.getByTestId('field-target');
    this.audiences = page.getByTestId('field-audiences');
    this.recipients = page.getByTestId('email-recipients');
    this.submit = page.getByTestId('editor-submit');
    this.sendTest = page.getByTestId('email-send-test');
    this.preview = page.getByTestId('email-preview');
    this.previewFrame = page.getByTestId('preview-frame');
  }

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
