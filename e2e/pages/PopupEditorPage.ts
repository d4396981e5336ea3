import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** The popup editor (its create, update and view routes under the popup descriptor's base path) and its live preview. */
export class PopupEditorPage extends ShellPage {
  public readonly heading: Locator;
  public readonly form: Locator;
  public readonly title: Locator;
  public readonly format: Locator;
  public readonly target: Locator;
  public readonly displayTime: Locator;
  public readonly addPage: Locator;
  public readonly removePage: Locator;
  public readonly submit: Locator;
  public readonly preview: Locator;
  /** The page rule: the popup shows only on pages whose address matches (`/pricing`). */
  public readonly href: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.form = page.getByTestId('popup-form');
    this.title = page.getByTestId('field-title');
    this.format = page.getByTestId('field-format');
    this.target = page.getByTestId('field-target');
    this.displayTime = page.getByTestId('field-display-time');
    this.addPage = page.getByTestId('page-add');
    this.removePage = page.getByTestId('page-remove');
    this.submit = page.getByTestId('editor-submit');
    this.preview = page.getByTestId('popup-preview');
    this.href = page.getByTestId('field-href');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  public pageTab(n: number): Locator {
    return this.page.getByTestId(`page-tab-${n}`);
  }

  public block(n: number): Locator {
    return this.page.getByTestId(`block-${n}`);
  }

  public async addBlock(kind: 'text' | 'image' | 'button' | 'question' | 'emojis'): Promise<void> {
    await this.page.getByTestId(`add-block-${kind}`).click();
  }

  /** The rendered width of the popup in the preview (the visitor's dialog), in CSS pixels. */
  public async previewWidth(): Promise<number> {
    const box = await this.preview.getByRole('dialog').boundingBox();
    return Math.round(box!.width);
  }

  /** Offers `emoji` as a reaction (the picker's "Add 👍" buttons). */
  public async addEmoji(emoji: string): Promise<void> {
    await this.page
      .getByTestId('field-emojis')
      .getByRole('button', { name: `Add ${emoji}`, exact: true })
      .click();
  }

  public async targetAudience(name: string): Promise<void> {
    await this.target.selectOption('audiences');
    await this.page.getByTestId('field-audiences').getByLabel(name, { exact: true }).check();
  }

  public async targetGroup(name: string): Promise<void> {
    await this.target.selectOption('groups');
    await this.page.getByTestId('field-groups').getByLabel(name, { exact: true }).check();
  }
}
