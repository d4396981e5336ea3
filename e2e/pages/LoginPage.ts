import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage';

/** /login: e-mail and password, the form's error alert, the language select of the public pages. */
export class LoginPage extends BasePage {
  public static readonly path = '/login';
  public static readonly successMessage = 'Login successfully, Welcome Back';

  public readonly form: Locator;
  public readonly emailInput: Locator;
  public readonly passwordInput: Locator;
  public readonly submitButton: Locator;
  public readonly formError: Locator;
  public readonly languageSelect: Locator;
  public readonly heading: Locator;
  public readonly forgotPasswordLink: Locator;

  public constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('login-form');
    this.emailInput = this.form.locator('input[type="email"]');
    this.passwordInput = this.form.locator('input[type="password"]');
    this.submitButton = page.getByTestId('login-submit');
    this.formError = page.getByTestId('form-error');
    this.languageSelect = page.getByTestId('language-select');
    this.heading = page.getByRole('heading', { level: 1 });
    this.forgotPasswordLink = this.form.locator('a[href="/forget-password"]');
  }

  public async navigate(query = ''): Promise<void> {
    await this.navigateTo(`${LoginPage.path}${query}`);
    await expect(this.form).toBeVisible({ timeout: 20_000 });
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

  /** The toast of spec section 8, then the landing page /dashboard. */
  public async expectLoginSuccess(): Promise<void> {
    // The first sign-in of a run also loads the console's remotes; on a busy machine that alone
    // can take longer than the default 10 s, and the toast is what proves the sign-in worked.
    await expect(this.successToast.filter({ hasText: LoginPage.successMessage })).toBeVisible({ timeout: 20_000 });
    await this.expectPath('/dashboard');
  }

  public async expectOnLoginPage(): Promise<void> {
    await this.expectPath(LoginPage.path);
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  public async expectFormError(text: string | RegExp): Promise<void> {
    await expect(this.formError).toBeVisible();
    await expect(this.formError).toContainText(text);
  }
}
