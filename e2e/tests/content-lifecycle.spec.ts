import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, unique, type Visitor } from '../fixtures';
import { BannerListPage } from '../pages/BannerPages';
import { CheckVisitorPanel } from '../pages/CheckVisitorPanel';
import { DemoSitePage } from '../pages/DemoSitePage';
import { LifecyclePanel } from '../pages/LifecyclePanel';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';
import { PopupViewPage } from '../pages/PopupViewPage';

/**
 * The lifecycle of campaigns as a new user meets it: a duplicate is a draft until published; a live
 * popup's edits wait beside it until Publish; a banner scheduled a few seconds ahead appears once
 * its start passes; and the README's "Sign in as Ada" shows her popup. Visitors are fresh browsers
 * on the demo site; each test starts from nothing published (the demo website is shared).
 */

/** The seeded demo popup for "pro" people (api/src/db/seed.ts). */
const ADA_POPUP = 'Pro tip: export your reports';

/**
 * The content answer of a page view (reloaded), as text: what the script was told to show. Checking
 * it, rather than the absence of a surface, cannot pass merely because the script has not drawn yet.
 */
async function servedAnswer(site: DemoSitePage): Promise<string> {
  const content = site.page.waitForResponse((r) => /\/content$/.test(new URL(r.url()).pathname));
  await site.page.reload({ waitUntil: 'domcontentloaded' });
  const res = await content;
  expect(res.ok()).toBe(true);
  return res.text();
}

/** What a fresh visitor of the demo site's home page is shown. */
async function seenByNewVisitor(visitor: () => Promise<Visitor>, check: (site: DemoSitePage) => Promise<void>): Promise<void> {
  const { site, close } = await visitor();
  try {
    await site.open('/');
    await check(site);
  } finally {
    await close();
  }
}

