import { test, expect, unique } from '../fixtures';

/**
 * The page's one interruptive slot and page rules, as a new user meets them: content published in the
 * console, seen on the demo customer site by a visitor in a fresh browser. Popups and push
 * notifications show one at a time, each when the slot frees, never under another surface; what is on
 * screen stays through client-side navigations; what was seen does not come back as its rule says.
 * The demo website keeps its default script settings: one at a time, 3 quiet seconds after one ends.
 */

/** What a page's own CSS may do to focused elements (TodoMVC's rule, made as strong as CSS allows). */
const HOSTILE_FOCUS_CSS = '*:focus { box-shadow: 0 0 0 3px red !important; outline: 3px solid red !important; }';

test.describe('the page’s one interruptive slot on the demo site', () => {
  test.use({ nothingPublished: 'before' });

  test('a popup and a push published together both reach the visitor, one after the other; the push stays through a client-side navigation', async ({
    publish,
    visitor,
  }) => {
    test.setTimeout(180_000);
    // The push first, then the popup: the newer comes first at equal priority, so the popup shows first.
    const pushTitle = unique('Lift-off soon');
    const pushId = await publish.push({ name: unique('Launch push'), title: pushTitle, body: 'Watch the launch live.', seconds: 60 }, 'Slot');
    const title = unique('Welcome aboard');
    const popupId = await publish.popup({ title, text: 'Glad to have you on board.' }, 'Slot');
    const { site, close } = await visitor();
    const popupSeen = site.eventDelivered('view', popupId);
    await site.open('/');
    const popup = site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    await popupSeen;
    // The push waits for the slot: not drawn under the popup's backdrop, not reported as seen.
    await expect(site.page.locator('signpost-push')).toHaveCount(0);
    const pushSeen = site.eventDelivered('view', pushId);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    // Once the popup is closed (and the quiet seconds after it have passed), the push shows, and is clickable.
    const push = site.push(pushTitle);
    await expect(push).toBeVisible({ timeout: 20_000 });
    await expect(push).toContainText('Watch the launch live.');
    await pushSeen;

    // Its view has reached the server; a client-side navigation asks again what to show: the push stays.
    await site.markDocument();
    const answer = site.nextContent();
    await site.navigate('Pricing');
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    await answer;
    // Give the script the time to act on that answer (it used to remove the push here).
    await site.page.waitForTimeout(1000);
    await expect(push).toBeVisible();
    expect(await site.documentIsMarked()).toBe(true);
    // The visitor closes it: only then does it leave.
    await push.getByRole('button', { name: 'Close' }).click();
    await expect(push).toBeHidden();
    await close();
  });

  test('a popup closed with Esc and a client-side navigation half a second later: the next page’s popup shows; the page’s focus CSS never reaches the popup', async ({
    publish,
    visitor,
  }) => {
    test.setTimeout(180_000);
    const homeTitle = unique('Home hello');
    const docsTitle = unique('Docs tip');
    // The first on every page (no rule), the second on /docs only: on /docs both could show.
    const homeId = await publish.popup({ title: homeTitle, text: 'Welcome home.', centre: true }, 'Slot');
    await publish.popup({ title: docsTitle, text: 'Read the getting started guide.', href: '/docs' }, 'Slot');
    const { site, close } = await visitor();
    const seen = site.eventDelivered('view', homeId);
    await site.open('/');
    // The page's stylesheet (constructed: the demo site's CSP refuses inline styles, as a strict site's does).
    await site.page.evaluate((css) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }, HOSTILE_FOCUS_CSS);
    const home = site.popup(homeTitle);
    await expect(home).toBeVisible({ timeout: 20_000 });
    // The server knows the popup was seen (the next content call must not think it still open).
    await seen;
    // Focus is inside the popup, so its host element matches the page's `*:focus`: still no shadow, no outline.
    await expect.poll(async () => (await site.hostStyle('popup')).focused).toBe(true);
    expect(await site.hostStyle('popup')).toEqual({ focused: true, boxShadow: 'none', outlineStyle: 'none' });
    await site.page.keyboard.press('Escape');
    await expect(home).toBeHidden();
    // The close is still in the page's event batch when the visitor moves on.
    await site.page.waitForTimeout(500);
    await site.navigate('Docs');
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Docs');
    await expect(site.popup(docsTitle)).toBeVisible({ timeout: 20_000 });
    await expect(site.popup(homeTitle)).toHaveCount(0);
    await close();
  });

  test('a popup that closed by itself does not come back on reload when it shows once', async ({ publish, visitor }) => {
    test.setTimeout(150_000);
    const title = unique('Quick note');
    const id = await publish.popup({ title, text: 'Only one second of your time.', href: '/pricing', displaySeconds: 1 }, 'Slot');
    const { site, close } = await visitor();
    const seen = site.eventDelivered('view', id);
    await site.open('/pricing');
    const popup = site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    // Nobody touches it: it closes by itself after its display time (no close event is reported).
    await expect(popup).toBeHidden({ timeout: 10_000 });
    await seen;
    const answer = site.nextContent();
    await site.page.reload({ waitUntil: 'domcontentloaded' });
    expect(await answer).not.toContain(id);
    await expect(site.main.getByRole('heading', { level: 1 })).toHaveText('Pricing');
    await expect(site.popup(title)).toHaveCount(0);
    await close();
  });

  test('a page rule on a hash route (#/completed) shows the popup when the app’s hash router gets there; the app’s focus style stays off it', async ({
    publish,
    visitor,
    product,
  }) => {
    test.setTimeout(150_000);
    const title = unique('All done');
    const id = await publish.popup({ title, text: 'Nice work finishing those.', href: '#/completed', centre: true }, 'Slot');
    const { site, close } = await visitor();
    const first = site.nextContent();
    await site.open('/app');
    expect(await first).not.toContain(id);
    await site.markDocument();
    await site.page.getByRole('navigation', { name: 'Filters' }).getByRole('link', { name: 'Completed' }).click();
    await expect(site.page).toHaveURL(`${product.demoSiteURL}/app#/completed`);
    const popup = site.popup(title);
    await expect(popup).toBeVisible({ timeout: 20_000 });
    expect(await site.documentIsMarked()).toBe(true);
    // The app's own `:focus { box-shadow }` (as TodoMVC's) matches the host while focus is inside: it draws nothing.
    await expect.poll(async () => (await site.hostStyle('popup')).focused).toBe(true);
    expect((await site.hostStyle('popup')).boxShadow).toBe('none');
    await close();
  });
});
