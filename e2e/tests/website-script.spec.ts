import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test, expect, unique } from '../fixtures';
import { spreadsheetCells } from '../support/spreadsheet';
import { DemoSitePage } from '../pages/DemoSitePage';
import { InstallationGuidePage } from '../pages/InstallationGuidePage';
import { PopupViewPage } from '../pages/PopupViewPage';

/**
 * The website script's whole flow, as a new user does it: publish content in the console, open the demo
 * customer site (demo-site/, with the website script installed by its snippet) as a visitor in a
 * fresh browser, see it, react, comment, answer, close; then see all of it back in the console.
 *
 * Each popup carries a page rule or an audience so the tests' popups never compete for the same
 * visitor, and each test removes what it published.
 */

test.describe('website script on the demo site', () => {
  // The demo website is shared with the other specs: start each visit from only what this spec publishes.
  test.use({ nothingPublished: 'before' });

  test('a published popup shows on the demo site; the visitor reacts and answers; the console shows the reaction, the answer and the counts; the installation check turns green', async ({
    signedInPage,
    publish,
    visitor,
    product,
    shell,
    dashboardPage,
  }) => {
    test.setTimeout(180_000);
    await expect(shell.websiteSwitcher).toContainText('Demo website');
    const title = unique('Tell us');
    const question = 'How did you hear about us?';
    const id = await publish.popup({ title, text: 'A quick question before you go.', href: '/docs', replay: 'emoji', emoji: '🎉', question });
    const { site, close } = await visitor();
    await site.open('/docs');
    const popup = site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await expect(popup).toContainText('A quick question before you go.');
    await popup.getByRole('button', { name: '🎉' }).click();
    await expect(popup.getByRole('button', { name: '🎉' })).toHaveAttribute('aria-pressed', 'true');
    await popup.getByRole('textbox', { name: question }).fill('From the demo site');
    await popup.getByRole('button', { name: 'Send' }).click();
    await expect(popup.getByRole('status')).toHaveText('Thank you');
    // The thanks closes the popup by itself after a moment.
    await expect(popup).toBeHidden({ timeout: 15_000 });
    // Closed is closed: the next page view does not show it again.
    expect(await site.reloadAndWaitForContent()).not.toContain(id);
    await close();

    // The console: the reaction in the popup's reactions view, the answer in the spreadsheet.
    const view = new PopupViewPage(signedInPage);
    await view.navigate(id);
    await expect(await view.reactions()).toContainText('🎉');
    await signedInPage.keyboard.press('Escape');
    const [download] = await Promise.all([signedInPage.waitForEvent('download'), view.exportButton.click()]);
    const cells = await spreadsheetCells(await readFile((await download.path())!));
    expect(cells).toEqual(expect.arrayContaining([question, 'From the demo site']));

    // The dashboard counts the visit, the view and the reaction.
    await dashboardPage.navigate();
    await dashboardPage.expectStatisticsLoaded();
    expect(await dashboardPage.figureValue('stat-usersConnected-value')).toBeGreaterThanOrEqual(1);
    expect(await dashboardPage.figureValue('views-Popup')).toBeGreaterThanOrEqual(1);
    expect(await dashboardPage.figureValue('interactions-react')).toBeGreaterThanOrEqual(1);

    // The installation guide: the demo site's visit turned the check green.
    const guide = new InstallationGuidePage(signedInPage);
    await guide.navigate();
    await expect(guide.snippet).toContainText('signpost.js');
    await guide.checkButton.click();
    await expect(guide.installed).toContainText(`on ${product.demoSiteURL}`);
    await expect(guide.installed).toContainText(/^Installed — last seen .+, version .+$/);
  });

  test('a client-side navigation to /pricing shows the popup targeted to that page without a reload; the visitor comments', async ({
    signedInPage,
    publish,
    visitor,
    product,
  }) => {
    test.setTimeout(150_000);
    const title = unique('Pricing help');
    const id = await publish.popup({ title, text: 'Questions about our plans?', href: '/pricing', replay: 'text' });
    const { site, close } = await visitor();
    // Not on the home page: the script is not told to show it there.
    expect(await site.openAndWaitForContent('/')).not.toContain(id);
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Rockets for every project');
    await site.markDocument();
    await site.navigate('Pricing');
    await expect(site.page).toHaveURL(`${product.demoSiteURL}/pricing`);
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    const popup = site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    expect(await site.documentIsMarked()).toBe(true); // the same document: no reload happened
    await popup.getByRole('textbox', { name: 'Write a comment…' }).fill('Is there a discount for schools?');
    await popup.getByRole('button', { name: 'Send' }).click();
    await expect(popup.getByRole('status')).toHaveText('Thank you');
    await expect(popup).toBeHidden({ timeout: 15_000 });
    // Back (popstate) renders the home page again, still without a reload.
    await site.page.goBack();
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Rockets for every project');
    expect(await site.documentIsMarked()).toBe(true);
    await close();
    const view = new PopupViewPage(signedInPage);
    await view.navigate(id);
    await expect(await view.comments()).toContainText('Is there a discount for schools?');
  });

  test('a popup targeted to an audience shows for a matching verified visitor, who closes it, and not for another nor for someone claiming her id', async ({
    publish,
    visitor,
    api,
  }) => {
    test.setTimeout(150_000);
    // "plan is pro": a saved audience over the attribute the demo website declares (seed).
    const audience = unique('Pro plan');
    await api.createSegment(await api.loginAsAdmin(), audience, {
      operator: 'and',
      predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }],
    });
    const title = unique('Pro tips');
    const id = await publish.popup({ title, text: 'Tips for Pro customers.', audience });
    // The demo website requires identity verification (as every website made since it exists).
    const identity = await api.identityVerification(await api.loginAsAdmin());
    expect(identity.required).toBe(true);
    // Ada (plan pro) signs in on the demo site: the script asks again what to show, and she sees it
    // without a reload (seen once, a reload would not bring it back).
    const ada = await visitor();
    expect(await ada.site.openAndWaitForContent('/')).not.toContain(id);
    await ada.site.signInAsAda();
    const popup = ada.site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    // She closes it, and it stays closed on the next page view.
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    expect(await ada.site.reloadAndWaitForContent()).not.toContain(id);
    await ada.close();
    // Someone who only knows Ada's id (no userHash from the site's server) is refused, stays anonymous, and sees nothing of hers.
    const mallory = await visitor();
    const warnings: string[] = [];
    mallory.site.page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()));
    await mallory.site.open('/');
    expect(await mallory.site.identify({ id: 'demo-ada', name: 'Mallory', plan: 'pro' }, { expectOk: false })).toBe(401);
    await expect.poll(() => warnings.join('\n')).toContain('identity not verified: pass userHash');
    expect(await mallory.site.reloadAndWaitForContent()).not.toContain(id);
    await mallory.close();
    // Another person (plan free), verified, does not.
    const bob = await visitor();
    await bob.site.open('/');
    const userHash = createHmac('sha256', identity.secret).update('demo-bob').digest('hex');
    await bob.site.identify({ id: 'demo-bob', name: 'Bob Free', plan: 'free', userHash });
    expect(await bob.site.reloadAndWaitForContent()).not.toContain(id);
    await bob.close();
  });

  test('a banner and a push notification show, right to left on the Arabic page', async ({ publish, visitor }) => {
    test.setTimeout(150_000);
    const bannerTitle = unique('Launch week');
    await publish.banner({ title: bannerTitle, content: 'Every rocket ships free this week.' });
    await publish.push({ name: unique('Countdown'), title: 'Lift-off in 10 minutes', body: 'Watch the launch live.' });
    const { site, close } = await visitor();
    await site.open('/?lang=ar');
    await expect(site.page.locator('html')).toHaveAttribute('dir', 'rtl');
    const banner = site.banner(bannerTitle);
    await expect(banner).toBeVisible({ timeout: 20_000 });
    await expect(banner).toContainText('Every rocket ships free this week.');
    expect(await site.direction(banner)).toBe('rtl');
    const push = site.push('Lift-off in 10 minutes');
    await expect(push).toBeVisible({ timeout: 20_000 });
    expect(await site.direction(push)).toBe('rtl');
    // The script speaks the page's language: its own words are in Arabic.
    await expect(push.getByRole('button', { name: 'إغلاق' })).toBeVisible();
    await close();
  });
});

