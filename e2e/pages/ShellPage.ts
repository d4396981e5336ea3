import { expect, type Locator, type Page } from '@playwright/test';
import { BasePage } from './BasePage';

export type Language = 'en' | 'fr' | 'ar';
export type Section = 'campaigns' | 'toursChecklists' | 'settings' | 'dashboard';

/** The main layout around every signed-in screen: sidebar, header and its menus, the section outlet. */
export class ShellPage extends BasePage {
  public readonly sidebar: Locator;
  public readonly main: Locator;
  public readonly websiteSwitcher: Locator;
  public readonly languageSwitcher: Locator;
  public readonly themeToggle: Locator;
  public readonly profileMenu: Locator;
  public readonly signOutItem: Locator;
  public readonly aboutDialog: Locator;
  public readonly remoteUnavailable: Locator;
  public readonly retryButton: Locator;
  public readonly forbidden: Locator;

  public constructor(page: Page) {
    super(page);
    this.sidebar = page.getByTestId('sidebar');
    this.main = page.locator('main#main');
    this.websiteSwitcher = page.getByTestId('website-switcher');
    this.languageSwitcher = page.getByTestId('language-switcher');
    this.themeToggle = page.getByTestId('theme-toggle');
    this.profileMenu = page.getByTestId('profile-menu');
    this.signOutItem = page.getByTestId('sign-out');
    this.aboutDialog = page.getByTestId('about-dialog');
    this.remoteUnavailable = this.main.getByTestId('remote-unavailable');
    this.retryButton = this.remoteUnavailable.getByTestId('retry-button');
    this.forbidden = this.main.getByTestId('forbidden');
  }

  /** A sidebar entry, e.g. navLink('/dashboard') → data-testid=nav-dashboard. */
  public navLink(path: string): Locator {
    return this.sidebar.getByTestId(`nav-${path.replace(/^\//, '').replace(/\//g, '-')}`);
  }

  public async expectLayout(): Promise<void> {
    await expect(this.sidebar).toBeVisible({ timeout: 20_000 });
    await expect(this.profileMenu).toBeVisible();
  }

  public async openProfileMenu(): Promise<void> {
    await this.profileMenu.click();
    await expect(this.signOutItem).toBeVisible();
  }

  public async signOut(): Promise<void> {
    await this.openProfileMenu();
    await this.signOutItem.click();
  }

  public async openProfile(): Promise<void> {
    await this.openProfileMenu();
    await this.page.getByRole('menuitem', { name: /profile/i }).click();
  }

  public async openAbout(): Promise<Locator> {
    await this.openProfileMenu();
    await this.page.getByRole('menuitem', { name: /about/i }).click();
    await expect(this.aboutDialog).toBeVisible();
    return this.aboutDialog;
  }

  /** The version a section's remote reports in the About dialog (open it first). */
  public sectionVersion(section: Section): Locator {
    return this.aboutDialog.getByTestId(`version-${section}`);
  }

  public async chooseLanguage(language: Language): Promise<void> {
    await this.languageSwitcher.click();
    await this.page.getByTestId(`language-${language}`).click();
  }

  /** The fallback a section shows while its remote is down. */
  public async expectSectionUnavailable(): Promise<void> {
    await expect(this.remoteUnavailable).toBeVisible({ timeout: 20_000 });
    await expect(this.retryButton).toBeVisible();
  }

  public async retrySection(): Promise<void> {
    await this.retryButton.click();
  }

  public async expectForbidden(): Promise<void> {
    await this.expectPath('/forbidden');
    await expect(this.forbidden).toBeVisible();
  }
}
