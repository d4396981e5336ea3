import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { test, expect, unique } from '../fixtures';

/**
 * Tours built as an author builds them, on real single-page apps nobody here wrote (e2e/corpus/): from
 * /pretour the console opens the app with the builder, and the author picks the app's own elements — the
 * field its framework renders once booted, a todo's checkbox (drawn by the app's CSS over the native
 * control, and there only once a todo is written: a late element), and a filter link on one of the app's
 * hash routes, reached by the app's own link, whose page the builder keeps with its route. Published, the
 * tour is played by a new visitor: it waits for the late checkbox, resumes after a reload, follows the
 * route, ends, and the checklist's task ticks at once with its celebration. Throughout, the app does what
 * it does without the script (todos added, counted, ticked, filtered), and throws nothing.
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

/** Picks `target` with the builder, checks the page the step will be kept on, and writes the step. */
async function pickAndWrite(site: Page, target: Locator, title: string, text: string, stepPage: string) {
  const builder = site.locator('signpost-builder');
  await builder.locator('[data-action="pick"]').click();
  await target.hover();
  await expect(builder.locator('.tag')).toContainText('matches 1 element');
  await target.click();
  await expect(builder.locator('#sp-page')).toBeChecked();
  await expect(builder.locator('#sp-url')).toHaveValue(stepPage);
  await builder.locator('#sp-title').fill(title);
  await builder.locator('#sp-text').fill(text);
  await builder.locator('[data-action="keep"]').click();
  await expect(builder.locator('#sp-title')).toHaveCount(0);
}

