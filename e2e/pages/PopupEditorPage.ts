import { expect, type Locator } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** The popup editor (its create, update and view routes under the popup descriptor's base path) and its live preview. */
export class PopupEditorPage extends withTestIds(ShellPage, {
  form: 'popup-form',
  title: 'field-title',
  format: 'field-format',
  target: 'field-target',
  displayTime: 'field-display-time',
  addPage: 'this.page-add',
  removePage: 'this.page-remove',
  submit: 'editor-submit',
  preview: 'popup-preview',
  /** The page rule: the popup shows only on pages whose address matches (`/pricing`). */
  href: 'field-href',
}) {
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

  /** The rendered width of the preview, in CSS pixels. */
  public async previewWidth(): Promise<number> {
    const box = await this.preview.boundingBox();
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
