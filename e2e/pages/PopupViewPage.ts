import { expect, type Locator } from '@playwright/test';
import { popupKind } from '../../contracts/src/content-kinds';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** A popup's view screen ({basePath}/{id}/view): a popup read-only, with its comments and reactions dialog and the answers export. */
export class PopupViewPage extends withTestIds(ShellPage, {
  feedbackButton: 'view-feedback',
  feedbackDialog: 'feedback-dialog',
  exportButton: 'view-export',
}) {
  public async navigate(id: string): Promise<void> {
    await this.navigateTo(`${popupKind.screens.basePath}/${id}/view`);
    await expect(this.feedbackButton).toBeVisible({ timeout: 20_000 });
  }

  /** The comments tab of the feedback dialog (opened first). */
  public async comments(): Promise<Locator> {
    await this.feedbackButton.click();
    await expect(this.feedbackDialog).toBeVisible();
    return this.feedbackDialog.getByTestId('comments-list');
  }

  /** The reactions tab of the feedback dialog (opened first). */
  public async reactions(): Promise<Locator> {
    await this.feedbackButton.click();
    await expect(this.feedbackDialog).toBeVisible();
    await this.feedbackDialog.getByTestId('feedback-reactions-tab').click();
    return this.feedbackDialog.getByTestId('reactions-list');
  }
}
