import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { LifecyclePanel } from '../pages/LifecyclePanel';
import { TourEditorPage, TourListPage } from '../pages/TourPages';

/**
 * Product tours in the console, as a new user meets them: a tour is written step by step in the
 * editor (the steps reordered from the keyboard), created as a draft, published from its editor, and
 * listed with its status; its view screen counts what visitors did. The tour playing on the website
 * is the website script's (tour player) suite.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Serious or critical axe-core findings on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('product tours', () => {
  test.beforeEach(async ({ api }) => {
    await api.cancelPublished(await api.loginAsAdmin());
  });
  test.afterEach(async ({ api }) => {
    // A published tour must not stay live for the other suites' visitors.
    await api.cancelPublished(await api.loginAsAdmin());
  });

  test('create a tour in the console, add and reorder steps, publish it, and find it in the list with its status', async ({ signedInPage: page }) => {
    test.setTimeout(120_000);
    const title = unique('Welcome tour');
    const list = new TourListPage(page);
    await list.navigate();
    await expect(list.heading).toHaveText('Product tours');
    await list.createButton.click();
    await expect(page).toHaveURL(/\/tour\/none\/create$/);

    const editor = new TourEditorPage(page);
    await editor.expectLoaded();
    await editor.title.fill(title);
    await editor.add({ title: 'The menu', text: 'Everything starts here.', selector: '#menu' });
    await expect(editor.preview.getByTestId('tour-preview-element')).toHaveText('#menu');
    await editor.add({ title: 'Pricing', text: 'Our plans.', url: '/pricing' });
    await editor.add({ title: 'Say hello', text: 'Write to us any time.' });
    await expect(editor.preview.getByTestId('tour-preview-progress')).toHaveText('Step 3 of 3');
    expect(await editor.order()).toEqual(['The menu', 'Pricing', 'Say hello']);

    // Keyboard only: Space picks the last step up by its handle, ArrowUp moves it, Space drops it;
    // screen readers hear each move.
    const handle = editor.steps.nth(2).getByTestId('tour-step-handle');
    await handle.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText('Picked up Say hello, step 3 of 3.')).toBeAttached();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText('Say hello moved to position 2 of 3.')).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText('Say hello dropped at position 2 of 3.')).toBeAttached();
    await expect.poll(() => editor.order()).toEqual(['The menu', 'Say hello', 'Pricing']);

    expect(await axeFindings(page)).toEqual([]);
    await editor.submit.click();
    await expect(page).toHaveURL(/\/tour\/[0-9a-f-]{36}\/update$/, { timeout: 20_000 });
    await editor.expectLoaded();
    // Saved as it was written, in the new order.
    await expect.poll(() => editor.order()).toEqual(['The menu', 'Say hello', 'Pricing']);
    const lifecycle = new LifecyclePanel(page);
    await expect(lifecycle.status).toHaveText('Draft');
    await lifecycle.publish();

    await list.navigate();
    await list.search.fill(title);
    // The search is applied (it lives in the URL) before the row is used.
    await expect(page).toHaveURL(/[?&]title=/);
    await expect(list.row(title).getByTestId('row-status')).toHaveText('Public');
    await list.row(title).getByTestId('row-view').click();
    await expect(page).toHaveURL(/\/tour\/[0-9a-f-]{36}\/view$/);
    await expect(page.getByTestId('tour-funnel')).toBeVisible({ timeout: 20_000 });
  });

  test('the view screen counts the visitors who started the tour, step by step', async ({ signedInPage: page, api }) => {
    test.setTimeout(90_000);
    const session = await api.loginAsAdmin();
    const title = unique('Billing tour');
    // Created through the console's own calls: a draft, its steps, then published.
    const list = new TourListPage(page);
    await list.navigate();
    await list.createButton.click();
    const editor = new TourEditorPage(page);
    await editor.expectLoaded();
    await editor.title.fill(title);
    await editor.add({ title: 'Invoices', text: 'Your invoices are here.', selector: '[data-tour="invoices"]' });
    await editor.add({ title: 'Thanks', text: 'That is all.' });
    await editor.submit.click();
    await expect(page).toHaveURL(/\/tour\/[0-9a-f-]{36}\/update$/, { timeout: 20_000 });
    const tourId = /\/tour\/([0-9a-f-]{36})\/update$/.exec(page.url())![1];
    await new LifecyclePanel(page).publish();

    await api.recordTourStarts(session, tourId, ['e2e-tour-visitor-1', 'e2e-tour-visitor-2']);
    await page.getByTestId('tour-open-view').click();
    await expect(page).toHaveURL(new RegExp(`/tour/${tourId}/view$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('funnel-started-count')).toHaveText('2');
    await expect(page.getByTestId('funnel-step-1')).toContainText('Saw step 1: Invoices');
    await expect(page.getByTestId('funnel-step-1-count')).toHaveText('0');
    await expect(page.getByTestId('funnel-step-2')).toContainText('Thanks');
    await expect(page.getByTestId('funnel-completed-count')).toHaveText('0');
    await expect(page.getByTestId('tour-missing-none')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('on a phone the list and the editor fit the screen', async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const list = new TourListPage(page);
    await list.navigate();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await list.createButton.click();
    const editor = new TourEditorPage(page);
    await editor.expectLoaded();
    await editor.add({ title: 'One', text: 'First step', selector: '#a-rather-long-selector-for-a-small-screen' });
    await expect(editor.preview).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
