import { type Page } from '@playwright/test';
import { tourKind } from '../../contracts/src/content-kinds';
import { campaignListOf } from './PopupListPage';
import { ContentEditorPage } from './ContentEditorPage';
import { withTestIds } from './withTestIds';

/** The product tours in the shared content list. */
export const TourListPage = campaignListOf(tourKind);

/** The tour editor (/tour/{id}/create and /update): the steps, the step being edited, its preview. */
export class TourEditorPage extends withTestIds(ContentEditorPage, {
  title: 'field-title',
  addStep: 'tour-add-step',
  stepText: 'field-step-text',
  stepTitle: 'field-step-title',
  hasTarget: 'field-step-has-target',
  selector: 'field-step-selector',
  stepUrl: 'field-step-url',
}) {
  public readonly steps = this.page.getByTestId('tour-steps').getByTestId('tour-step');

  public constructor(page: Page) {
    super(page, 'tour');
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
