import { expect } from '@playwright/test';
import { BasePage } from './BasePage';
import { withTestIds } from './withTestIds';

/** /confirm?token=…&email=…: an invited person without an account chooses a password. */
export class InvitationConfirmPage extends withTestIds(BasePage, {
  form: 'confirm-form',
  /** What a used or expired link shows instead of the form: the server's message and whom to ask. */
  deadLink: 'invitation-link-dead',
}) {
  public readonly passwordInput = this.form.locator('input[name="password"]');
  public readonly confirmPasswordInput = this.form.locator('input[name="confirmPassword"]');
  public readonly submitButton = this.form.locator('button[type="submit"]');

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
