import path from 'node:path';
import { pathToFileURL } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { test, expect, unique, SEEDED_ADMIN } from '../fixtures';
import { DashboardPage } from '../pages/DashboardPage';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';
import { UsersPage } from '../pages/UsersPage';
import { TagsPage } from '../pages/WebsiteContentPages';
import { WebsitesPage } from '../pages/WebsitesPage';
import { ROOT } from '../support/state';
import type { ApiSession, SignpostApi } from '../support/api';
import { callUrl } from '../../contracts/src/call';
import { pushKind } from '../../contracts/src/content-kinds';

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

/** A text a chart drew on its canvas, and how far its ink reaches past the canvas's edges (device pixels, 0 = inside). */
interface CanvasText {
  chart: string | null;
  text: string;
  overflow: number;
}

/**
 * Records every text the page draws on a canvas: where its ink lies once the context's transform
 * (a rotated axis title, the device pixel ratio) and the text's alignment and direction are applied.
 * A chart gives screen readers and tests nothing else to read from its labels.
 */
function recordCanvasTexts() {
  const drawn: CanvasText[] = [];
  (window as unknown as { canvasTexts: CanvasText[] }).canvasTexts = drawn;
  const fillText = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (this: CanvasRenderingContext2D, text: string, x: number, y: number, maxWidth?: number) {
    const m = this.measureText(text);
    const t = this.getTransform();
    const corners = [
      [x - m.actualBoundingBoxLeft, y - m.actualBoundingBoxAscent],
      [x + m.actualBoundingBoxRight, y - m.actualBoundingBoxAscent],
      [x - m.actualBoundingBoxLeft, y + m.actualBoundingBoxDescent],
      [x + m.actualBoundingBoxRight, y + m.actualBoundingBoxDescent],
    ].map(([cx, cy]) => [t.a * cx + t.c * cy + t.e, t.b * cx + t.d * cy + t.f]);
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const { width, height } = this.canvas;
    const overflow = Math.max(0, -Math.min(...xs), Math.max(...xs) - width, -Math.min(...ys), Math.max(...ys) - height);
    drawn.push({ chart: this.canvas.closest('[data-testid]')?.getAttribute('data-testid') ?? null, text, overflow });
    return maxWidth === undefined ? fillText.call(this, text, x, y) : fillText.call(this, text, x, y, maxWidth);
  };
}

test.describe('the dashboard in Arabic', () => {
  test.beforeAll(async ({ product }) => {
    // The charts need traffic to draw: the demo traffic a newcomer plays (none added if some exists).
    const demo = (await import(pathToFileURL(path.join(ROOT, 'scripts/demo-traffic.mjs')).href)) as {
      playDemoTraffic(options: Record<string, unknown>): Promise<unknown>;
    };
    await demo.playDemoTraffic({
      api: product.apiURL,
      email: SEEDED_ADMIN.email,
      password: SEEDED_ADMIN.password,
      days: 30,
      seed: 11,
      ifNoHistory: true,
      log: () => {},
    });
  });

  test('draws every axis label and title of its charts whole, inside the canvas (the time axis runs from the right)', async ({ signedInPage: page, shell }) => {
    await page.addInitScript(recordCanvasTexts);
    await page.reload();
    const dashboard = new DashboardPage(page);
    await dashboard.expectStatisticsLoaded();
    // Items made and views of them carry labels of their own (no "Popups" for both).
    await expect(dashboard.figure('stat-popup')).toContainText('Popups created');
    await expect(dashboard.statistics.getByTestId('chart-views')).toContainText('Popup views');
    await shell.chooseLanguage('ar');
    try {
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await dashboard.expectStatisticsLoaded();
      const texts = () => page.evaluate(() => (window as unknown as { canvasTexts: CanvasText[] }).canvasTexts);
      // The charts redraw in Arabic: wait for an Arabic axis title (the hour axis) on the line chart.
      await expect.poll(async () => (await texts()).some((d) => d.chart === 'chart-users-connected' && d.text === 'الساعة'), { timeout: 10_000 }).toBe(true);
      const arabic = (await texts()).filter((d) => /[\u0600-\u06ff]/.test(d.text) || /^\d/.test(d.text));
      expect(arabic.length).toBeGreaterThan(10);
      // Every text drawn after the switch (Arabic words, hours with ص/م, counts) lies inside its canvas.
      const after = (await texts()).slice((await texts()).findIndex((d) => /[\u0600-\u06ff]/.test(d.text)));
      expect(after.filter((d) => d.overflow > 1).map((d) => `${d.chart}: "${d.text}" ${d.overflow.toFixed(1)} px past the edge`)).toEqual([]);
    } finally {
      await shell.chooseLanguage('en');
    }
  });
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

/** A live push notification written through the push notifications' create call; its id. */
async function createPush(api: SignpostApi, session: ApiSession, name: string, fields: { title: string; body: string; duration: number }): Promise<string> {
  const { create } = pushKind.calls;
  const res = await fetch(`${api.baseURL}${callUrl(create)}`, {
    method: create.method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}`, activewebsite: session.activeWebsite ?? '' },
    body: JSON.stringify({ push_notification_title: name, ...fields }),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return ((await res.json()) as { data: { _id: string } }).data._id;
}

test.describe('two identical push notifications on the demo site', () => {
  test.beforeEach(async ({ api }) => {
    await api.cancelPublished(await api.loginAsAdmin());
  });

  test('are stacked in their corner, one above the other, not drawn in the same box', async ({ api, visitor }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const title = unique('Back in stock');
    const fields = { title, body: 'The blue sneakers are back in your size.', duration: 60 };
    const ids = [await createPush(api, session, unique('Push one'), fields), await createPush(api, session, unique('Push two'), fields)];
    const { site, close } = await visitor();
    try {
      await site.open('/');
      const cards = site.push(title);
      await expect(cards).toHaveCount(2, { timeout: 20_000 });
      // Each card holds its text (filled just after it is inserted, for screen readers): measured once both are full.
      for (const card of await cards.all()) await expect(card).toContainText(fields.body);
      const [a, b] = [(await cards.nth(0).boundingBox())!, (await cards.nth(1).boundingBox())!];
      const overlap = a.y < b.y + b.height && b.y < a.y + a.height && a.x < b.x + b.width && b.x < a.x + a.width;
      expect(overlap, `the two cards' boxes ${JSON.stringify([a, b])} do not overlap`).toBe(false);
      // Both in the same corner, one above the other.
      expect(Math.round(a.x)).toBe(Math.round(b.x));
      // One closed: the other moves down into the corner.
      const lower = a.y > b.y ? cards.nth(0) : cards.nth(1);
      const bottom = Math.max(a.y + a.height, b.y + b.height);
      await lower.getByRole('button', { name: 'Close the notification' }).click();
      await expect(cards).toHaveCount(1);
      await expect.poll(async () => Math.round((await cards.boundingBox())!.y + (await cards.boundingBox())!.height)).toBe(Math.round(bottom));
    } finally {
      await close();
      for (const id of ids) await api.deleteContent(session, 'push', id).catch(() => undefined);
    }
  });
});