test.describe('identity verification on the installation guide', () => {
  test('the owner sees the identity secret masked, reveals it, and reads the server code in Node, Python, Ruby and PHP', async ({ signedInPage, api }) => {
    const page = signedInPage;
    const { secret, required } = await api.identityVerification(await api.loginAsAdmin());
    const guide = new InstallationGuidePage(page);
    await guide.navigate();
    await expect(guide.identitySection.getByRole('heading', { level: 2 })).toHaveText('Verify who your visitors are');
    await expect(guide.identitySecret).toBeVisible();
    await expect(guide.identitySecret).not.toContainText(secret);
    await guide.identityReveal.click();
    await expect(guide.identitySecret).toHaveText(secret);
    await expect(guide.identityRequired.getByRole('checkbox', { name: 'Require identity verification' })).toBeChecked({ checked: required });
    await expect(page.getByTestId('identity-code-node')).toContainText("createHmac('sha256', process.env.SIGNPOST_IDENTITY_SECRET)");
    for (const [tab, text] of [
      ['Python', 'hmac.new('],
      ['Ruby', 'OpenSSL::HMAC.hexdigest("SHA256"'],
      ['PHP', "hash_hmac('sha256'"],
    ] as const) {
      await guide.identitySection.getByRole('tab', { name: tab }).click();
      await expect(guide.identitySection.getByRole('tabpanel', { name: tab })).toContainText(text);
    }
  });
});

