import { expect, type Locator, type Page } from '@playwright/test';

/** What every screen of the console has: navigation, toasts, the html element's lang and dir. */
export class BasePage {
  public readonly page: Page;
  public readonly successToast: Locator;
  public readonly errorToast: Locator;
  public readonly notFound: Locator;
  public readonly loaderOverlay: Locator;

  public constructor(page: Page) {
    this.page = page;
    this.successToast = page.getByTestId('toast-success');
    this.errorToast = page.getByTestId('toast-error');
    this.notFound = page.getByTestId('not-found');
    this.loaderOverlay = page.getByTestId('loader-overlay');
  }

  public async navigateTo(path: string): Promise<void> {
    await this.page.goto(path, { waitUntil: 'domcontentloaded' });
  }

  /** Waits for the session check to finish (the loader overlay shows until then). */
  public async waitForSession(): Promise<void> {
    await expect(this.loaderOverlay).toHaveCount(0, { timeout: 20_000 });
  }

  public async expectPath(path: string | RegExp): Promise<void> {
    const pattern = typeof path === 'string' ? new RegExp(`^[^?#]*://[^/]+${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:[?#].*)?$`) : path;
    await expect(this.page).toHaveURL(pattern);
  }

  public async expectSuccessToast(text: string | RegExp): Promise<void> {
    await expect(this.successToast.filter({ hasText: text })).toBeVisible();
  }

  public async expectDocumentDirection(dir: 'ltr' | 'rtl', lang: string): Promise<void> {
    const html = this.page.locator('html');
    await expect(html).toHaveAttribute('dir', dir);
    await expect(html).toHaveAttribute('lang', lang);
  }
}
