import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /installation-guide (settings remote): the active website's snippet, where to paste it, and the live check. */
export class InstallationGuidePage extends ShellPage {
  public static readonly path = '/installation-guide';
  public readonly heading: Locator;
  public readonly snippet: Locator;
  public readonly copyButton: Locator;
  public readonly copied: Locator;
  public readonly checkButton: Locator;
  public readonly installed: Locator;
  public readonly missing: Locator;
  public readonly identitySection: Locator;
  public readonly identitySecret: Locator;
  public readonly identityReveal: Locator;
  public readonly identityRequired: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.snippet = page.getByTestId('install-snippet');
    this.copyButton = page.getByTestId('install-snippet-copy');
    this.copied = page.getByTestId('install-snippet-copied');
    this.checkButton = page.getByTestId('install-check-button');
    this.installed = page.getByTestId('install-check-installed');
    this.missing = page.getByTestId('install-check-missing');
    this.identitySection = page.getByTestId('install-section-identity');
    this.identitySecret = page.getByTestId('identity-secret');
    this.identityReveal = page.getByTestId('identity-secret-reveal');
    this.identityRequired = page.getByTestId('identity-required');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(InstallationGuidePage.path);
    await expect(this.snippet).toBeVisible({ timeout: 20_000 });
  }
}
