import type { Page } from '@playwright/test';
import { test, expect, SEEDED_ADMIN } from '../fixtures';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';

/**
 * A phone is a first-class screen. At 390 × 844 the sidebar is a drawer closed by
 * default that closes after a choice, the header fits (the account menu is reachable), and no
 * screen scrolls sideways (wide tables scroll inside their own box). At 1440 × 900 nothing changes.
 */
async function expectNoSidewaysScroll(page: Page, step: string) {
  const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scroll, `${step}: page ${widths.scroll} px wide in a ${widths.viewport} px window`).toBeLessThanOrEqual(widths.viewport);
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('sign in, open the drawer, go to popups, create one, sign out — never scrolling sideways', async ({ page, loginPage, shell }) => {
    test.setTimeout(120_000);
    await loginPage.navigateAndLogin(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard', { timeout: 20_000 });
    // The drawer is closed: the content has the whole width.
    await expect(page.getByTestId('nav-drawer')).toHaveCount(0);
    await expect(shell.profileMenu).toBeInViewport();
    await expectNoSidewaysScroll(page, 'dashboard');

    const toggle = page.getByTestId('sub-sidebar-toggle');
    await toggle.click();
    const drawer = page.getByTestId('nav-drawer');
    await expect(drawer).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await drawer.getByTestId('nav-posts').click();
    // The choice closes the drawer.
    await expect(drawer).toBeHidden();
    const list = new PopupListPage(page);
    await expect(list.heading).toHaveText('Popups');
    await expectNoSidewaysScroll(page, 'popups list');

    const editor = new PopupEditorPage(page);
    await list.createButton.click();
    // Without any workspace yet, creating asks for one first (a fresh product); then the editor opens.
    await expect(editor.form.or(list.newWorkspaceDialog)).toBeVisible({ timeout: 20_000 });
    if (await list.newWorkspaceDialog.isVisible()) {
      await list.newWorkspaceDialog.getByTestId('new-workspace-name').fill(`Phone ${Date.now().toString(36)}`);
      await list.newWorkspaceDialog.getByTestId('submit-button').click();
      await expect(list.newWorkspaceDialog).toBeHidden();
      // The new workspace takes the user on to the editor.
      await page.waitForURL(/\/posts\/[0-9a-f-]{36}\/create$/);
    }
    await editor.expectLoaded();
    await expectNoSidewaysScroll(page, 'popup editor');
    const title = `Phone popup ${Date.now().toString(36)}`;
    await editor.title.fill(title);
    await page.getByTestId('block-text').first().fill('Made on a phone.');
    await editor.submit.click();
    await expect(list.row(title)).toBeVisible({ timeout: 20_000 });
    await expectNoSidewaysScroll(page, 'popups list after saving');

    // Esc closes the drawer and gives the focus back to its button.
    await toggle.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(toggle).toBeFocused();

    await shell.signOut();
    await loginPage.expectOnLoginPage();
    await expectNoSidewaysScroll(page, 'sign-in page');
  });
});

test.describe('on a wide screen (1440 × 900)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('the sidebar stays expanded beside the content, no drawer; collapsing it is remembered', async ({ signedInPage: page }) => {
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toHaveAttribute('data-open', 'true');
    await expect(page.getByTestId('nav-drawer')).toHaveCount(0);
    await expectNoSidewaysScroll(page, 'dashboard');
    await page.getByTestId('sub-sidebar-toggle').click();
    await expect(sidebar).toHaveAttribute('data-open', 'false');
    await page.reload();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-open', 'false');
    await page.getByTestId('sub-sidebar-toggle').click();
    await expect(page.getByTestId('sidebar')).toHaveAttribute('data-open', 'true');
  });
});
