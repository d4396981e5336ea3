import { expect } from '@playwright/test';
import { SEEDED_ADMIN } from '../support/api';
import { BasePage } from './BasePage';
import type { DashboardPage } from './DashboardPage';
import { withTestIds } from './withTestIds';
import { scaled } from '../../tooling/test-time-scale.cjs';

/** /login: e-mail and password, the form's error alert, the language select of the public pages. */
export class LoginPage extends withTestIds(BasePage, {
  form: 'login-form',
  submitButton: 'login-submit',
  formError: 'form-error',
  languageSelect: 'language-select',
}) {
  public static readonly path = '/login';
  public static readonly successMessage = 'Login successfully, Welcome Back';

  public readonly emailInput = this.form.locator('input[type="email"]');
  public readonly passwordInput = this.form.locator('input[type="password"]');
  public readonly heading = this.page.getByRole('heading', { level: 1 });
  public readonly forgotPasswordLink = this.form.locator('a[href="/forget-password"]');

  public async navigate(query = ''): Promise<void> {
    await this.navigateTo(`${LoginPage.path}${query}`);
    await expect(this.form).toBeVisible({ timeout: scaled(20_000) });
  }

  /** Fills and submits the form; does not wait for the outcome. */
  public async submit(email: string, password: string): Promise<void> {
    await this.emailInput.fill(email);
    await this.passwordInput.fill(password);
    await this.submitButton.click();
  }

  public async login(email: string, password: string): Promise<void> {
    await this.submit(email, password);
    await this.expectLoginSuccess();
  }

  public async navigateAndLogin(email: string, password: string): Promise<void> {
    await this.navigate();
    await this.login(email, password);
  }

  /**
   * The seeded owner signs in: the prerendered sign-in page, its live form, the toast, then a full page
   * load into the federated console, where remote-dashboard greets them by name with their website.
   */
  public async signInAsSeededOwner(dashboard: DashboardPage): Promise<void> {
    await this.navigate();
    await expect(this.heading).toHaveText('Sign in');
    await this.submit(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await this.expectSuccessToast(LoginPage.successMessage);
    await dashboard.expectPath('/dashboard');
    await dashboard.expectLayout();
    await dashboard.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
  }

  /** The toast, then the landing page /dashboard. */
  public async expectLoginSuccess(): Promise<void> {
    // The first sign-in of a run also loads the console's remotes; on a busy machine that alone
    // can take longer than the default 10 s, and the toast is what proves the sign-in worked.
    await expect(this.successToast.filter({ hasText: LoginPage.successMessage })).toBeVisible({ timeout: scaled(20_000) });
    await this.expectPath('/dashboard');
  }

  public async expectOnLoginPage(): Promise<void> {
    await this.expectPath(LoginPage.path);
    await expect(this.form).toBeVisible({ timeout: scaled(20_000) });
  }

  public async expectFormError(text: string | RegExp): Promise<void> {
    await expect(this.formError).toBeVisible();
    await expect(this.formError).toContainText(text);
  }
}
