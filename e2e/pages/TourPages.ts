import { expect, type Page } from '@playwright/test';
import { tourKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** The product tours in the shared content list (path and permission: its descriptor). */
export class TourListPage extends CampaignListPage {
  public static readonly path = tourKind.screens.basePath;

  public constructor(page: Page) {
    super(page, tourKind);
  }
}

/** The tour editor (/tour/{id}/create and /update): the steps, the step being edited, its preview. */
export class TourEditorPage extends withTestIds(ShellPage, {
  form: 'tour-form',
  title: 'field-title',
  addStep: 'tour-add-step',
  stepText: 'field-step-text',
  stepTitle: 'field-step-title',
  hasTarget: 'field-step-has-target',
  selector: 'field-step-selector',
  stepUrl: 'field-step-url',
  submit: 'editor-submit',
  preview: 'tour-preview',
}) {
  public readonly steps = this.page.getByTestId('tour-steps').getByTestId('tour-step');

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  /** Adds a step and writes it (an element to point at, a page). */
  public async add(step: { title: string; text: string; selector?: string; url?: string }): Promise<void> {
    await this.addStep.click();
    await this.stepTitle.fill(step.title);
    await this.stepText.fill(step.text);
    if (step.selector) {
      await this.hasTarget.check();
      await this.selector.fill(step.selector);
    }
    if (step.url) await this.stepUrl.fill(step.url);
  }

  /** The steps' titles, in their order. */
  public async order(): Promise<string[]> {
    return this.steps.evaluateAll((items) => items.map((item) => item.getAttribute('data-title') ?? ''));
  }
}
