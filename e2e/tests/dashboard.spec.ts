import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page, Request } from '@playwright/test';
import { test, expect, SEEDED_ADMIN } from '../fixtures';
import type { SignpostApi } from '../support/api';
import { DashboardPage } from '../pages/DashboardPage';
import { ROOT } from '../support/state';

/**
 * The dashboard after the demo traffic (scripts/demo-traffic.mjs, the command a newcomer
 * runs) went through the public ingestion call. Every figure on the screen must equal what the
 * statistics calls answer for the very range and time zone the page asked for.
 */
type DemoTraffic = { playDemoTraffic(options: Record<string, unknown>): Promise<{ accepted: number; contents: number; skipped: boolean }> };

const FIGURES: [string, (answers: Answers) => number][] = [
  ['stat-usersConnected-value', (a) => a.count.usersConnected],
  ['stat-popup-value', (a) => a.count.popup],
  ['stat-banner-value', (a) => a.count.banner],
  ['stat-push_notification-value', (a) => a.count.push_notification],
  ['traffic-web', (a) => a.traffic.web],
  ['traffic-mobile', (a) => a.traffic.mobile],
  ['traffic-all', (a) => a.traffic.all],
  ['interactions-comment', (a) => a.interactions.comment],
  ['interactions-react', (a) => a.interactions.react],
  ['interactions-close', (a) => a.interactions.close],
  ['views-Popup', (a) => a.views.find((v) => v.serviceName === 'Popup')!.count],
  ['views-Banner', (a) => a.views.find((v) => v.serviceName === 'Banner')!.count],
  ['views-Push', (a) => a.views.find((v) => v.serviceName === 'Push')!.count],
];
type Answers = {
  count: Record<string, number>;
  traffic: Record<string, number>;
  interactions: Record<string, number>;
  views: { serviceName: string; count: number }[];
};

/** What the statistics calls answer for exactly the query the page sent (same dates, same zone, same website). */
async function answersFor(api: SignpostApi, request: Request): Promise<Answers> {
  const query = new URL(request.url()).search;
  // A session of our own (the suite's access tokens live 8 seconds), on the website the page used.
  const session = await api.login(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
  const headers = { authorization: `Bearer ${session.accessToken}`, activewebsite: (await request.allHeaders()).activewebsite };
  const base = new URL(request.url()).origin;
  const get = async (p: string) => {
    const res = await fetch(`${base}${p}${query}`, { headers });
    expect(res.status).toBe(200);
    return (await res.json()).data;
  };
  return {
    count: await get('/api/count'),
    traffic: await get('/api/stats/traffic'),
    interactions: await get('/api/stats/interractions'),
    views: await get('/api/stats/views'),
  };
}

const countRequest = (page: Page) => page.waitForRequest((r) => r.url().includes('/api/count?') && r.method() === 'GET');

async function expectFiguresMatch(api: SignpostApi, dashboard: DashboardPage, request: Request): Promise<Answers> {
  await dashboard.expectStatisticsLoaded();
  const answers = await answersFor(api, request);
  for (const [testId, pick] of FIGURES) expect.soft(await dashboard.figureValue(testId), testId).toBe(pick(answers));
  return answers;
}

test.describe('dashboard', () => {
  test.beforeAll(async ({ product }) => {
    const { playDemoTraffic } = (await import(pathToFileURL(path.join(ROOT, 'scripts/demo-traffic.mjs')).href)) as DemoTraffic;
    // Only on a product with no past traffic yet: a second run of the suite on the same product adds none,
    // and the visitors earlier specs sent to the demo site in the last minutes do not stop it.
    const result = await playDemoTraffic({
      api: product.apiURL,
      email: SEEDED_ADMIN.email,
      password: SEEDED_ADMIN.password,
      days: 30,
      seed: 11,
      ifNoHistory: true,
      log: () => {},
    });
    if (!result.skipped) expect(result.accepted).toBeGreaterThan(1000);
  });

  test('after the demo traffic, the figures equal what the statistics calls answer, and switching the range changes them', async ({ page, loginPage, api }) => {
    const dashboard = new DashboardPage(page);
    const first = countRequest(page);
    await loginPage.navigateAndLogin(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expect(dashboard.rangeSelect).toHaveValue('last24hours');
    const day = await expectFiguresMatch(api, dashboard, await first);
    expect(day.count.usersConnected).toBeGreaterThan(0);
    await expect(dashboard.emptyState).toHaveCount(0);

    const next = countRequest(page);
    await dashboard.chooseRange('last30days');
    const month = await expectFiguresMatch(api, dashboard, await next);
    expect(month.count.usersConnected).toBeGreaterThan(day.count.usersConnected);
    expect(month.traffic.all).toBeGreaterThan(day.traffic.all);
    expect(await dashboard.figureValue('stat-usersConnected-value')).toBe(month.count.usersConnected);
    // The page asked for 30 days in the browser's zone.
    const q = new URL((await next).url()).searchParams;
    expect(Date.parse(q.get('endDate')!) - Date.parse(q.get('startDate')!)).toBe(30 * 86_400_000);
    expect(q.get('timezone')).toBe(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone));
  });

  test('renders in the dark theme, with the charts drawn in the theme’s colours', async ({ signedInPage, shell }) => {
    const dashboard = new DashboardPage(signedInPage);
    await dashboard.expectStatisticsLoaded();
    const brand = () => signedInPage.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-solid').trim());
    const light = await brand();
    await shell.themeToggle.click();
    await expect(signedInPage.locator('html')).toHaveClass(/dark/);
    await dashboard.expectStatisticsLoaded();
    expect(await brand()).not.toBe('');
    // The users-connected line is drawn in the brand colour of the active theme: sample the canvas.
    // Polled: a chart loads lazily and redraws after the theme changes.
    await expect
      .poll(
        () =>
          signedInPage
            .getByTestId('chart-users-connected')
            .locator('canvas')
            .evaluate((canvas: HTMLCanvasElement) => {
              const ctx = canvas.getContext('2d')!;
              const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
              let coloured = 0;
              for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 200 && data[i + 2] > data[i] + 60) coloured++;
              return coloured;
            }),
        { timeout: 10_000 },
      )
      .toBeGreaterThan(50);
    expect(light).not.toBe('');
    await shell.themeToggle.click();
    await expect(signedInPage.locator('html')).not.toHaveClass(/dark/);
  });

  test('renders in Arabic, right to left, with translated figures', async ({ signedInPage, shell }) => {
    const dashboard = new DashboardPage(signedInPage);
    await dashboard.expectStatisticsLoaded();
    await shell.chooseLanguage('ar');
    await dashboard.expectDocumentDirection('rtl', 'ar');
    await expect(dashboard.statistics.getByTestId('stat-usersConnected')).toContainText('المستخدمون المتصلون');
    await expect(dashboard.statistics.getByTestId('chart-traffic')).toContainText('الزيارات');
    await dashboard.expectStatisticsLoaded();
    await shell.chooseLanguage('en');
    await dashboard.expectDocumentDirection('ltr', 'en');
  });
});
