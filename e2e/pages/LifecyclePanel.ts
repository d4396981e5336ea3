import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The status and lifecycle actions of one campaign item (shared-content's LifecycleBar on the view
 * and update screens): Publish, Schedule, and the "Unpublished changes" notice with Publish and Discard.
 */
export class LifecyclePanel {
  public readonly bar: Locator;
  public readonly status: Locator;
  public readonly unpublished: Locator;
  public readonly publishButton: Locator;
  public readonly scheduleButton: Locator;
  public readonly scheduleDialog: Locator;
  public readonly versions: Locator;
  /** The question Publish asks first (what goes live, or how many it reaches). */
  public readonly publishDialog: Locator;

  public constructor(public readonly page: Page) {
    this.bar = page.getByRole('region', { name: 'Publishing' });
    this.status = this.bar.getByTestId('row-status');
    this.unpublished = this.bar.getByTestId('lifecycle-unpublished');
    this.publishButton = this.bar.getByTestId('lifecycle-publish');
    this.scheduleButton = this.bar.getByTestId('lifecycle-schedule');
    this.scheduleDialog = page.getByTestId('schedule-dialog');
    this.versions = page.getByTestId('versions-panel');
    this.publishDialog = page.getByTestId('publish-dialog');
  }

  /** Publish, answered yes. */
  public async publish(): Promise<void> {
    await this.askPublish();
    await this.publishDialog.getByTestId('confirm-button').click();
    await expect(this.status).toHaveText('Public');
  }

  /** Publish, up to its question (open, its confirm button ready). */
  public async askPublish(): Promise<Locator> {
    await this.publishButton.click();
    await expect(this.publishDialog).toBeVisible();
    await expect(this.publishDialog.getByTestId('confirm-button')).toBeEnabled();
    return this.publishDialog;
  }

  /** Schedules from `start` (a `datetime-local` value on the website's clock), no end. */
  public async schedule(start: string): Promise<void> {
    await this.scheduleButton.click();
    await expect(this.scheduleDialog).toBeVisible();
    await this.scheduleDialog.getByTestId('schedule-start').fill(start);
    await this.scheduleDialog.getByTestId('submit-button').click();
    await expect(this.scheduleDialog).toBeHidden();
    await expect(this.status).toHaveText('Scheduled');
  }
}
