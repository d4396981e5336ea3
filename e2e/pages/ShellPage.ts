import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage';
import { withTestIds } from './withTestIds';

export type Language = 'en' | 'fr' | 'ar';
export type Section = 'campaigns' | 'toursChecklists' | 'settings' | 'dashboard';

/** The main layout around every signed-in screen: sidebar, header and its menus, the section outlet. */
export class ShellPage extends withTestIds(BasePage, {
  sidebar: 'sidebar',
  websiteSwitcher: 'website-switcher',
  languageSwitcher: 'language-switcher',
  themeToggle: 'theme-toggle',
  profileMenu: 'profile-menu',
  signOutItem: 'sign-out',
  aboutDialog: 'about-dialog',
}) {
  public readonly main = this.page.locator('main#main');
  /** The screen's title, the section outlet's level-1 heading. */
  public readonly heading = this.main.getByRole('heading', { level: 1 });
  public readonly remoteUnavailable = this.main.getByTestId('remote-unavailable');
  public readonly retryButton = this.remoteUnavailable.getByTestId('retry-button');
  public readonly forbidden = this.main.getByTestId('forbidden');

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