/** Serious or critical axe-core findings on the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('content lifecycle', () => {
  test.use({ nothingPublished: 'before' });

  test('a duplicated popup is a draft until published from the list; then the demo site shows it', async ({ signedInPage, visitor, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const title = unique('Autumn offer');
    const original = await api.createPopup(session, title, null);
    // The original stops, so the copy is the one popup a visitor can get.
    await api.cancelPublished(session);
    const list = new PopupListPage(signedInPage);
    try {
      await list.navigate();
      await list.search.fill(title);
      await expect(list.row(title)).toContainText('Cancelled');
      await list.duplicate(title);
      const copy = `${title} (copy)`;
      await expect(list.row(copy).getByTestId('row-status')).toHaveText('Draft');
      await seenByNewVisitor(visitor, async (site) => {
        expect(await servedAnswer(site)).not.toContain(copy);
      });

      await list.row(copy).getByTestId('row-publish').click();
      const dialog = signedInPage.getByTestId('publish-dialog');
      await expect(dialog).toContainText(copy);
      // What goes live, and where: on the website, for the visitors it targets.
      await expect(dialog.getByTestId('publish-reach')).toHaveText(`"${copy}" goes live now: it shows on your website to the visitors it targets.`);
      await dialog.getByTestId('confirm-button').click();
      await list.expectSuccessToast(`"${copy}" published`);
      await expect(list.row(copy).getByTestId('row-status')).toHaveText('Public');
      await seenByNewVisitor(visitor, async (site) => {
        await expect(site.popup(copy)).toBeVisible({ timeout: 20_000 });
      });
    } finally {
      // Access tokens live 8 s in this suite: a new session for the clean-up.
      const cleanup = await api.loginAsAdmin();
      for (const p of await api.findPopups(cleanup, title)) await api.deleteContent(cleanup, 'popup', p._id).catch(() => undefined);
      await api.deleteContent(cleanup, 'popup', original).catch(() => undefined);
    }
  });

  test('editing a live popup: the demo site keeps the old text until Publish, then shows the new one', async ({ signedInPage, visitor, api }) => {
    test.setTimeout(150_000);
    const session = await api.loginAsAdmin();
    const before = unique('Summer sale');
    const after = `${before} – last days`;
    const id = await api.createPopup(session, before, null);
    try {
      await seenByNewVisitor(visitor, async (site) => {
        await expect(site.popup(before)).toBeVisible({ timeout: 20_000 });
      });
      // The author edits the live popup and saves.
      const editor = new PopupEditorPage(signedInPage);
      await editor.navigateTo(`/posts/${id}/update`);
      await editor.expectLoaded();
      const panel = new LifecyclePanel(signedInPage);
      await expect(panel.status).toHaveText('Public');
      await editor.title.fill(after);
      await editor.submit.click();
      const list = new PopupListPage(signedInPage);
      await list.expectSuccessToast('Popup updated successfully');
      await list.search.fill(before);
      await expect(list.row(after).getByTestId('row-unpublished')).toHaveText('Unpublished changes');
      // Visitors still get the published version.
      await seenByNewVisitor(visitor, async (site) => {
        await expect(site.popup(before)).toBeVisible({ timeout: 20_000 });
        expect(await servedAnswer(site)).not.toContain(after);
      });

      // Publish from the view screen: a second version, live; the demo site shows the new text.
      await signedInPage.goto(`/posts/${id}/view`, { waitUntil: 'domcontentloaded' });
      await expect(panel.unpublished).toContainText('Visitors still see the published version');
      await expect(panel.versions.getByTestId('version-1')).toContainText('Live');
      // The status, the notice and the versions are words a screen reader reads (not colours alone).
      expect(await axeFindings(signedInPage)).toEqual([]);
      await (await panel.askPublish()).getByTestId('confirm-button').click();
      await list.expectSuccessToast('Popup published');
      await expect(panel.unpublished).toHaveCount(0);
      await expect(panel.versions.getByTestId('version-2')).toContainText('Live');
      await expect(panel.versions.getByTestId('version-2')).toContainText('titleOfPopup');
      await seenByNewVisitor(visitor, async (site) => {
        await expect(site.popup(after)).toBeVisible({ timeout: 20_000 });
      });
    } finally {
      await api.deleteContent(await api.loginAsAdmin(), 'popup', id).catch(() => undefined);
    }
  });

  // Two minutes are not waited for: the product's control API moves the API's clock past the start.
  test('a banner scheduled two minutes ahead is not shown before its start, and is after', async ({ signedInPage, visitor, api, control }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const { data: settings } = await api.websiteSettings(session);
    const title = unique('Flash sale');
    const id = await api.createBanner(session, title, { draft: true });
    try {
      await signedInPage.goto(`/banners/${id}/view`, { waitUntil: 'domcontentloaded' });
      const panel = new LifecyclePanel(signedInPage);
      await expect(panel.status).toHaveText('Draft');
      await panel.scheduleButton.click();
      // The dialog says which clock it reads (the website's time zone) and shows the viewer's own time.
      await expect(panel.scheduleDialog.getByTestId('schedule-time-zone')).toContainText(settings.timeZone);
      const startsAt = Date.now() + 120_000;
      const wallClock = new Intl.DateTimeFormat('sv-SE', {
        timeZone: settings.timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .format(new Date(startsAt))
        .replace(' ', 'T');
      await panel.scheduleDialog.getByTestId('schedule-start').fill(wallClock);
      await expect(panel.scheduleDialog).toContainText('Your time:');
      await panel.scheduleDialog.getByTestId('submit-button').click();
      await expect(panel.scheduleDialog).toBeHidden();
      await expect(panel.status).toHaveText('Scheduled');
      const list = new BannerListPage(signedInPage);
      await list.navigate();
      await list.search.fill(title);
      await expect(list.row(title).getByTestId('row-status')).toHaveText('Scheduled');

      const { site, close } = await visitor();
      try {
        await site.open('/');
        expect(Date.now()).toBeLessThan(startsAt - 1_000);
        expect(await servedAnswer(site)).not.toContain(title);
        await expect(site.banner(title)).toHaveCount(0);
        // The API's clock moves past the start (a few seconds more: the test took some of the two minutes).
        await control.setClockOffset(startsAt + 5_000 - Date.now());
        // Once the start has passed, the next page view shows it.
        await site.reloadAndWaitForContent();
        await expect(site.banner(title)).toBeVisible({ timeout: 10_000 });
      } finally {
        await close();
      }
    } finally {
      await control.setClockOffset(0);
      await api.deleteContent(await api.loginAsAdmin(), 'banner', id).catch(() => undefined);
    }
  });

  test('README: on the demo site, "Sign in as Ada" shows her "pro" popup, which an anonymous visitor does not get', async ({ visitor, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    // Seeded on the first start (live); other tests cancel everything live, so make it live again.
    const [seeded] = await api.findPopups(session, ADA_POPUP);
    expect(seeded?.title).toBe(ADA_POPUP);
    if (seeded.status !== 'public') await api.publish(session, 'popup', seeded._id);
    const { site, close } = await visitor();
    try {
      await site.open('/');
      expect(await servedAnswer(site)).not.toContain(ADA_POPUP);
      const content = site.page.waitForResponse((r) => /\/content$/.test(new URL(r.url()).pathname));
      await site.signInAsAda();
      // Signing in asks again what to show: no reload needed.
      await content;
      await expect(site.popup(ADA_POPUP)).toBeVisible({ timeout: 20_000 });
    } finally {
      await close();
    }
  });

  test('"Check a visitor" explains why a person whose plan is not "pro" does not see Ada’s popup', async ({ signedInPage, api, product }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const [seeded] = await api.findPopups(session, ADA_POPUP);
    expect(seeded?.title).toBe(ADA_POPUP);
    if (seeded.status !== 'public') await api.publish(session, 'popup', seeded._id);
    // The seed has no "Bob": Bruno Rossi (cus-1002, plan "starter") is the seeded person in his place.
    const view = new PopupViewPage(signedInPage);
    await view.navigate(seeded._id);
    const check = new CheckVisitorPanel(signedInPage);
    await check.root.scrollIntoViewIfNeeded();
    await check.choosePerson('bruno.ross', 'cus-1002');
    await check.explain(`${product.demoSiteURL}/`);
    await expect(check.verdict).toHaveAttribute('data-would-show', 'false');
    await expect(check.verdict).toContainText('It would not show now');
    await expect(check.step('status')).toHaveAttribute('data-ok', 'true');
    await expect(check.step('device')).toHaveAttribute('data-ok', 'true');
    // The failing rule, with the value it read.
    const audience = check.step('audience');
    await expect(audience).toHaveAttribute('data-ok', 'false');
    await expect(audience).toContainText('Attribute values seen');
    await expect(audience).toContainText('plan = starter');
    // In words: the condition the person fails, with their value; no JSON.
    await expect(audience).toContainText('The person does not match its audience’s conditions: plan is “pro”: no, the person’s plan is “starter”');
    await expect(audience).not.toContainText('anyOf');
    await expect(check.step('dailyCap')).toContainText('Interruptions seen today');
    expect(await axeFindings(signedInPage)).toEqual([]);
    // On a phone the panel and its steps fit the screen's width (no sideways scrolling).
    await signedInPage.setViewportSize({ width: 390, height: 844 });
    await expect(check.verdict).toBeVisible();
    await expect
      .poll(() =>
        check.root.evaluate((el) => ({ fits: el.getBoundingClientRect().right <= window.innerWidth + 1, scroll: el.scrollWidth <= el.clientWidth + 1 })),
      )
      .toEqual({ fits: true, scroll: true });
  });

  test('"Check a visitor" in Arabic words the failing condition with the person’s value, and shows no JSON', async ({ signedInPage, api, product }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const [seeded] = await api.findPopups(session, ADA_POPUP);
    if (seeded.status !== 'public') await api.publish(session, 'popup', seeded._id);
    await signedInPage.evaluate(() => localStorage.setItem('i18nextLng', 'ar'));
    const view = new PopupViewPage(signedInPage);
    await view.navigate(seeded._id);
    await expect(signedInPage.locator('html')).toHaveAttribute('dir', 'rtl');
    const check = new CheckVisitorPanel(signedInPage);
    await check.root.scrollIntoViewIfNeeded();
    await check.choosePerson('bruno.ross', 'cus-1002');
    await check.explain(`${product.demoSiteURL}/`);
    await expect(check.verdict).toHaveAttribute('data-would-show', 'false');
    const audience = check.step('audience');
    await expect(audience).toHaveAttribute('data-ok', 'false');
    await expect(audience).toContainText('الشخص لا يستوفي شروط جمهوره: plan يساوي “pro”: لا، قيمة plan لدى الشخص هي “starter”');
    await expect(audience.getByTestId('check-visitor-detail-conditions')).toHaveText('plan يساوي “pro”: لا، قيمة plan لدى الشخص هي “starter”');
    await expect(check.root).not.toContainText('{');
  });

  test("signpost('debug') names each item by kind and title in sentences, and a tour only shows where it starts", async ({ visitor, api }) => {
    test.setTimeout(120_000);
    const session = await api.loginAsAdmin();
    const [seeded] = await api.findPopups(session, ADA_POPUP);
    if (seeded.status !== 'public') await api.publish(session, 'popup', seeded._id);
    const title = unique('Pricing tour');
    // It plays over two pages but starts by itself on /pricing only.
    await api.publishTour(session, {
      title,
      insertable_url: '/pricing',
      steps: [
        { title: 'Welcome', content: 'Hello', url: '/', target: null },
        { title: 'Compare', content: 'Plans', url: '/pricing', target: null },
      ],
    });
    const { site, close } = await visitor('ar');
    try {
      await site.openAndWaitForContent('/');
      const lines: string[] = [];
      site.page.on('console', (m) => lines.push(m.text()));
      const debugged = site.page.waitForResponse((r) => /\/debug$/.test(new URL(r.url()).pathname));
      await site.page.evaluate(() => (window as unknown as { signpost: (...args: unknown[]) => void }).signpost('debug'));
      expect((await debugged).status()).toBe(200);
      // In the visitor's language (Arabic here), by kind and title.
      await expect.poll(() => lines.join('\n')).toContain(`[signpost] نافذة منبثقة «${ADA_POPUP}»: لا يظهر في هذه الصفحة.`);
      expect(lines.join('\n')).toContain(`[signpost] جولة إرشادية «${title}»: لا يظهر في هذه الصفحة. لا تبدأ الجولة في هذه الصفحة: تبدأ تلقائيًا في «/pricing»`);
    } finally {
      await close();
    }
  });

  test("signpost('debug') on the demo site prints, in the browser console, why Ada’s popup does not show to an anonymous visitor", async ({ visitor, api }) => {
    test.setTimeout(90_000);
    const session = await api.loginAsAdmin();
    const [seeded] = await api.findPopups(session, ADA_POPUP);
    if (seeded.status !== 'public') await api.publish(session, 'popup', seeded._id);
    const { site, close } = await visitor();
    try {
      await site.openAndWaitForContent('/');
      const lines: string[] = [];
      site.page.on('console', (m) => lines.push(m.text()));
      const debugged = site.page.waitForResponse((r) => /\/debug$/.test(new URL(r.url()).pathname));
      await site.page.evaluate(() => (window as unknown as { signpost: (...args: unknown[]) => void }).signpost('debug'));
      expect((await debugged).status()).toBe(200);
      await expect
        .poll(() => lines.join('\n'))
        .toContain(
          `[signpost] Popup “${ADA_POPUP}”: does not show on this page. For some people only, and this visitor is not identified (popup ${seeded._id})`,
        );
      expect(lines.join('\n')).toContain('  NO For some people only, and this visitor is not identified');
    } finally {
      await close();
    }
  });

  test('the delivery settings screen shows the daily cap, how items share the page and the time zone with their defaults, and saves them', async ({
    signedInPage,
    api,
  }) => {
    const session = await api.loginAsAdmin();
    const { data: before } = await api.websiteSettings(session);
    try {
      await signedInPage.goto('/settings/delivery', { waitUntil: 'domcontentloaded' });
      await expect(signedInPage.getByRole('heading', { level: 1 })).toHaveText('Delivery settings');
      const form = signedInPage.getByTestId('delivery-form');
      await expect(form).toContainText('Default 3');
      await expect(form).toContainText('banners do not');
      await form.getByTestId('delivery-cap').fill('5');
      await expect(form.getByRole('checkbox', { name: 'Push notifications may show beside an open popup' })).not.toBeChecked();
      await form.getByText('Push notifications may show beside an open popup').click();
      await form.getByTestId('delivery-quiet').fill('7');
      await form.getByTestId('delivery-time-zone').selectOption('Europe/Paris');
      await form.getByTestId('delivery-save').click();
      await expect(signedInPage.getByText('Website settings updated')).toBeVisible();
      expect((await api.websiteSettings(await api.loginAsAdmin())).data).toEqual({
        interruptionsPerDay: 5,
        pushesBesidePopup: true,
        quietAfterCloseSeconds: 7,
        timeZone: 'Europe/Paris',
      });
      // The sidebar leads there.
      await expect(signedInPage.getByRole('link', { name: 'Delivery' })).toBeVisible();
    } finally {
      await api.setWebsiteSettings(await api.loginAsAdmin(), before);
    }
  });
});
