/* eslint-disable react-hooks/rules-of-hooks -- Playwright's fixture callback is called `use`; it is not a React hook. */
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { SEEDED_ADMIN, SignpostApi } from './support/api';
import { ProductControl } from './support/control';
import { Outbox } from './support/outbox';
import { unique } from './support/names';
import { publishBanner, publishPopup, publishPush, removeContent, type PopupSpec, type PushSpec, type BannerSpec } from './support/publish';
import { readState, type SuiteState } from './support/state';
import { DashboardPage } from './pages/DashboardPage';
import { DemoSitePage } from './pages/DemoSitePage';
import { LoginPage } from './pages/LoginPage';
import { ProfilePage } from './pages/ProfilePage';
import { ShellPage } from './pages/ShellPage';
import { ForgotPasswordPage, ResetPasswordPage, ResetWaitPage } from './pages/PasswordResetPages';
import { scaled } from '../tooling/test-time-scale.cjs';

interface WorkerFixtures {
  /** What globalSetup wrote: URLs, data folder, control API. */
  product: SuiteState;
  /** HTTP client of the API, for set-up (users, roles, tokens). */
  api: SignpostApi;
}

/** A visitor of the demo customer site: its page object, its tab, and closing its browser context. */
export interface Visitor {
  site: DemoSitePage;
  page: Page;
  close: () => Promise<void>;
}

interface TestFixtures {
  /**
   * Whether the shared demo website has its published content cancelled before each test (`before`), and
   * after it too (`around`), so a test sees on the demo site only what it publishes. Set per describe with test.use.
   */
  nothingPublished: 'no' | 'before' | 'around';
  /** Cancels the demo website's published content as `nothingPublished` says (an automatic fixture). */
  publishedReset: void;
  /**
   * Opens a new visitor of the demo site: a fresh browser context (no storage, so a new visitor id) in
   * `locale` (en-GB unless said), closed by `close()` or at the end of the test.
   */
  visitor: (locale?: string) => Promise<Visitor>;
  /**
   * Publishes through the console's editors as the signed-in owner (signedInPage), each item in a new
   * workspace named after `workspace`; answers the item's id. What a test published is deleted when it ends.
   */
  publish: {
    popup: (spec: PopupSpec, workspace?: string) => Promise<string>;
    push: (spec: PushSpec, workspace?: string) => Promise<string>;
    banner: (spec: BannerSpec, workspace?: string) => Promise<string>;
  };
  /** The API's mail outbox; the test is skipped when the data folder is unknown. */
  outbox: Outbox;
  /** Stop/start one app of the product; the test is skipped without the control API. */
  control: ProductControl;
  /**
   * A page signed in as the seeded owner, on /dashboard: a session of its own made over the API and
   * stored where the console keeps it, as the sign-in form would. The form itself is tested by the
   * sign-in specs; going through it before every other test cost a sign-in page load per test.
   */
  signedInPage: Page;
  /** A page signed in through the console's form as the seeded owner, on /dashboard (the session specs). */
  formSignedInPage: Page;
  loginPage: LoginPage;
  shell: ShellPage;
  dashboardPage: DashboardPage;
  profilePage: ProfilePage;
  forgotPasswordPage: ForgotPasswordPage;
  resetWaitPage: ResetWaitPage;
  resetPasswordPage: ResetPasswordPage;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  product: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(readState());
    },
    { scope: 'worker' },
  ],
  api: [
    async ({ product }, use) => {
      await use(new SignpostApi(product.apiURL));
    },
    { scope: 'worker' },
  ],
  outbox: async ({ product }, use, testInfo) => {
    testInfo.skip(!product.dataDir, 'the API data folder is unknown (set E2E_DATA_DIR with E2E_BASE_URL)');
    await use(new Outbox(product.dataDir!));
  },
  control: async ({ product }, use, testInfo) => {
    testInfo.skip(!product.controlURL, 'no control API (set E2E_CONTROL_URL with E2E_BASE_URL)');
    await use(new ProductControl(product.controlURL!));
  },
  nothingPublished: ['no', { option: true }],
  publishedReset: [
    async ({ nothingPublished, api }, use) => {
      if (nothingPublished !== 'no') await api.cancelPublished(await api.loginAsAdmin());
      await use();
      if (nothingPublished === 'around') await api.cancelPublished(await api.loginAsAdmin());
    },
    { auto: true },
  ],
  visitor: async ({ browser, product }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (locale = 'en-GB') => {
      const context = await browser.newContext({ locale });
      contexts.push(context);
      const page = await context.newPage();
      return { site: new DemoSitePage(page, product.demoSiteURL), page, close: () => context.close() };
    });
    // Closing a closed context is a no-op: these are the ones a failed test left open.
    for (const context of contexts) await context.close();
  },
  publish: async ({ signedInPage: page, api }, use) => {
    const published: Parameters<typeof removeContent>[1] = [];
    const track = async (kind: 'popup' | 'push' | 'banner', publishing: Promise<string>): Promise<string> => {
      const id = await publishing;
      published.push({ kind, id });
      return id;
    };
    await use({
      popup: (spec, workspace) => track('popup', publishPopup(page, spec, workspace)),
      push: (spec, workspace) => track('push', publishPush(page, spec, workspace)),
      banner: (spec, workspace) => track('banner', publishBanner(page, spec, workspace)),
    });
    await removeContent(api, published);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new ShellPage(page)),
  dashboardPage: async ({ page }, use) => use(new DashboardPage(page)),
  profilePage: async ({ page }, use) => use(new ProfilePage(page)),
  forgotPasswordPage: async ({ page }, use) => use(new ForgotPasswordPage(page)),
  resetWaitPage: async ({ page }, use) => use(new ResetWaitPage(page)),
  resetPasswordPage: async ({ page }, use) => use(new ResetPasswordPage(page)),
  signedInPage: async ({ page, api, product, shell }, use) => {
    // Its own session (the refresh token rotates on use: two tests sharing one would revoke each other's).
    const session = await api.loginAsAdmin();
    // The console's origin without booting the console: a blank document, only to write its storage.
    const blank = new URL('/__e2e-blank', product.baseURL).href;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>e2e</title>' }));
    await page.goto(blank);
    await page.evaluate((s) => {
      // The keys of shared-auth/src/storage.ts, written as the sign-in form writes them.
      localStorage.setItem('access_token', s.accessToken);
      localStorage.setItem('refresh_token', s.refreshToken);
      localStorage.setItem('refresh_token_expires_at', s.refreshTokenExpiresAt);
      if (s.activeWebsite) localStorage.setItem('activeWebsite', s.activeWebsite);
    }, session);
    await page.unroute(blank);
    await shell.navigateTo('/dashboard');
    // Signed in: the header's account menu (the sidebar is folded away on a phone).
    await expect(shell.profileMenu).toBeVisible({ timeout: scaled(20_000) });
    await shell.expectPath('/dashboard');
    await use(page);
  },
  formSignedInPage: async ({ page, loginPage }, use) => {
    await loginPage.navigateAndLogin(SEEDED_ADMIN.email, SEEDED_ADMIN.password);
    await use(page);
  },
});

export { expect, SEEDED_ADMIN, unique };

/** A unique, valid e-mail for one test run (the suite can run again on the same data). */
export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.test`;
}
