import { expect, type Locator } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { scaled } from '../../tooling/test-time-scale.cjs';

/** /dashboard: remote-dashboard's landing screen, rendered inside the host's main layout. */
export class DashboardPage extends ShellPage {
  public static readonly path = '/dashboard';

  public readonly greeting = this.main.getByText(/^Welcome, /);
  public readonly websiteCard = this.main.getByTestId('website-card');
  public readonly accessCard = this.main.getByTestId('access-card');
  public readonly statistics = this.main.getByTestId('statistics');
  public readonly rangeSelect = this.main.getByTestId('range-select');
  public readonly emptyState = this.main.getByTestId('stats-empty');

  /** A figure of the dashboard by its test id (stat-usersConnected-value, traffic-web, interactions-react, views-Popup…). */
  public figure(testId: string): Locator {
    return this.statistics.getByTestId(testId);
  }

  /** The number a figure shows, as the API gave it (its data-value; the text is formatted for the language). */
  public async figureValue(testId: string): Promise<number> {
    return Number(await this.figure(testId).getAttribute('data-value'));
  }

  /** The statistics have loaded (no skeleton, every chart drawn). */
  public async expectStatisticsLoaded(): Promise<void> {
    await expect(this.statistics).toHaveAttribute('aria-busy', 'false', { timeout: scaled(20_000) });
    await expect(this.figure('stat-usersConnected-value')).toBeVisible();
    for (const chart of ['chart-users-connected', 'chart-views', 'chart-interactions', 'chart-traffic']) {
      await expect(this.statistics.getByTestId(chart).locator('canvas')).toBeVisible();
    }
  }

  public async chooseRange(range: 'last24hours' | 'last7days' | 'last30days' | 'last90days'): Promise<void> {
    await this.rangeSelect.selectOption(range);
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(DashboardPage.path);
  }

  /**
   * What only the remote can show from the host's session store: the greeting with the user's name,
   * and the active website in its card.
   */
  public async expectGreeting(name: string, website: string): Promise<void> {
    await expect(this.heading).toHaveText('Dashboard', { timeout: scaled(20_000) });
    await expect(this.greeting).toHaveText(`Welcome, ${name}. You are working on ${website}.`);
    await expect(this.websiteCard).toContainText(website);
    await expect(this.accessCard).toBeVisible();
  }
}
