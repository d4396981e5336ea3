import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

/**
 * The script's surfaces at the bottom of the window share one layout: on a 390 px phone screen, left
 * to right and right to left, the messenger's launcher, its open window and a checklist's celebration
 * never cover one another, and every close button is the element a tap on it reaches.
 */

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The shadow host at the centre of `target` (what a tap there reaches: the page sees only hosts). */
async function hostAt(page: Page, target: Locator): Promise<string | null> {
  const box = (await target.boundingBox())!;
  return page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.localName ?? null, [box.x + box.width / 2, box.y + box.height / 2]);
}

test.describe('one corner, one layout', () => {
  test.use({ nothingPublished: 'around' });

  test('on a 390 px screen, in both directions, the messenger and a checklist celebration cover nothing of each other', async ({ visitor, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    await api.putBubble(session, { launcher_settings: { show_launcher: true } });
    await api.publishChecklist(session, {
      title: unique('Corner checklist'),
      tasks: [{ title: 'Say hello', completion: { type: 'event', name: 'corner-hello' } }],
      celebration: { is_enabled: true, title: 'Corner done', description: 'All of it.', button_text: '', show_effect: false },
    });
    try {
      for (const [path, dir] of [
        ['/', 'ltr'],
        ['/?lang=ar', 'rtl'],
      ] as const) {
        const { site, page, close } = await visitor(dir === 'rtl' ? 'ar' : 'en-GB');
        try {
          await page.setViewportSize({ width: 390, height: 844 });
          await site.open(path);
          const messenger = page.locator('signpost-messenger');
          const launcher = messenger.locator('.l');
          await expect(launcher).toBeVisible({ timeout: 20_000 });
          await launcher.click();
          const messengerWindow = messenger.locator('.w');
          await expect(messengerWindow).toBeVisible();
          // The visitor does the task: the celebration shows on its own beside the open messenger.
          await page.evaluate(() => (window as unknown as { signpost: (...a: unknown[]) => void }).signpost('track', 'corner-hello'));
          const celebration = page.locator('signpost-checklist').locator('.panel');
          await expect(celebration.getByRole('status')).toContainText('Corner done', { timeout: 15_000 });
          await expect(page.locator('signpost-checklist .root')).toHaveAttribute('dir', dir);

          // Layout settles within a frame of the last change.
          await page.waitForTimeout(200);
          const boxes = {
            launcher: (await launcher.boundingBox())!,
            window: (await messengerWindow.boundingBox())!,
            celebration: (await celebration.boundingBox())!,
          };
          expect(overlap(boxes.launcher, boxes.window), `${dir}: launcher and window`).toBe(false);
          expect(overlap(boxes.celebration, boxes.window), `${dir}: celebration and messenger window`).toBe(false);
          expect(overlap(boxes.celebration, boxes.launcher), `${dir}: celebration and launcher`).toBe(false);
          // Every close button is reachable: a tap on it lands on its own surface.
          expect(await hostAt(page, messengerWindow.locator('.x'))).toBe('signpost-messenger');
          expect(await hostAt(page, celebration.locator('.x').first())).toBe('signpost-checklist');
          expect(await hostAt(page, launcher)).toBe('signpost-messenger');
        } finally {
          await close();
        }
      }
    } finally {
      await api.putBubble(await api.loginAsAdmin(), {});
    }
  });
});
