import { expect } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /profile: the user's details and the password update (host screen, inside the main layout). */
export class ProfilePage extends withTestIds(ShellPage, {
  profileForm: 'profile-form',
  passwordForm: 'password-form',
}) {
  public static readonly path = '/profile';

  public readonly nameInput = this.profileForm.locator('input[name="name"]');
  public readonly saveButton = this.profileForm.locator('button[type="submit"]');
  public readonly emailInput = this.profileForm.locator('input[name="email"]');
  /** Shown only while the e-mail differs from the account's (a new e-mail needs it). */
  public readonly currentPasswordInput = this.profileForm.locator('input[name="currentPassword"]');
  public readonly pendingEmail = this.profileForm.getByTestId('pending-email');

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
