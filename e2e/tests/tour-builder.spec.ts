import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { TourEditorPage } from '../pages/TourPages';

/**
 * The on-page tour builder, as a new author uses it: from /pretour the console opens the demo site in
 * a new tab with a one-time token in the fragment; the website script takes it out of the address,
 * starts the builder, and the author picks elements, writes three steps (one on another page, after a
 * full page load), saves, and finds them in the tour's editor, which shows them without a reload.
 */
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Picks `target` with the builder and writes its step. */
async function pickAndWrite(site: Page, target: ReturnType<Page['locator']>, title: string, text: string) {
  const builder = site.locator('signpost-builder');
  await builder.locator('[data-action="pick"]').click();
  await target.hover();
  await expect(builder.locator('.tag')).toContainText('matches 1 element');
  await target.click();
  await builder.locator('#sp-title').fill(title);
  await builder.locator('#sp-text').fill(text);
  await builder.locator('[data-action="keep"]').click();
}

test('build a three-step tour on the demo site through /pretour, save, and see the steps in the console', async ({ signedInPage: page, api, product }) => {
  test.setTimeout(120_000);
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
  const [site] = await Promise.all([pretour.context().waitForEvent('page'), pretour.getByTestId('pretour-open').click()]);
  await site.waitForLoadState();

  // The token left the address at once; the builder is on the page.
  const builder = site.locator('signpost-builder');
  await expect(builder.locator('[data-action="pick"]')).toBeVisible({ timeout: 20_000 });
  expect(new URL(site.url()).hash).toBe('');
  await expect(builder).toContainText(title);

  await pickAndWrite(site, site.getByRole('navigation').getByRole('link', { name: 'Pricing' }), 'Our plans', 'Prices are here.');
  // The pick did not follow the link.
  expect(new URL(site.url()).pathname).toBe('/');
  await builder.locator('[data-action="centred"]').click();
  await builder.locator('#sp-title').fill('Welcome');
  await builder.locator('#sp-text').fill('A short tour.');
  await builder.locator('[data-action="keep"]').click();

  // Another page, by a full page load: the session and the unsaved steps survive.
  await site.goto(`${product.demoSiteURL}/pricing`);
  await expect(builder.locator('[data-action="pick"]')).toBeVisible({ timeout: 20_000 });
  await expect(builder).toContainText('Our plans');
  await pickAndWrite(site, site.getByRole('button', { name: 'Choose Pro' }), 'Go Pro', 'The best plan.');
  await builder.locator('[data-action="save"]').click();
  await expect(builder).toContainText('Saved');

  // Back in the console's tab (the tab shown again: `visibilitychange`, which headless Chromium does not
  // send on its own): the editor reads the tour again, no reload.
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
    .toEqual(['Our plans', 'Welcome', 'Go Pro']);
});
