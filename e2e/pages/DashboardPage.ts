import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /dashboard: remote-dashboard's landing screen, rendered inside the host's main layout. */
export class DashboardPage extends ShellPage {
  public static readonly path = '/dashboard';

  public readonly heading: Locator;
  public readonly greeting: Locator;
  public readonly websiteCard: Locator;
  public readonly accessCard: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.greeting = this.main.getByText(/^Welcome, /);
    this.websiteCard = this.main.getByTestId('website-card');
    this.accessCard = this.main.getByTestId('access-card');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(DashboardPage.path);
  }

  /**
   * What only the remote can show from the host's session store: the greeting with the user's name,
   * and the active website in its card.
   */
  public async expectGreeting(name: string, website: string): Promise<void> {
    await expect(this.heading).toHaveText('Dashboard', { timeout: 20_000 });
    await expect(this.greeting).toHaveText(`Welcome, ${name}. You are working on ${website}.`);
    await expect(this.websiteCard).toContainText(website);
    await expect(this.accessCard).toBeVisible();
  }
}