test('on a new website with no workspace, Create opens the editor in none (no "/none/" address) and the popup is saved', async ({ signedInPage: page }) => {
  test.setTimeout(120_000);
  const websites = new WebsitesPage(page);
  const run = Date.now().toString(36);
  const name = `Empty shop ${run}`;
  const domain = `empty-${run}.example.test`;
  await websites.navigate();
  await websites.add(name, domain);
  await websites.expectSuccessToast(name);
  await websites.switchTo(name);
  try {
    const list = new PopupListPage(page);
    const editor = new PopupEditorPage(page);
    await list.navigate();
    await expect(list.workspaces.getByTestId('workspace-all')).toBeVisible();
    // No workspace on this website: the side list holds only "All workspaces" and "New workspace".
    await expect(list.workspaces.locator('[data-testid^="workspace-"]:not([data-testid="workspace-all"], [data-testid="workspace-new"])')).toHaveCount(0);
    await list.createButton.click();
    await expect(page).toHaveURL(/\/posts\/create$/);
    await editor.expectLoaded();
    await expect(list.newWorkspaceDialog).toHaveCount(0);
    const title = unique('First popup');
    await editor.title.fill(title);
    await page.getByTestId('block-text').first().fill('Made on a website with no workspace.');
    await editor.submit.click();
    await expect(list.row(title)).toBeVisible({ timeout: 20_000 });
    expect(await page.locator('a[href*="/none/"]').count(), 'no link says "none"').toBe(0);
  } finally {
    await websites.switchTo(SEEDED_ADMIN.website);
    await websites.navigate();
    await websites.delete(domain);
    await expect(websites.row(domain)).toHaveCount(0);
  }
});

test("forms and lists a first user reads: a required mark not read aloud, the colour picker and its hex text with ids of their own, a client's e-mail once", async ({
  signedInPage: page,
}) => {
  test.setTimeout(90_000);
  const tags = new TagsPage(page);
  await tags.navigateTo(TagsPage.path);
  await page.getByTestId('add-tag').click();
  await expect(tags.form).toBeVisible();
  // The "*" of a required label is hidden from screen readers: the field is named by its label alone.
  const marks = tags.form.locator('label').getByText('*', { exact: true });
  expect(await marks.count()).toBeGreaterThan(0);
  for (const mark of await marks.all()) await expect(mark).toHaveAttribute('aria-hidden', 'true');
  await expect(tags.form.getByRole('textbox', { name: 'Name', exact: true })).toBeVisible();
  // No id is used twice in the dialog (the picker and the hex text used to share the field's).
  const ids = await tags.form.locator('[id]').evaluateAll((els) => els.map((el) => el.id));
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  const picker = tags.form.getByTestId('tag-color-picker');
  expect(await picker.getAttribute('id')).not.toBe(await tags.form.getByRole('textbox', { name: 'Colour', exact: true }).getAttribute('id'));
  await tags.form.getByTestId('cancel-button').click();

  const users = new UsersPage(page);
  const run = Date.now().toString(36);
  const client = { name: `Once ${run}`, email: `once-${run}@example.test`, password: 'Client-pass-1', domain: `once-${run}.example.test` };
  await users.navigateTo(UsersPage.path);
  await users.expectLoaded();
  await users.create(client);
  await users.expectSuccessToast(client.name);
  try {
    const row = users.row(client.email);
    await expect(row).toBeVisible();
    const text = (await row.textContent()) ?? '';
    expect(text.split(client.email).length - 1, 'the e-mail shows once in its row').toBe(1);
  } finally {
    await users.delete(client.email);
  }
});
