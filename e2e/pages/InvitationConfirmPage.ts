import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage';

/** /confirm?token=…&email=…: an invited person without an account chooses a password. */
export class InvitationConfirmPage extends BasePage {
  public readonly form: Locator;
  public readonly passwordInput: Locator;
  public readonly confirmPasswordInput: Locator;
  public readonly submitButton: Locator;
  /** What a used or expired link shows instead of the form: the server's message and whom to ask. */
  public readonly deadLink: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('confirm-form');
    this.passwordInput = this.form.locator('input[name="password"]');
    this.confirmPasswordInput = this.form.locator('input[name="confirmPassword"]');
    this.submitButton = this.form.locator('button[type="submit"]');
    this.deadLink = page.getByTestId('invitation-link-dead');
  }

  /** Opens the mailed link (absolute; only its path and query are used, against the suite's base URL). */
  public async open(link: string): Promise<void> {
    const url = new URL(link);
    await this.page.goto(`${url.pathname}${url.search}`, { waitUntil: 'domcontentloaded' });
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  public async setPassword(password: string): Promise<void> {
    await this.passwordInput.fill(password);
    await this.confirmPasswordInput.fill(password);
    await this.submitButton.click();
  }
}
