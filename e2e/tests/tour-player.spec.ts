import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DemoSitePage } from '../pages/DemoSitePage';

/**
 * A product tour playing on the demo customer site, as a fresh visitor meets it: published through
 * the tours API, it starts by itself on its first step's page, follows the visitor to another page
 * (a click on the highlighted link, a client-side navigation), resumes after a reload from the
 * visitor's progress, waits for an element that appears two seconds late, reports the one that never
 * appears (shown centred, as the step says) on the tour's statistics; right to left in Arabic; with
 * the keyboard only.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Three steps: the Pricing link on the home page (advanced by clicking it), the late button on /pricing, a missing element shown centred. */
const tourBody = (title: string) => ({
  title,
  steps: [
    {
      title: 'Our plans',
      content: 'Open Pricing to see them.',
      url: '/',
      target: { selector: 'nav[aria-label="Site"] a[href="/pricing"]' },
      advanceOn: 'click',
    },
    { title: 'Compare', content: 'This button compares the plans.', url: '/pricing', target: { selector: '#compare-plans' }, placement: 'bottom' },
    { title: 'Almost there', content: 'This one points at nothing.', url: '/pricing', target: { selector: '#no-such-element' }, whenMissing: 'centre' },
  ],
});

async function visitor(browser: Browser, demoSiteURL: string, locale = 'en-GB'): Promise<{ site: DemoSitePage; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  return { site: new DemoSitePage(page, demoSiteURL), page, close: () => context.close() };
}

/** The tour's step on screen (in the script's shadow root, which Playwright's locators pierce). */
const step = (page: Page, title: string): Locator => page.locator('signpost-tour').getByRole('dialog', { name: title });

test.describe('tours on the demo site', () => {
  test.beforeEach(async ({ api }) => {
    await api.cancelPublished(await api.loginAsAdmin());
  });
  test.afterEach(async ({ api }) => {
    await api.cancelPublished(await api.loginAsAdmin());
  });

  test('a fresh visitor follows the tour across two pages, resumes after a reload, sees the late element’s step, and the missing one is reported', async ({
    browser,
    product,
    api,
  }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const tour = await api.publishTour(session, tourBody(unique('Plans tour')));
    const { site, page, close } = await visitor(browser, product.demoSiteURL);
    try {
      await site.open('/');
      const first = step(page, 'Our plans');
      await expect(first).toBeVisible({ timeout: 20_000 });
      await expect(first).toContainText('Step 1 of 3');
      // Focus moved into the step; the screen reader hears it.
      await expect(page.locator('signpost-tour').getByRole('status')).toHaveText('Step 1 of 3: Our plans');
      // The highlighted link stays clickable through the overlay's cut-out: clicking it advances the tour.
      await site.markDocument();
      await page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing', exact: true }).click();
      await expect(page).toHaveURL(/\/pricing$/);
      expect(await site.documentIsMarked()).toBe(true);

      // The button appears two seconds after the page: the step waits for it, then shows beside it.
      const second = step(page, 'Compare');
      await expect(second).toBeVisible({ timeout: 15_000 });
      await expect(page.getByTestId('compare-plans')).toBeVisible();
      const button = await page.getByTestId('compare-plans').boundingBox();
      const card = await second.boundingBox();
      expect(card!.y).toBeGreaterThan(button!.y + button!.height - 1);

      // A reload resumes at the same step (the visitor's progress), not at the start.
      await page.reload();
      await expect(step(page, 'Compare')).toBeVisible({ timeout: 15_000 });
      await expect(step(page, 'Our plans')).toHaveCount(0);
      await step(page, 'Compare').getByRole('button', { name: 'Next' }).click();

      // The last step's element never appears: after the time-out it is shown centred, and reported.
      const third = step(page, 'Almost there');
      await expect(third).toBeVisible({ timeout: 15_000 });
      await third.getByRole('button', { name: 'Done' }).click();
      await expect(third).toHaveCount(0);

      await expect
        // A new session each time: the suite's access tokens live a few seconds.
        .poll(async () => (await api.tourStats(await api.loginAsAdmin(), tour.id)).data, { timeout: 20_000 })
        .toMatchObject({
          funnel: { started: 1, completed: 1 },
          missingElements: [expect.objectContaining({ stepId: tour.steps[2], selector: '#no-such-element', count: 1 })],
        });

      // Finished: the next page view does not start it again.
      await page.goto(`${product.demoSiteURL}/`);
      await expect(page.getByTestId('demo-page').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(2500);
      await expect(page.locator('signpost-tour')).toHaveCount(0);
    } finally {
      await close();
    }
  });

  test('right to left in Arabic, with the keyboard only', async ({ browser, product, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    await api.publishTour(session, tourBody(unique('Keyboard tour')));
    const { site, page, close } = await visitor(browser, product.demoSiteURL, 'ar');
    try {
      await site.open('/?lang=ar');
      const first = step(page, 'Our plans');
      await expect(first).toBeVisible({ timeout: 20_000 });
      await expect(page.locator('signpost-tour .root')).toHaveAttribute('dir', 'rtl');
      await expect(first).toContainText('الخطوة 1 من 3');
      // Focus is in the step; Tab from it reaches the highlighted link (never trapped away from it); Enter follows it.
      await expect(first).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'الأسعار' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/pricing\?lang=ar$/);

      const second = step(page, 'Compare');
      await expect(second).toBeVisible({ timeout: 15_000 });
      await expect(second.getByRole('button', { name: 'التالي' })).toBeFocused();
      // Right to left: ArrowLeft moves forward.
      await page.keyboard.press('ArrowLeft');
      const third = step(page, 'Almost there');
      await expect(third).toBeVisible({ timeout: 15_000 });
      // ArrowRight goes back.
      await page.keyboard.press('ArrowRight');
      await expect(step(page, 'Compare')).toBeVisible({ timeout: 15_000 });
      // Esc leaves the tour, snoozed (it is snoozeable): gone for this visit.
      await page.keyboard.press('Escape');
      await expect(page.locator('signpost-tour')).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('demo-page').getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForTimeout(2500);
      await expect(page.locator('signpost-tour')).toHaveCount(0);
    } finally {
      await close();
    }
  });
});