test.describe('tours built through /pretour on real third-party apps', () => {
  test.use({ nothingPublished: 'around' });

  for (const app of corpus.apps) {
    test(`${app.name} (${app.framework}, ${app.routing} routing): an author builds a tour on the app's own elements; a new visitor plays it, reloads, finishes it, and the checklist ticks with its celebration; the app keeps working`, async ({
      visitor,
      product,
      api,
      signedInPage: page,
    }) => {
      test.setTimeout(180_000);
      const base = `/${corpus.mount}/${app.dir}/`;
      const session = await api.loginAsAdmin();
      const tourTitle = unique(`${app.name} built tour`);
      const tourId = await api.createDraftTour(session, tourTitle);

      // The author: /pretour opens the app in a new tab with the builder.
      await page.goto(`/pretour?tour=${tourId}`);
      await expect(page.getByTestId('pretour-tour')).toHaveValue(tourId);
      await page.getByTestId('pretour-url').fill(`${product.demoSiteURL}${base}`);
      const [author] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('pretour-open').click()]);
      await author.waitForLoadState();
      const builder = author.locator('signpost-builder');
      await expect(builder.locator('[data-action="pick"]')).toBeVisible({ timeout: 20_000 });
      await expect(builder).toContainText(tourTitle);
      // The app booted under the builder, and the token left the address without the app's router taking it for a route.
      const input = author.locator('#new-todo');
      await expect(input).toBeVisible({ timeout: 20_000 });
      expect(author.url()).not.toContain('token');

      // The author's own todo, so the app draws the elements a visitor gets once they write one.
      await input.fill('Water the plants');
      await input.press('Enter');
      await expect(author.locator('#todo-list li label')).toHaveText('Water the plants');
      const authorPage = new URL(author.url());
      const home = `${authorPage.pathname}${authorPage.hash}`;
      expect(authorPage.pathname).toBe(base);

      await pickAndWrite(author, input, 'Write here', 'Type a todo and press Enter.', home);
      await pickAndWrite(author, author.locator('#todo-list li .toggle'), 'Tick it', 'Tick a todo when it is done.', home);
      // Picking did not tick the todo (the app's own click handler never ran).
      await expect(author.locator('#todo-list li.completed')).toHaveCount(0);

      // The app's own link takes the author to its #/active route; the step is kept on that route, not on every page.
      await author.locator('#filters a[href="#/active"]').click();
      await expect(author).toHaveURL(/#\/active$/);
      await pickAndWrite(author, author.locator('#filters a[href="#/active"]'), 'What is left', 'Only the todos still to do.', `${base}#/active`);
      // Picking the link did not follow it elsewhere.
      await expect(author).toHaveURL(/#\/active$/);
      await builder.locator('[data-action="save"]').click();
      await expect(builder).toContainText('Saved');
      await author.close();

      // A new session: the suite's access tokens live a few seconds.
      const publisher = await api.loginAsAdmin();
      await api.publishExistingTour(publisher, tourId);
      await api.publishChecklist(publisher, {
        title: unique(`${app.name} built checklist`),
        tasks: [{ title: 'Take the tour', completion: { type: 'tour', tourId } }],
        celebration: { is_enabled: true, title: 'All set', description: '', button_text: '', show_effect: false },
      });

      const { site, page: visitorPage, close } = await visitor();
      const errors: string[] = [];
      visitorPage.on('pageerror', (err) => errors.push(err.message));
      try {
        await visitorPage.goto(`${site.baseURL}${base}`, { waitUntil: 'domcontentloaded' });
        const field = visitorPage.locator('#new-todo');
        await expect(field).toBeVisible({ timeout: 20_000 });
        const badge = visitorPage.locator('signpost-checklist .badge');
        await expect(badge).toHaveText('1', { timeout: 20_000 });

        const first = step(visitorPage, 'Write here');
        await expect(first).toBeVisible({ timeout: 20_000 });
        await expect(first).toContainText('Step 1 of 3');
        await first.getByRole('button', { name: 'Next' }).click();

        // The checkbox is not there before the visitor's first todo: the step waits, on no other element.
        await expect(step(visitorPage, 'Tick it')).toHaveCount(0);
        await field.fill('Buy milk');
        await field.press('Enter');
        await expect(visitorPage.locator('#todo-list li label')).toHaveText('Buy milk');
        await expect(visitorPage.locator('#todo-count')).toContainText('1 item left');
        const second = step(visitorPage, 'Tick it');
        await expect(second).toBeVisible({ timeout: 15_000 });
        await expect(second).toContainText('Step 2 of 3');
        // Beside the checkbox, not over it.
        const box = await visitorPage.locator('#todo-list li .toggle').boundingBox();
        const card = await second.boundingBox();
        expect(card!.y >= box!.y + box!.height - 1 || card!.y + card!.height <= box!.y + 1).toBe(true);

        // A reload resumes at the same step (the app keeps its todos in localStorage).
        await visitorPage.reload({ waitUntil: 'domcontentloaded' });
        await expect(step(visitorPage, 'Tick it')).toBeVisible({ timeout: 20_000 });
        await expect(step(visitorPage, 'Write here')).toHaveCount(0);
        await step(visitorPage, 'Tick it').getByRole('button', { name: 'Next' }).click();
        await expect(step(visitorPage, 'Tick it')).toHaveCount(0);
        // The last step's route is not this one: it does not show here.
        await expect(step(visitorPage, 'What is left')).toHaveCount(0);

        await visitorPage.locator('#filters a[href="#/active"]').click();
        await expect(visitorPage).toHaveURL(/#\/active$/);
        const third = step(visitorPage, 'What is left');
        await expect(third).toBeVisible({ timeout: 15_000 });
        await expect(third).toContainText('Step 3 of 3');
        await third.getByRole('button', { name: 'Done' }).click();
        await expect(visitorPage.locator('signpost-tour')).toHaveCount(0);

        // The task ticks at once, with its celebration, on this page.
        await expect(visitorPage.locator('signpost-checklist [role="status"]')).toContainText('All set', { timeout: 15_000 });
        await expect(badge).toHaveText('0');

        // The app still works: ticking the todo takes it off the active list; the completed route lists it.
        await visitorPage.locator('#todo-list li .toggle').click();
        await expect(visitorPage.locator('#todo-count')).toContainText('0 items left');
        await expect(visitorPage.locator('#todo-list li')).toHaveCount(0);
        await visitorPage.locator('#filters a[href="#/completed"]').click();
        await expect(visitorPage.locator('#todo-list li.completed label')).toHaveText('Buy milk');
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    });
  }
});
