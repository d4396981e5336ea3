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

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.profileForm = page.getByTestId('profile-form');
    this.nameInput = this.profileForm.locator('input[name="name"]');
    this.saveButton = this.profileForm.locator('button[type="submit"]');
    this.passwordForm = page.getByTestId('password-form');
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
}
