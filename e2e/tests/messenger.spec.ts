import type { Locator, Page } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * The messenger as a new user meets it, keyboard only: the launcher moved to the left with a new
 * colour in /settings/messenger (the preview follows at once, then the demo site); a visitor opens
 * the window and writes; the console's bell counts it without reload; staff open the notification,
 * answer, and the answer appears in the visitor's open window; a later answer badges the launcher
 * until the visitor looks. The visitor left an address: the answer read live is never e-mailed, the
 * one left unread is, once its wait (MESSENGER_REPLY_MAIL_DELAY_SECONDS, 180 s here: the API's clock
 * is moved past it) is over. In Arabic the window reads right to left.
 */

/** Past the API's default wait before an unread answer is e-mailed (180 s). */
const PAST_REPLY_MAIL_DELAY_MS = 200_000;

const NEW_COLOUR = '#c81e5a';
const NEW_RGB = 'rgb(200, 30, 90)';

/** Presses Tab until `target` has focus (keyboard only, as a visitor without a mouse). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (
      await target.evaluate(
        (el) => el === document.activeElement || (el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el),
      )
    )
      return;
    await page.keyboard.press('Tab');
  }
  throw new Error('could not reach the element with Tab');
}

const launcherOf = (scope: Page | Locator) => scope.locator('signpost-messenger .l');
const windowOf = (page: Page) => page.locator('signpost-messenger [role=dialog]');

test.describe('the messenger', () => {
  test.afterAll(async ({ api }) => {
    // Back to the defaults (launcher hidden): other specs see the demo site as before.
    await api.putBubble(await api.loginAsAdmin()).catch(() => undefined);
  });

  test('settings move the launcher (preview, then the demo site); a visitor writes, staff see the bell rise, answer, and the visitor reads it live', async ({
    signedInPage: console_,
    visitor,
    api,
    outbox,
    control,
  }) => {
    test.setTimeout(180_000);
    await api.cancelPublished(await api.loginAsAdmin());
    await api.putBubble(await api.loginAsAdmin());

    // --- /settings/messenger: left, a new colour, launcher shown ---
    await console_.goto('/settings/messenger');
    const preview = console_.getByTestId('messenger-preview');
    await expect(launcherOf(preview)).toBeVisible();
    await expect(launcherOf(preview)).toHaveCSS('right', '25px');
    const show = console_.getByTestId('messenger-show-launcher').locator('input');
    await show.focus();
    await console_.keyboard.press('Space');
    await expect(show).toBeChecked();
    const side = console_.getByTestId('messenger-alignment');
    await side.focus();
    await side.selectOption('left');
    await console_.getByTestId('messenger-color').fill(NEW_COLOUR);
    // The preview is the script's own code: it follows before anything is saved.
    await expect(launcherOf(preview)).toHaveCSS('left', '25px');
    await expect(launcherOf(preview)).toHaveCSS('background-color', NEW_RGB);
    await console_.getByTestId('messenger-save').focus();
    await console_.keyboard.press('Enter');
    await expect(console_.getByText('Bubble Updated successfully')).toBeVisible();

    // --- the demo site follows ---
    const { site, close } = await visitor();
    try {
      await site.open('/');
      const launcher = launcherOf(site.page);
      await expect(launcher).toBeVisible({ timeout: 20_000 });
      await expect(launcher).toHaveCSS('left', '25px');
      await expect(launcher).toHaveCSS('bottom', '25px');
      await expect(launcher).toHaveCSS('background-color', NEW_RGB);

      // The console is open on the dashboard: its bell's count before the visitor writes.
      await console_.goto('/dashboard');
      const bell = console_.getByTestId('notification-bell');
      await expect(bell).toBeVisible();
      const countOf = async () =>
        Number(
          (await bell
            .getByTestId('notification-count')
            .textContent({ timeout: 1000 })
            .catch(() => '0')) || 0,
        );
      const before = await countOf();

      // --- the visitor opens the window with the keyboard and writes ---
      await tabTo(site.page, launcher);
      await site.page.keyboard.press('Enter');
      const dialog = windowOf(site.page);
      await expect(dialog).toBeVisible();
      expect(
        await site.page.evaluate(
          () => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('signpost:messenger:'))!)!).hasBeenOpened,
        ),
      ).toBe(true);
      // Home's first action is focused: "Send us a message".
      await expect(dialog.getByRole('button', { name: 'Send us a message' })).toBeFocused();
      await site.page.keyboard.press('Enter');
      const text = dialog.getByRole('textbox', { name: 'Your message' });
      await expect(text).toBeFocused();
      const question = `Where is my rocket? ${Date.now()}`;
      await site.page.keyboard.type(question);
      await site.page.keyboard.press('Tab');
      await site.page.keyboard.type('ada@example.test');
      await site.page.keyboard.press('Tab');
      await site.page.keyboard.press('Enter');
      await expect(dialog.getByRole('log')).toContainText(question);

      // --- the console's bell rises without reload ---
      await expect.poll(countOf, { timeout: 15_000 }).toBeGreaterThan(before);

      // --- staff open the notification and answer ---
      await bell.focus();
      await console_.keyboard.press('Enter');
      await expect(console_).toHaveURL(/\/notifications$/);
      const first = console_.getByTestId('notifications-list').locator('li').first();
      await expect(first).toContainText('A visitor wrote to you');
      await expect(first).toContainText(question);
      await first.getByTestId('notification-open').focus();
      await console_.keyboard.press('Enter');
      await expect(console_).toHaveURL(/\/settings\/conversations\/[0-9a-f-]{36}$/);
      await expect(console_.getByTestId('conversation-log')).toContainText(question);
      const answer = `On its way, ${Date.now()}`;
      const answeredAt = new Date();
      await console_.getByTestId('conversation-answer').focus();
      await console_.keyboard.type(answer);
      await console_.getByTestId('conversation-send').focus();
      await console_.keyboard.press('Enter');
      await expect(console_.getByTestId('conversation-log')).toContainText(answer);

      // --- the visitor sees it in the open window, without reload ---
      await expect(dialog.getByRole('log')).toContainText(answer, { timeout: 5000 });

      // --- closed window: a later answer badges the launcher until the visitor looks ---
      await site.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(launcher).toBeFocused();
      const later = `And it has landed, ${Date.now()}`;
      await console_.getByTestId('conversation-answer').fill(later);
      await console_.getByTestId('conversation-send').focus();
      await console_.keyboard.press('Enter');
      await expect(console_.getByTestId('conversation-log')).toContainText(later);

      // --- by e-mail: only what stayed unread, once its wait is over ---
      // (Each answer would be e-mailed if every answer went at once; the one read live is not.)
      try {
        await control.setClockOffset(PAST_REPLY_MAIL_DELAY_MS);
        const mail = await outbox.waitFor('ada@example.test', { since: answeredAt, timeoutMs: 20_000 });
        expect(mail.text).toContain(later);
        expect(mail.text).not.toContain(answer);
        const answers = (await outbox.all()).filter((m) => m.to.includes('ada@example.test') && new Date(m.createdAt) >= answeredAt);
        expect(answers).toHaveLength(1);
      } finally {
        await control.setClockOffset(0);
      }
      // The next visit: the Messages badge waits on the launcher.
      await site.page.reload();
      await expect(launcher.locator('.b')).toHaveText('1', { timeout: 20_000 });
      await tabTo(site.page, launcher);
      await site.page.keyboard.press('Enter');
      const messagesTab = dialog.getByRole('tab', { name: /Messages/ });
      await tabTo(site.page, messagesTab);
      await site.page.keyboard.press('Enter');
      await expect(dialog).toContainText(later);
      // Shown, the space's badge clears (and the launcher's with it).
      await expect(launcher.locator('.b')).toHaveCount(0);
      await expect(messagesTab.locator('.b')).toHaveCount(0);
    } finally {
      await close();
    }
  });

  test('in Arabic the window reads right to left, in the script’s own words', async ({ visitor, api }) => {
    await api.putBubble(await api.loginAsAdmin(), { launcher_settings: { show_launcher: true, alignment: 'left' } });
    const { site, close } = await visitor('ar');
    try {
      await site.open('/?lang=ar');
      const launcher = launcherOf(site.page);
      await expect(launcher).toBeVisible({ timeout: 20_000 });
      // The physical side stays the configured one in either direction.
      await expect(launcher).toHaveCSS('left', '25px');
      await tabTo(site.page, launcher);
      await site.page.keyboard.press('Enter');
      const dialog = windowOf(site.page);
      await expect(dialog).toBeVisible();
      await expect(site.page.locator('signpost-messenger .root')).toHaveAttribute('dir', 'rtl');
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText('الرئيسية');
      await expect(dialog.getByRole('tab', { name: 'الرسائل' })).toBeVisible();
      await site.page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    } finally {
      await close();
    }
  });
});
