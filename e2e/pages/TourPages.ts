import { expect, type Locator, type Page } from '@playwright/test';
import { tourKind } from '../../contracts/src/content-kinds';
import { CampaignListPage } from './PopupListPage';
import { ShellPage } from './ShellPage';

/** The product tours in the shared content list (path and permission: its descriptor). */
export class TourListPage extends CampaignListPage {
  public static readonly path = tourKind.screens.basePath;

  public constructor(page: Page) {
    super(page, tourKind);
  }
}

/** The tour editor (/tour/{id}/create and /update): the steps, the step being edited, its preview. */
export class TourEditorPage extends ShellPage {
  public readonly form: Locator;
  public readonly title: Locator;
  public readonly steps: Locator;
  public readonly addStep: Locator;
  public readonly stepText: Locator;
  public readonly stepTitle: Locator;
  public readonly hasTarget: Locator;
  public readonly selector: Locator;
  public readonly stepUrl: Locator;
  public readonly submit: Locator;
  public readonly preview: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('tour-form');
    this.title = page.getByTestId('field-title');
    this.steps = page.getByTestId('tour-steps').getByTestId('tour-step');
    this.addStep = page.getByTestId('tour-add-step');
    this.stepText = page.getByTestId('field-step-text');
    this.stepTitle = page.getByTestId('field-step-title');
    this.hasTarget = page.getByTestId('field-step-has-target');
    this.selector = page.getByTestId('field-step-selector');
    this.stepUrl = page.getByTestId('field-step-url');
    this.submit = page.getByTestId('editor-submit');
    this.preview = page.getByTestId('tour-preview');
  }

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
