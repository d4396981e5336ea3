import { expect } from '@playwright/test';
import { BasePage } from './BasePage';

/** /forget-password: ask for a reset link. */
export class ForgotPasswordPage extends BasePage {
  public static readonly path = '/forget-password';
  public static readonly sentMessage = 'successfully sent';

  public readonly emailInput = this.page.locator('form input[type="email"]');
  public readonly submitButton = this.page.locator('form button[type="submit"]');

  public async navigate(): Promise<void> {
    await this.navigateTo(ForgotPasswordPage.path);
    await expect(this.emailInput).toBeVisible({ timeout: 20_000 });
  }

  public async requestLink(email: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.submitButton.click();
    await this.expectSuccessToast(ForgotPasswordPage.sentMessage);
    await new ResetWaitPage(this.page).expectLoaded(email);
  }
}

/** /reset-wait: where the visitor goes once the link is sent. */
export class ResetWaitPage extends BasePage {
  public static readonly path = '/reset-wait';

  public readonly heading = this.page.getByRole('heading', { level: 1 });

  public async expectLoaded(email?: string): Promise<void> {
    await this.expectPath(ResetWaitPage.path);
    await expect(this.heading).toBeVisible();
    if (email) await expect(this.page.getByText(email)).toBeVisible();
  }
}

/** /reset-password?token=…: choose a new password. */
export class ResetPasswordPage extends BasePage {
  public static readonly successMessage = 'Password has been reset successfully';

  public readonly form = this.page.getByTestId('reset-form');
  public readonly passwordInput = this.form.locator('input[name="password"]');
  public readonly confirmPasswordInput = this.form.locator('input[name="confirmPassword"]');
  public readonly submitButton = this.form.locator('button[type="submit"]');

  /** Opens the link as the mail gives it (absolute URL). */
  public async open(link: string): Promise<void> {
    await this.page.goto(link, { waitUntil: 'domcontentloaded' });
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  public async reset(password: string, confirmPassword = password): Promise<void> {
    await this.passwordInput.fill(password);
    await this.confirmPasswordInput.fill(confirmPassword);
    await this.submitButton.click();
  }
}
