import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';

/**
 * No serious or critical axe-core violation on any screen, in English and Arabic
 * (right-to-left), light and dark (English light, Arabic dark). One signed-in page visits every
 * route of each variant; the violations of all routes are collected and reported together, so one
 * run shows everything.
 * While fixing: AXE_ROUTES=/a,/b narrows the signed-in routes, AXE_DEBUG=1 prints each node's HTML
 * and axe's summary.
 */
const PUBLIC_ROUTES = ['/login', '/forget-password', '/reset-password?token=unknown', '/reset-wait'];
const SIGNED_IN_ROUTES = process.env.AXE_ROUTES
  ? process.env.AXE_ROUTES.split(',')
  : [
      '/dashboard',
      '/user',
      '/role',
      '/role/create',
      '/group',
      '/group/create',
      '/invitations',
      '/websites',
      '/profile',
      '/posts',
      '/posts/00000000-0000-4000-8000-000000000000/create',
      '/banners',
      '/banners/00000000-0000-4000-8000-000000000000/create',
      '/push_notification',
      '/push_notification/00000000-0000-4000-8000-000000000000/create',
      '/tour',
      '/tour/create',
      '/checklist',
      '/checklist/create',
      '/emails',
      '/emails/create',
      '/settings/people-data',
      '/settings/audiences',
      '/installation-guide',
      '/settings/delivery',
      '/settings/messenger',
      '/settings/conversations',
      '/notifications',
      '/tags',
      '/workspaces',
      '/forbidden',
      '/no-such-page',
    ];
// Each screen once per language, each language in the other theme: both directions and both themes
// are checked on every screen. The colours (what axe's contrast rule measures) come from the theme's
// tokens, which do not depend on the language, so English in dark and Arabic in light would check the
// same colours a second time (at about 9 s a screen).
const VARIANTS = [
  { lng: 'en', theme: 'light' },
  { lng: 'ar', theme: 'dark' },
] as const;

/** The screen has drawn its content: nothing busy, no skeleton (after a page load, the network quiet too). */
async function settle(page: Page, pageLoad = true) {
  // After a page load, its requests; after a client-side navigation, the screen's own busy and
  // skeleton states say it is drawn. The network of a whole console never has to go quiet: a request
  // some earlier screen left running (an e-mail preview's image on an unreachable host) would hold
  // every later screen at networkidle's 20 s time-out.
  if (pageLoad) await page.waitForLoadState('networkidle').catch(() => {});
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('.chakra-skeleton, [data-scope="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
  // The website script's surfaces drawn in the console (the popup and messenger previews) fade in:
  // axe measures colour contrast as drawn, so text caught mid-fade reads faint. Finite animations
  // (shadow roots included) are awaited; a spinner's endless one is not.
  // Chromium's document.getAnimations() leaves out shadow trees: each shadow root is asked too.
  await page.evaluate(() => {
    const roots: (Document | ShadowRoot)[] = [document];
    for (const element of document.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    const running = roots.flatMap((root) => root.getAnimations()).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
    return Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((done) => setTimeout(done, 5_000))]);
  });
}

/**
 * Opens a route: the first with a page load, the next ones as the console's own links do (the router
 * follows history), so each screen costs its own code and calls, not a reboot of the console.
 */
async function open(page: Page, route: string, first: boolean) {
  if (first) {
    await page.goto(route);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await expect(page).toHaveURL((url) => url.pathname + url.search === route);
}

async function violationsOf(page: Page, route: string, first = true): Promise<string[]> {
  await open(page, route, first);
  await settle(page, first);
  // A frame that runs no script (the e-mail preview's sandbox="") cannot host axe: its injection into
  // such a frame waits forever. What axe checks of the frame from outside is its name: checked here,
  // and the frame is left out of the scan.
  const scriptless = 'iframe[sandbox]:not([sandbox*="allow-scripts"])';
  for (const frame of await page.locator(scriptless).all()) await expect(frame).toHaveAttribute('title', /\S/);
  const { violations } = await new AxeBuilder({ page }).exclude(scriptless).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${route} ${v.id} (${v.impact}): ${v.nodes
          .map((n) => `${n.target.join(' ')} ${process.env.AXE_DEBUG ? `${n.html.slice(0, 160)} ${n.failureSummary?.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`)
          .slice(0, 4)
          .join(' | ')}`,
    );
}

async function useVariant(page: Page, variant: (typeof VARIANTS)[number]) {
  await page.addInitScript(
    ([lng, theme]) => {
      localStorage.setItem('i18nextLng', lng);
      localStorage.setItem('theme', theme);
    },
    [variant.lng, variant.theme] as const,
  );
}

test.describe('accessibility (axe-core: no serious or critical violation)', () => {
  for (const variant of VARIANTS) {
    test(`public screens, ${variant.lng}, ${variant.theme}`, async ({ page }) => {
      await useVariant(page, variant);
      const found: string[] = [];
      for (const route of PUBLIC_ROUTES) found.push(...(await violationsOf(page, route)));
      expect(found, found.join('\n')).toEqual([]);
    });

    test(`signed-in screens, ${variant.lng}, ${variant.theme}`, async ({ signedInPage: page }) => {
      // About 9 s a screen (load, settle, axe) on a busy 2-core machine: the budget grows with the list.
      test.setTimeout(30_000 + SIGNED_IN_ROUTES.length * 12_000);
      await useVariant(page, variant);
      const found: string[] = [];
      for (const [i, route] of SIGNED_IN_ROUTES.entries()) found.push(...(await violationsOf(page, route, i === 0)));
      expect(found, found.join('\n')).toEqual([]);
    });
  }
});

test('the first Tab stop skips to the content, past the sidebar and the header', async ({ signedInPage: page }) => {
  await page.goto('/role');
  await settle(page);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-to-content');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
});
