import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

/**
 * Tours and checklists on real single-page apps nobody here wrote (e2e/corpus/: TodoMVC's React, Ember
 * and Vue apps, served by the demo site with the installation snippet pasted in their <head>). For each
 * app a fresh visitor plays a tour on the app's own elements: a field the framework renders after it
 * boots, a todo item that exists only once the visitor has written one (a late element, drawn by the
 * app), a filter link on a hash route the app's router handles; reloads mid-tour and resumes; finishes,
 * and the checklist's "take the tour" task ticks at once, with its celebration. Throughout, the app does
 * what it does without the script: todos are added, counted, filtered and ticked, and it throws nothing.
 */

interface CorpusApp {
  name: string;
  dir: string;
  framework: string;
  routing: string;
}
const corpus = JSON.parse(readFileSync(path.join(__dirname, '..', 'corpus', 'apps.json'), 'utf8')) as { mount: string; apps: CorpusApp[] };

/** The tour's step on screen (in the script's shadow root, which Playwright's locators pierce). */
const step = (page: Page, title: string): Locator => page.locator('signpost-tour').getByRole('dialog', { name: title });

function checklistOn(page: Page) {
  const host = page.locator('signpost-checklist');
  return { host, badge: host.locator('.badge'), celebration: host.locator('[role="status"]') };
}

test.describe('the script on real third-party apps', () => {
  test.use({ nothingPublished: 'around' });

  for (const app of corpus.apps) {
    test(`${app.name} (${app.framework}, ${app.routing} routing): a visitor plays a tour on the app's own elements, reloads, finishes it, and the checklist ticks with its celebration; the app keeps working`, async ({
      visitor,
      api,
    }) => {
      test.setTimeout(150_000);
      const base = `/${corpus.mount}/${app.dir}/`;
      const session = await api.loginAsAdmin();
      const tourTitle = unique(`${app.name} tour`);
      const tour = await api.publishTour(session, {
        title: tourTitle,
        steps: [
          { title: 'Write here', content: 'Type a todo and press Enter.', url: base, target: { selector: '#new-todo' }, placement: 'bottom' },
          { title: 'Your todo', content: 'Double-click it to edit it.', url: base, target: { selector: '#todo-list li label' }, placement: 'bottom' },
          {
            title: 'What is left',
            content: 'Only the todos still to do.',
            url: `${base}#/active`,
            target: { selector: '#filters a[href="#/active"]' },
            placement: 'top',
          },
        ],
      });
      await api.publishChecklist(session, {
        title: unique(`${app.name} checklist`),
        tasks: [{ title: 'Take the tour', completion: { type: 'tour', tourId: tour.id } }],
        celebration: { is_enabled: true, title: 'All set', description: '', button_text: '', show_effect: false },
      });

      const { site, page, close } = await visitor();
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(err.message));
      try {
        await page.goto(`${site.baseURL}${base}`, { waitUntil: 'domcontentloaded' });
        const input = page.locator('#new-todo');
        await expect(input).toBeVisible({ timeout: 20_000 });
        const list = checklistOn(page);
        await expect(list.badge).toHaveText('1', { timeout: 20_000 });

        // The field the framework rendered once booted.
        const first = step(page, 'Write here');
        await expect(first).toBeVisible({ timeout: 20_000 });
        await expect(first).toContainText('Step 1 of 3');
        await first.getByRole('button', { name: 'Next' }).click();

        // The todo item does not exist yet: the step waits while the visitor writes one, and the app adds it as always.
        await input.fill('Buy milk');
        await input.press('Enter');
        const item = page.locator('#todo-list li');
        await expect(item).toHaveCount(1);
        await expect(item.locator('label')).toHaveText('Buy milk');
        await expect(page.locator('#todo-count')).toContainText('1 item left');
        const second = step(page, 'Your todo');
        await expect(second).toBeVisible({ timeout: 15_000 });
        await expect(second).toContainText('Step 2 of 3');

        // A reload resumes at the same step (the app keeps its todos in localStorage).
        await page.reload({ waitUntil: 'domcontentloaded' });
        await expect(step(page, 'Your todo')).toBeVisible({ timeout: 20_000 });
        await expect(step(page, 'Write here')).toHaveCount(0);
        await expect(page.locator('#todo-list li label')).toHaveText('Buy milk');

        // The next step is on the app's #/active route: it shows once the visitor's click on the app's own link gets there.
        await step(page, 'Your todo').getByRole('button', { name: 'Next' }).click();
        await expect(step(page, 'Your todo')).toHaveCount(0);
        await page.locator('#filters a[href="#/active"]').click();
        await expect(page).toHaveURL(/#\/active$/);
        const third = step(page, 'What is left');
        await expect(third).toBeVisible({ timeout: 15_000 });
        await expect(third).toContainText('Step 3 of 3');
        await third.getByRole('button', { name: 'Done' }).click();
        await expect(page.locator('signpost-tour')).toHaveCount(0);

        // Finished: the tour ticks the checklist's task at once, and its celebration shows on this page, with no reload.
        await expect(list.celebration).toContainText('All set', { timeout: 15_000 });
        await expect(list.badge).toHaveText('0');

        // The app still does what it does: ticking the todo takes it off the active list; its completed route lists it.
        await page.locator('#todo-list li .toggle').click();
        await expect(page.locator('#todo-count')).toContainText('0 items left');
        await expect(page.locator('#todo-list li')).toHaveCount(0);
        await page.locator('#filters a[href="#/completed"]').click();
        await expect(page.locator('#todo-list li.completed label')).toHaveText('Buy milk');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
