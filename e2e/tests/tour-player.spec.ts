import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

import { LifecyclePanel } from '../pages/LifecyclePanel';
import { TourEditorPage } from '../pages/TourPages';
import { axeFindings } from '../support/axe';
import { contentAnswered, countContentAnswers } from '../support/script-content';

/**
 * Product tours on the demo customer site, as a new author and a fresh visitor meet them. The author
 * builds the tour on the site itself: from /pretour the console opens the demo site in a new tab with
 * a one-time token in the fragment; the website script takes it out of the address and starts the
 * builder; three steps are picked (two on another page, after a full page load, one on a button the
 * page shows two seconds late), saved, found in the tour's editor without a reload, and published.
 * A fresh visitor then plays it: it starts by itself on its first step's page, follows them to another
 * page (a click on the highlighted link, a client-side navigation), resumes after a reload, waits for
 * the late button; the element the site dropped is reported on the tour's view screen, whose funnel
 * counts what the visitor did. Right to left in Arabic, with the keyboard only.
 */

/** Three steps for the keyboard test: the Pricing link on the home page (advanced by clicking it), the late button on /pricing, a missing element shown centred. */
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

/** Picks `target` with the builder and writes its step (advanced by a click on it when `advance` says). */
async function pickAndWrite(site: Page, target: Locator, title: string, text: string, advance: 'next' | 'click' = 'next') {
  const builder = site.locator('signpost-builder');
  await builder.locator('[data-action="pick"]').click();
  await target.hover();
  await expect(builder.locator('.tag')).toContainText('matches 1 element');
  await target.click();
  await builder.locator('#sp-title').fill(title);
  await builder.locator('#sp-text').fill(text);
  await builder.locator('#sp-advance').selectOption(advance);
  await builder.locator('[data-action="keep"]').click();
}

/** The tour's step on screen (in the script's shadow root, which Playwright's locators pierce). */
const step = (page: Page, title: string): Locator => page.locator('signpost-tour').getByRole('dialog', { name: title });

