import { type Page, type Locator } from '@playwright/test';
import { ContentEditorPage } from './ContentEditorPage';
import { withTestIds } from './withTestIds';

/** The popup editor (its create, update and view routes under the popup descriptor's base path) and its live preview. */
export class PopupEditorPage extends withTestIds(ContentEditorPage, {
  title: 'field-title',
  format: 'field-format',
  target: 'field-target',
  displayTime: 'field-display-time',
  addPage: 'page-add',
  removePage: 'page-remove',
  /** The page rule: the popup shows only on pages whose address matches (`/pricing`). */
  href: 'field-href',
}) {
  public constructor(page: Page) {
    super(page, 'popup');
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
