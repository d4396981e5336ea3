import type { Response, Route } from '@playwright/test';
import { test, expect, SEEDED_ADMIN, uniqueEmail } from '../fixtures';
import { Outbox } from '../support/outbox';
import { LoginPage } from '../pages/LoginPage';
import { ResetPasswordPage } from '../pages/PasswordResetPages';
import type { SuiteState } from '../support/state';
import { scaled } from '../../tooling/test-time-scale.cjs';

const isRefresh = (r: Response) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh-token';
const isProfileUpdate = (r: Response) => r.request().method() === 'PUT' && new URL(r.url()).pathname === '/api/users/profile-update';

/** The access tokens' lifetime, when the API was started with a short one (the test is skipped otherwise), with time given to the test to outlive it. */
function shortTokenLifetime(product: SuiteState): number {
  const ttl = product.accessTokenTtlSeconds;
  test.skip(!ttl || ttl > 30, 'needs the API started with a short ACCESS_TOKEN_TTL_SECONDS');
  test.setTimeout(scaled(60_000) + ttl! * 2000);
  return ttl!;
}

test.describe('session', () => {
  test('an access token that expires mid-session is refreshed without the user noticing', async ({
    product,
    api,
    formSignedInPage: page,
    shell,
    profilePage,
    dashboardPage,
  }) => {
    const ttl = shortTokenLifetime(product);

    // Signed in through the form; from here on the page is never reloaded.
    const refreshes: Response[] = [];
    const profileUpdates: number[] = [];
    page.on('response', (r) => {
      if (isRefresh(r)) refreshes.push(r);
      if (isProfileUpdate(r)) profileUpdates.push(r.status());
    });
    await shell.openProfile();
    await profilePage.expectLoaded();
    const signedInAt = Date.now();

    // Past the access token's lifetime, the user saves their name.
    await page.waitForTimeout(Math.max(0, ttl * 1000 + 1500 - (Date.now() - signedInAt)));
    const name = `Signpost Admin ${Date.now().toString(36)}`;
    try {
      await profilePage.saveName(name);
      await profilePage.expectSuccessToast('Profile updated');
      await expect(profilePage.profileMenu).toContainText(name);
      await profilePage.expectPath('/profile');

      // The save met an expired token (401), one refresh answered 200, and the replay succeeded.
      await expect.poll(() => profileUpdates).toEqual([401, 200]);
      expect(refreshes.map((r) => r.status())).toEqual([200]);
      await expect(page.getByTestId('login-form')).toHaveCount(0);

      // A reload after another lifetime: the session goes on, no detour through /login.
      await page.waitForTimeout(ttl * 1000 + 500);
      const before = refreshes.length;
      const navigations: string[] = [];
      page.on('framenavigated', (f) => {
        if (f === page.mainFrame()) navigations.push(new URL(f.url()).pathname);
      });
      await dashboardPage.navigate();
      await dashboardPage.expectGreeting(name, SEEDED_ADMIN.website);
      expect(navigations).not.toContain('/login');
      await expect.poll(() => refreshes.slice(before).map((r) => r.status())).toEqual([200]);
    } finally {
      await api.updateProfile(await api.loginAsAdmin(), {
        name: 'Signpost Admin',
        email: SEEDED_ADMIN.email,
      });
    }
  });

  test('a session restore slower than the rehydrate time-out keeps the person signed in', async ({ signedInPage: page, shell }) => {
    // The console's STATE_REHYDRATE_TIMEOUT_MS (contracts/src/ui-timings.ts); the user call is held longer.
    const rehydrateTimeoutMs = 5000;
    const heldMs = rehydrateTimeoutMs + 1500;
    test.setTimeout(scaled(60_000) + heldMs);
    const held: string[] = [];
    // The server answers at once; its answer reaches the page only after heldMs, as from a slow
    // machine. Only the user call is held: the suite's access tokens live 8 s, and a refresh answer
    // held as long would hand the page a token that expires before it is used.
    const slow = async (route: Route) => {
      held.push(new URL(route.request().url()).pathname);
      const response = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, heldMs));
      await route.fulfill({ response });
    };
    // The e2e access tokens are short-lived, so a reload refreshes first, then asks for the user.
    await page.route('**/api/users/me', slow);
    const navigations: string[] = [];
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) navigations.push(new URL(f.url()).pathname);
    });

    await page.reload();
    // Past the time-out the loader says the restore is slow, and keeps waiting.
    await expect(page.getByTestId('loader-overlay')).toContainText('Still opening your session', { timeout: rehydrateTimeoutMs + scaled(5000) });
    // Signed in, where they were: the header's account menu with their name (what the session shows,
    // whether or not the dashboard's own bundle loads in time on a busy machine).
    await expect(shell.profileMenu).toContainText('Signpost Admin', { timeout: scaled(20_000) });
    await shell.expectPath('/dashboard');
    expect(held).toContain('/api/users/me');
    expect(navigations).not.toContain('/login');
    await expect(page.getByTestId('login-form')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('refresh_token'))).toBeTruthy();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });

  test('sign out leads to /login, and a guarded URL then sends the visitor to /login', async ({ formSignedInPage: page, shell, loginPage }) => {
    await shell.expectLayout();
    await shell.signOut();
    await loginPage.expectOnLoginPage();
    expect(await page.evaluate(() => [localStorage.getItem('access_token'), localStorage.getItem('refresh_token')])).toEqual([null, null]);

    await shell.navigateTo('/dashboard');
    await loginPage.expectOnLoginPage();
    await expect(shell.sidebar).toHaveCount(0);
    await shell.navigateTo('/profile');
    await loginPage.expectOnLoginPage();
  });

  test('two tabs refreshing at the same moment both stay signed in', async ({ product, formSignedInPage: first, shell }) => {
    const ttl = shortTokenLifetime(product);
    await shell.expectLayout();
    // A second tab of the same browser: the same stored session.
    const second = await first.context().newPage();
    await second.goto('/dashboard');
    await expect(second.getByRole('heading', { level: 1 })).toHaveText('Dashboard', { timeout: scaled(20_000) });

    const refreshes: number[] = [];
    for (const tab of [first, second]) tab.on('response', (r) => isRefresh(r) && refreshes.push(r.status()));
    // Without Web Locks (older browsers; tabs of two windows that do not coordinate), both tabs send the
    // same refresh token at the same moment: the server's reuse interval must answer both.
    await first.context().addInitScript(() => Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }));
    // Both refreshes are held until both were sent, so both carry the same (not yet rotated) token.
    let held = 0;
    let bothSent: () => void = () => {};
    const barrier = new Promise<void>((resolve) => (bothSent = resolve));
    await first.context().route('**/api/auth/refresh-token', async (route) => {
      if (++held === 2) bothSent();
      await Promise.race([barrier, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    // Past the access token's lifetime, both tabs load at the same moment: each needs a new token.
    await first.waitForTimeout(ttl * 1000 + 1500);
    await Promise.all([first.reload(), second.reload()]);

    for (const tab of [first, second]) {
      await expect(tab).toHaveURL(/\/dashboard$/);
      await expect(tab.getByRole('heading', { level: 1 })).toHaveText('Dashboard', { timeout: scaled(20_000) });
      await expect(tab.getByTestId('login-form')).toHaveCount(0);
    }
    expect(refreshes.length).toBe(2);
    expect(held).toBe(2);
    expect(refreshes.every((status) => status === 200)).toBe(true);
    // And the session goes on in both: a signed-in screen opens in each.
    for (const tab of [first, second]) {
      await tab.goto('/role');
      await expect(tab.getByRole('heading', { level: 1 })).toBeVisible({ timeout: scaled(20_000) });
      await expect(tab).toHaveURL(/\/role$/);
    }
    await second.close();
  });

  test('signing out after the access token expired leaves the refresh token unusable', async ({
    product,
    formSignedInPage: page,
    shell,
    loginPage,
    request,
  }) => {
    const ttl = shortTokenLifetime(product);
    await shell.expectLayout();
    const refreshToken = await page.evaluate(() => localStorage.getItem('refresh_token'));
    expect(refreshToken).toBeTruthy();
    // No request in between: the stored access token is expired when the user signs out.
    await page.waitForTimeout(ttl * 1000 + 1500);
    const logout = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/logout');
    await shell.signOut();
    expect((await logout).status()).toBe(200);
    await loginPage.expectOnLoginPage();
    // The refresh token the page held is revoked: the API refuses it.
    const replay = await request.post(`${product.apiURL}/api/auth/refresh-token`, { data: { refresh_token: refreshToken } });
    expect(replay.status()).toBe(401);
  });

  test('forgot password: the link from the outbox sets a new password; the old one stops working', async ({
    api,
    outbox,
    forgotPasswordPage,
    resetPasswordPage,
    loginPage,
    dashboardPage,
  }) => {
    const email = SEEDED_ADMIN.email;
    const oldPassword = SEEDED_ADMIN.password;
    const newPassword = `Reset-${Date.now().toString(36)}-A1`;
    try {
      await loginPage.navigate();
      await loginPage.forgotPasswordLink.click();
      await forgotPasswordPage.expectPath('/forget-password');
      const since = new Date(Date.now() - 1000);
      await forgotPasswordPage.requestLink(email);

      const mail = await outbox.waitFor(email, { since });
      const link = Outbox.resetLink(mail);
      await resetPasswordPage.open(link);
      await resetPasswordPage.reset(newPassword);
      await resetPasswordPage.expectSuccessToast(ResetPasswordPage.successMessage);
      await loginPage.expectOnLoginPage();

      // The old password no longer works…
      await loginPage.submit(email, oldPassword);
      await loginPage.expectFormError('Invalid email or password');
      await loginPage.expectPath('/login');
      // …the new one does.
      await loginPage.passwordInput.fill(newPassword);
      await loginPage.submitButton.click();
      await loginPage.expectLoginSuccess();
      await dashboardPage.expectGreeting('Signpost Admin', SEEDED_ADMIN.website);
    } finally {
      // Put the seeded password back (through the same reset calls) for the tests that follow.
      if ((await api.loginStatus(email, oldPassword)) !== 200) await api.resetPasswordThroughOutbox(outbox, email, oldPassword);
    }
    expect(await api.loginStatus(email, oldPassword)).toBe(200);
  });

  test('six wrong passwords in a row get the rate-limit message', async ({ loginPage, page }) => {
    // A dedicated, unknown address: the limit counts per account even for unknown e-mails.
    const email = uniqueEmail('locked');
    await loginPage.navigate();
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login');
      await loginPage.submit(email, `wrong-password-${attempt}`);
      expect((await answer).status(), `attempt ${attempt}`).toBe(401);
      await loginPage.expectFormError('Invalid email or password');
    }
    const sixth = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/auth/login');
    await loginPage.submit(email, 'wrong-password-6');
    expect((await sixth).status()).toBe(429);
    await loginPage.expectFormError(/Too many failed sign-in attempts\. Try again in \d+ seconds?\./);
    await loginPage.expectPath(LoginPage.path);
  });
});
