import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

import { LifecyclePanel } from '../pages/LifecyclePanel';
import { contentAnswered, countContentAnswers } from '../support/script-content';

/**
 * Checklists as a new user meets them: written in the console beside the preview (each task opens
 * and closes, completing them all shows the celebration), published, then completed by a visitor of
 * the demo site across pages and a reload (a page visited, an event the site tracks from a button,
 * a tour the visitor really completes on the site), from the keyboard, celebrated once; the visitor's
 * progress in stats-user and on the view screen; right to left in Arabic; inside the messenger's Tasks
 * space once the website shows its messenger.
 */

/** The checklist drawn by the website script (Playwright's locators pierce its open shadow root). */
function checklistOn(page: Page) {
  const host = page.locator('signpost-checklist');
  return {
    host,
    launcher: host.locator('.launcher'),
    badge: host.locator('.badge'),
    task: (title: string): Locator => host.locator('.head', { hasText: title }),
    celebration: host.locator('[role="status"]'),
  };
}

test.describe('checklists', () => {
  test.use({ nothingPublished: 'around' });

  test('write a checklist beside its preview, publish it, and a visitor completes it across pages, a reload and the keyboard', async ({
    signedInPage: page,
    visitor,
    product,
    api,
  }) => {
    test.setTimeout(180_000);
    const title = unique('Get started');
    // The tour the third task asks for: one centred step on /pricing (tours are written elsewhere).
    const tourTitle = unique('Welcome tour');
    const tour = await api.publishTour(await api.loginAsAdmin(), {
      title: tourTitle,
      steps: [{ title: 'Hello there', content: 'That is all.', url: '/pricing' }],
    });
    await page.goto('/checklist');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checklists');
    await page.getByTestId('checklists-create').click();
    await expect(page).toHaveURL(/\/checklist\/create$/);

    await page.getByTestId('field-title').fill(title);
    await page.getByTestId('task-0-title').fill('See our plans');
    await page.getByTestId('task-0-completion').selectOption('page');
    await page.getByTestId('task-0-page').fill('/pricing');
    await page.getByTestId('checklist-add-task').click();
    await page.getByTestId('task-1-title').fill('Join the launch list');
    await page.getByTestId('task-1-completion').selectOption('event');
    await page.getByTestId('task-1-event').fill('joined-launch-list');
    await page.getByTestId('checklist-add-task').click();
    await page.getByTestId('task-2-title').fill('Take the tour');
    await page.getByTestId('task-2-completion').selectOption('tour');
    await page.getByTestId('task-2-completion-tour').selectOption({ label: tourTitle });
    await page.getByTestId('field-celebration-title').fill('Well done');

    // The preview: each task opens and closes; all done shows the celebration.
    const preview = page.getByTestId('checklist-preview');
    const second = preview.getByTestId('preview-task-toggle-1');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(preview.getByTestId('preview-task-panel-1')).toBeVisible();
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    for (const i of [0, 1, 2]) {
      if ((await preview.getByTestId(`preview-task-toggle-${i}`).getAttribute('aria-expanded')) !== 'true')
        await preview.getByTestId(`preview-task-toggle-${i}`).click();
      await preview.getByTestId(`preview-task-done-${i}`).click();
    }
    await expect(preview.getByTestId('preview-celebration')).toContainText('Well done');

    await page.getByTestId('editor-submit').click();
    await expect(page).toHaveURL(/\/checklist\/[0-9a-f-]{36}\/update$/);
    await expect(page.getByText('Checklist created successfully')).toBeVisible();
    const id = /\/checklist\/([0-9a-f-]{36})\/update$/.exec(page.url())![1];
    await new LifecyclePanel(page).publish();

    // A fresh visitor on the demo site.
    const { site, close } = await visitor();
    try {
      await site.open('/');
      const list = checklistOn(site.page);
      await expect(list.badge).toHaveText('3');

      // Keyboard only: open the list, open a task, close the list.
      await list.launcher.focus();
      await site.page.keyboard.press('Enter');
      await expect(list.launcher).toHaveAttribute('aria-expanded', 'true');
      await list.task('Take the tour').focus();
      await site.page.keyboard.press('Enter');
      await expect(list.task('Take the tour')).toHaveAttribute('aria-expanded', 'true');
      await site.page.keyboard.press('Escape');
      await expect(list.launcher).toHaveAttribute('aria-expanded', 'false');

      await site.page.getByTestId('join-launch-list').click();
      await expect(list.badge).toHaveText('2');
      await site.navigate('Pricing');
      await expect(list.badge).toHaveText('1');
      await site.page.reload();
      await expect(list.badge).toHaveText('1');

      // The tour plays on /pricing; finishing it is the third task, as the server saw it.
      const step = site.page.locator('signpost-tour').getByRole('dialog', { name: 'Hello there' });
      await expect(step).toBeVisible({ timeout: 20_000 });
      await step.getByRole('button', { name: 'Done' }).click();
      await expect(step).toHaveCount(0);
      // The task is ticked at once, on this page, and the celebration follows (no reload, no route change).
      await expect(list.celebration).toContainText('Well done');
      await expect.poll(async () => (await api.tourStats(await api.loginAsAdmin(), tour.id)).data.funnel.completed, { timeout: 20_000 }).toBe(1);

      // Celebrated once: not again after a reload (once the script has decided on the reloaded page's
      // content answer, when a celebration would show); every task stays done.
      await countContentAnswers(site.page);
      await site.page.reload();
      await contentAnswered(site.page);
      await expect(list.badge).toHaveText('0');
      await expect(list.celebration).toHaveCount(0);
    } finally {
      await close();
    }

    // The visitor's progress: stats-user and the view screen.
    const session = await api.loginAsAdmin();
    await expect
      .poll(async () => {
        const stats = await api.checklistStats(session, id);
        return stats.docs.map((d) => d.tasks.length);
      })
      .toEqual([3]);
    await page.goto(`/checklist/${id}/view`);
    await expect(page.getByTestId('funnel-completed-count')).toHaveText('1');
    await expect(page.getByTestId('checklist-person')).toHaveCount(1);
    await expect(page.getByTestId('checklist-person')).toContainText('3 of 3');

    // Right to left in Arabic.
    const ar = await visitor();
    try {
      await ar.site.page.goto(`${product.demoSiteURL}/?lang=ar`, { waitUntil: 'domcontentloaded' });
      const list = checklistOn(ar.site.page);
      await expect(list.host.locator('.root')).toHaveAttribute('dir', 'rtl');
      await expect(list.badge).toHaveAttribute('aria-label', 'المهام المتبقية: 3');
    } finally {
      await ar.close();
    }

    // With the website's messenger shown, the checklist lives in its Tasks space (no launcher of its own).
    await api.putBubble(await api.loginAsAdmin(), { launcher_settings: { show_launcher: true } });
    const inMessenger = await visitor();
    try {
      await inMessenger.site.open('/');
      const messenger = inMessenger.site.page.locator('signpost-messenger');
      await messenger.locator('.l').click();
      const tasks = messenger.getByRole('tab', { name: /Tasks/ });
      await expect(tasks).toContainText('3');
      await tasks.click();
      await expect(messenger.locator('.head', { hasText: 'See our plans' })).toBeVisible();
      await expect(messenger.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
      await expect(checklistOn(inMessenger.site.page).launcher).toBeHidden();
    } finally {
      await inMessenger.close();
      await api.putBubble(await api.loginAsAdmin(), {});
    }
  });
});