test.describe('tours on the demo site', () => {
  test.use({ nothingPublished: 'around' });

  test('an author builds a three-step tour on the demo site through /pretour and publishes it; a fresh visitor plays it across pages and a reload; the view screen counts it', async ({
    visitor,
    product,
    api,
    signedInPage: page,
  }) => {
    test.setTimeout(180_000);
    const session = await api.loginAsAdmin();
    const title = unique('Built tour');
    const tourId = await api.createDraftTour(session, title);

    // The tour's editor stays open in the console's tab.
    const editor = new TourEditorPage(page);
    await page.goto(`/tour/${tourId}/update`);
    await editor.expectLoaded();
    expect(await editor.order()).toEqual([]);

    // "Build on my site" leads to /pretour for this tour (opened in a second tab here, the editor kept).
    await expect(page.getByTestId('tour-build-on-site')).toHaveAttribute('href', `/pretour?tour=${tourId}`);
    const pretour = await page.context().newPage();
    await pretour.goto(`/pretour?tour=${tourId}`);
    await expect(pretour.getByTestId('pretour-tour')).toHaveValue(tourId);
    await pretour.getByTestId('pretour-url').fill(`${product.demoSiteURL}/`);
    const [author] = await Promise.all([pretour.context().waitForEvent('page'), pretour.getByTestId('pretour-open').click()]);
    await author.waitForLoadState();

    // The token left the address at once; the builder is on the page.
    const builder = author.locator('signpost-builder');
    await expect(builder.locator('[data-action="pick"]')).toBeVisible({ timeout: 20_000 });
    expect(new URL(author.url()).hash).toBe('');
    await expect(builder).toContainText(title);

    await pickAndWrite(author, author.getByRole('navigation').getByRole('link', { name: 'Pricing' }), 'Our plans', 'Open Pricing to see them.', 'click');
    // The pick did not follow the link.
    expect(new URL(author.url()).pathname).toBe('/');

    // Another page, by a full page load: the session and the unsaved steps survive. The Compare button
    // shows two seconds after the page.
    await author.goto(`${product.demoSiteURL}/pricing`);
    await expect(builder.locator('[data-action="pick"]')).toBeVisible({ timeout: 20_000 });
    await expect(builder).toContainText('Our plans');
    await expect(author.getByTestId('compare-plans')).toBeVisible({ timeout: 10_000 });
    await pickAndWrite(author, author.getByTestId('compare-plans'), 'Compare', 'This button compares the plans.');
    await pickAndWrite(author, author.getByRole('button', { name: 'Choose Pro' }), 'Go Pro', 'The best plan.');
    await builder.locator('[data-action="save"]').click();
    await expect(builder).toContainText('Saved');
    await author.close();
    await pretour.close();

    // Back in the console's tab (the tab shown again: `visibilitychange`, which headless Chromium does not
    // send on its own): the editor reads the tour again, no reload. Then it is published.
    await page.bringToFront();
    await page.waitForFunction(() => document.visibilityState === 'visible');
    await expect
      .poll(
        async () => {
          await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
          return editor.order();
        },
        { timeout: 15_000 },
      )
      .toEqual(['Our plans', 'Compare', 'Go Pro']);
    await new LifecyclePanel(page).publish();

    const { site, page: visitorPage, close } = await visitor();
    try {
      await site.open('/');
      const first = step(visitorPage, 'Our plans');
      await expect(first).toBeVisible({ timeout: 20_000 });
      await expect(first).toContainText('Step 1 of 3');
      // Focus moved into the step; the screen reader hears it.
      await expect(visitorPage.locator('signpost-tour').getByRole('status')).toHaveText('Step 1 of 3: Our plans');
      // The highlighted link stays clickable through the overlay's cut-out: clicking it advances the tour.
      await site.markDocument();
      await visitorPage.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Pricing', exact: true }).click();
      await expect(visitorPage).toHaveURL(/\/pricing$/);
      expect(await site.documentIsMarked()).toBe(true);

      // The button appears two seconds after the page: the step waits for it, then shows beside it.
      const second = step(visitorPage, 'Compare');
      await expect(second).toBeVisible({ timeout: 15_000 });
      await expect(visitorPage.getByTestId('compare-plans')).toBeVisible();
      const button = await visitorPage.getByTestId('compare-plans').boundingBox();
      const card = await second.boundingBox();
      const above = card!.y + card!.height <= button!.y + 1;
      const below = card!.y >= button!.y + button!.height - 1;
      expect(above || below).toBe(true);

      // A reload resumes at the same step (the visitor's progress), not at the start.
      await visitorPage.reload();
      await expect(step(visitorPage, 'Compare')).toBeVisible({ timeout: 15_000 });
      await expect(step(visitorPage, 'Our plans')).toHaveCount(0);

      // The site drops the last step's button (as a redeploy would): after the time-out the step is
      // reported and skipped, and the tour is over.
      await visitorPage.getByRole('button', { name: 'Choose Pro' }).evaluate((b) => b.remove());
      await step(visitorPage, 'Compare').getByRole('button', { name: 'Next' }).click();
      await expect(visitorPage.locator('signpost-tour')).toHaveCount(0, { timeout: 15_000 });
    } finally {
      await close();
    }

    await expect
      // A new session each time: the suite's access tokens live a few seconds.
      .poll(async () => (await api.tourStats(await api.loginAsAdmin(), tourId)).data.funnel, { timeout: 20_000 })
      .toMatchObject({ started: 1, completed: 1 });
    await page.goto(`/tour/${tourId}/view`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('funnel-started-count')).toHaveText('1');
    await expect(page.getByTestId('funnel-step-1')).toContainText('Our plans');
    await expect(page.getByTestId('funnel-step-1-count')).toHaveText('1');
    await expect(page.getByTestId('funnel-step-2-count')).toHaveText('1');
    await expect(page.getByTestId('funnel-step-3-count')).toHaveText('0');
    await expect(page.getByTestId('funnel-completed-count')).toHaveText('1');
    const missing = page.getByTestId('tour-missing-row');
    await expect(missing).toHaveCount(1);
    await expect(missing).toContainText('Go Pro');
    await expect(missing.getByTestId('tour-missing-page')).toContainText('/pricing');
    await expect(missing.getByTestId('tour-missing-count')).toHaveText('1');
    expect(await axeFindings(page)).toEqual([]);
  });

  test('right to left in Arabic, with the keyboard only', async ({ visitor, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    await api.publishTour(session, tourBody(unique('Keyboard tour')));
    const { site, page, close } = await visitor('ar');
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
      // Absent once the script has decided on the reloaded page's content answer, not merely before.
      await countContentAnswers(page);
      await page.reload();
      await expect(page.getByTestId('demo-page').getByRole('heading', { level: 1 })).toBeVisible();
      await contentAnswered(page);
      await expect(page.locator('signpost-tour')).toHaveCount(0);
    } finally {
      await close();
    }
  });
});
