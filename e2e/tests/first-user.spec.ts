import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

/**
 * What a first user trips on, seen in a browser as a new user sees it: a phone at 390 px, the Arabic
 * console, a popup in a corner on the demo site, each screen's own document title. Few tests, each
 * covering several screens, on the suite's one product and its stored sign-in.
 */
/** Whether a box lies wholly inside the window's width. */
async function insideWidth(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const width = page.viewportSize()!.width;
  return box.x >= 0 && box.x + box.width <= width;
}

test.describe('on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the account menu fits, list rows keep their titles (actions in one "…" menu), the editor shows its preview before Create, every screen has its own title', async ({
    signedInPage: page,
    api,
    shell,
  }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const title = unique('Phone row');
    const id = await api.createPopup(session, title, null);
    try {
      // The dashboard names what it counts and every resource of "Your access" (no raw keys).
      await expect(page).toHaveTitle('Dashboard · Signpost');
      const access = page.getByTestId('access-card');
      await expect(access).toContainText('People data');
      await expect(access).not.toContainText(/\b(attributes|segment|upload)\b/);

      await shell.navigateTo('/settings/audiences');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveTitle(/· Signpost$/);
      expect(await insideWidth(page, shell.profileMenu), 'the account menu is wholly on screen').toBe(true);

      await shell.navigateTo('/posts');
      await expect(page).toHaveTitle('Popups · Signpost');
      const row = page.getByTestId('popups-table').getByRole('row').filter({ hasText: title });
      const titleCell = row.getByTestId('row-title');
      await expect(titleCell).toBeVisible({ timeout: 20_000 });
      // One "…" button in the pinned Action column, which no longer lies over the title.
      const menu = row.getByTestId('row-actions-menu');
      await expect(menu).toBeVisible();
      await expect(row.getByTestId('row-delete')).toHaveCount(0);
      const covered = await titleCell.evaluate((cell) => {
        const r = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + Math.min(r.width / 2, 40), r.top + r.height / 2);
        return !cell.contains(hit);
      });
      expect(covered, "the row's title is not under the Action column").toBe(false);
      const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
      const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      await menu.click();
      await expect(page.getByRole('menuitem', { name: `Delete ${title}` })).toBeVisible();
      await page.keyboard.press('Escape');

      await shell.navigateTo(`/posts/${id}/update`);
      const preview = page.getByTestId('editor-preview');
      await expect(preview).toBeVisible({ timeout: 20_000 });
      await expect(page).toHaveTitle(/· Signpost$/);
      const [previewBox, submitBox] = [await preview.boundingBox(), await page.getByTestId('editor-submit').boundingBox()];
      expect(previewBox!.y, 'the preview comes before the save bar').toBeLessThan(submitBox!.y);
    } finally {
      await api.deleteContent(session, 'popup', id).catch(() => undefined);
    }
  });
});

test('in Arabic, the website switcher keeps the start of a Latin name and the title is translated', async ({ signedInPage: page, shell }) => {
  await shell.chooseLanguage('ar');
  try {
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const name = shell.websiteSwitcher.locator('span[dir="auto"]');
    await expect(name).toHaveText('Demo website');
    expect(await name.evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('لوحة المعلومات');
    await expect(page).toHaveTitle('لوحة المعلومات · Signpost');
  } finally {
    await shell.chooseLanguage('en');
  }
});

test.describe('a popup in a corner on the demo site', () => {
  test.use({ nothingPublished: 'before' });

  test('is a non-modal card (the page stays usable), takes back "please answer" once answered, names its close button, and keeps English punctuation on an Arabic page', async ({
    api,
    visitor,
  }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const title = unique('Which plan?');
    const id = await api.createPopup(session, title, null, {
      position: 'topR',
      replayType: 'text',
      content: [
        {
          id: 'p1',
          content: [
            { id: 'b1', kind: 'text', text: 'Which plan?', align: 'start' },
            { id: 'b2', kind: 'question', question: 'Your plan?', type: 'choice', options: ['Free', 'Pro'], required: true },
          ],
        },
      ],
    });
    const english = await visitor();
    const arabic = await visitor();
    try {
      const { site } = english;
      await site.open('/');
      const popup = site.popup(title);
      await expect(popup).toBeVisible({ timeout: 20_000 });
      await expect(popup).not.toHaveAttribute('aria-modal', 'true');
      // No backdrop: the page's own heading takes a click while the card is up.
      await site.main.getByRole('heading', { level: 1 }).click({ trial: true, timeout: 3_000 });
      await popup.getByRole('button', { name: 'Send' }).click();
      const error = popup.getByText('Please answer this question');
      await expect(error).toBeVisible();
      await popup.getByRole('radio', { name: 'Pro' }).check();
      await expect(error).toBeHidden();
      await expect(popup.getByRole('button', { name: 'Close the popup' })).toBeVisible();

      await arabic.site.open('/?lang=ar');
      const card = arabic.site.popup(title);
      await expect(card).toBeVisible({ timeout: 20_000 });
      expect(await arabic.site.direction(card)).toBe('rtl');
      // The English sentence finds its own direction: its "?" stays at its end.
      const text = card.getByText('Which plan?', { exact: true });
      await expect(text).toHaveAttribute('dir', 'auto');
      expect(await arabic.site.direction(text)).toBe('ltr');
      await expect(card.getByRole('button', { name: 'إغلاق النافذة المنبثقة' })).toBeVisible();
    } finally {
      await english.close();
      await arabic.close();
      await api.deleteContent(session, 'popup', id).catch(() => undefined);
    }
  });
});
