import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /profile: the user's details and the password update (host screen, inside the main layout). */
export class ProfilePage extends ShellPage {
  public static readonly path = '/profile';

  public readonly heading: Locator;
  public readonly profileForm: Locator;
  public readonly nameInput: Locator;
  public readonly saveButton: Locator;
  public readonly passwordForm: Locator;
  public readonly emailInput: Locator;
  /** Shown only while the e-mail differs from the account's (a new e-mail needs it). */
  public readonly currentPasswordInput: Locator;
  public readonly pendingEmail: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.profileForm = page.getByTestId('profile-form');
    this.nameInput = this.profileForm.locator('input[name="name"]');
    this.saveButton = this.profileForm.locator('button[type="submit"]');
    this.passwordForm = page.getByTestId('password-form');
    this.emailInput = this.profileForm.locator('input[name="email"]');
    this.currentPasswordInput = this.profileForm.locator('input[name="currentPassword"]');
    this.pendingEmail = this.profileForm.getByTestId('pending-email');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(ProfilePage.path);
    await this.expectLoaded();
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.profileForm).toBeVisible({ timeout: 20_000 });
    await expect(this.passwordForm).toBeVisible();
  }

  public async saveName(name: string): Promise<void> {
    await expect(this.nameInput).not.toHaveValue('');
    await this.nameInput.fill(name);
    await expect(this.saveButton).toBeEnabled();
    await this.saveButton.click();
  }

  /** Asks for a new e-mail: the current password field appears once the address differs. */
  public async requestEmailChange(email: string, currentPassword: string | null): Promise<void> {
    await expect(this.emailInput).not.toHaveValue('');
    await expect(this.currentPasswordInput).toHaveCount(0);
    await this.emailInput.fill(email);
    await expect(this.currentPasswordInput).toBeVisible();
    if (currentPassword !== null) await this.currentPasswordInput.fill(currentPassword);
    await this.saveButton.click();
  }
}