test.describe('a floating banner on a small phone (390 × 600)', () => {
  test('very long content never covers the page: capped height, its text scrolls inside, the close button on screen; Esc closes it', async ({
    browser,
    product,
    api,
  }) => {
    const session = await api.loginAsAdmin();
    await api.cancelPublished(session);
    const title = unique('Long notice');
    const id = await api.createBanner(session, {
      titleOfBanner: title,
      content: 'Every rocket ships free this week, and the week after. '.repeat(60),
      settings: { priority: 'normal', backgroundColor: '#0958d9', targetDevice: 'web', bannerStyle: 'floating', bannerPosition: 'bottom' },
      dismissButton: true,
    });
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 600 } });
    try {
      const site = new DemoSitePage(await context.newPage(), product.demoSiteURL);
      await site.open('/');
      const banner = site.banner(title);
      await expect(banner).toBeVisible({ timeout: 20_000 });
      // Measured where it rests, once its short entrance (a few pixels' slide) is over.
      await banner.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const box = (await banner.boundingBox())!;
      // At most 40% of the viewport's height, sitting at its bottom: most of the page stays visible.
      expect(box.height).toBeLessThanOrEqual(600 * 0.4 + 1);
      expect(box.y + box.height).toBeLessThanOrEqual(601);
      expect(box.y).toBeGreaterThanOrEqual(600 * 0.6 - 1);
      const close = banner.getByRole('button', { name: 'Close' });
      await expect(close).toBeInViewport({ ratio: 1 });
      // Its text scrolls inside it, and the close button stays put meanwhile.
      const scroller = banner.locator('.main');
      expect(await scroller.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      await scroller.evaluate((el) => el.scrollTo(0, el.scrollHeight));
      await expect.poll(() => scroller.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      await expect(close).toBeInViewport({ ratio: 1 });
      await site.page.keyboard.press('Escape');
      await expect(banner).toHaveCount(0);
    } finally {
      await context.close();
      await api.deleteContent(session, 'banner', id).catch(() => undefined);
    }
  });
});

test.describe('installation guide on a phone (390 × 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the snippet fits the screen (its block scrolls, not the page) and Copy puts it on the clipboard', async ({ signedInPage, product }) => {
    const page = signedInPage;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.baseURL });
    const guide = new InstallationGuidePage(page);
    await guide.navigate();
    await expect(guide.heading).toHaveText('Installation guide');
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, viewport: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.viewport);
    const snippet = await guide.snippet.textContent();
    expect(snippet).toMatch(/^<script>.*signpost.*<\/script>$/);
    await guide.copyButton.click();
    await expect(guide.copied).toHaveText('Copied to the clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
  });
});
