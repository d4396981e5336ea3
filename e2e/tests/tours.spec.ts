import { test, expect, unique } from '../fixtures';
import { LifecyclePanel } from '../pages/LifecyclePanel';
import { TourEditorPage, TourListPage } from '../pages/TourPages';
import { axeFindings } from '../support/axe';

/**
 * Product tours in the console, as a new user meets them: a tour is written step by step in the
 * editor (the steps reordered from the keyboard), created as a draft, published from its editor, and
 * listed with its status. Building a tour on the site, playing it and its view screen's counts are the
 * tour player's suite (tour-player.spec.ts).
 */

test.describe('product tours', () => {
  test.use({ nothingPublished: 'before' });
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
    await expect(page).toHaveURL(/\/tour\/create$/);

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
