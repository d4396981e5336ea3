import type { Page, Response } from '@playwright/test';
import { test, expect, SEEDED_ADMIN, uniqueEmail } from '../fixtures';

test.describe('sign-in', () => {
  test('the seeded owner signs in and lands on /dashboard, greeted by the dashboard remote', async ({ loginPage, dashboardPage }) => {
    // The greeting is rendered by remote-dashboard from the host's session store: the user's name and website.
    await loginPage.signInAsSeededOwner(dashboardPage);
    await expect(dashboardPage.websiteCard).toContainText(SEEDED_ADMIN.domain);
    await expect(dashboardPage.websiteSwitcher).toContainText(SEEDED_ADMIN.website);
  });

  test("the page checks the form with the login call's schema before any call, in the reader's language, keeping what was typed", async ({
    loginPage,
    page,
  }) => {
    const loginCalls: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/auth/login')) loginCalls.push(request.url());
    });
    await loginPage.navigate();
    // The prerendered page ignores a submit until the sign-in bundle has taken over: click until it answers.
    await expect(async () => {
      await loginPage.submitButton.click();
      await expect(loginPage.form.getByText('Please enter Email')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(loginPage.form.getByText('Please enter Password')).toBeVisible();

    await loginPage.submit('not-an-email', 'some-password');
    await expect(loginPage.form.getByText('Please enter a valid email')).toBeVisible();
    await expect(loginPage.form.getByText('Please enter Password')).toHaveCount(0);
    await expect(loginPage.emailInput).toHaveValue('not-an-email');
    await expect(loginPage.passwordInput).toHaveValue('some-password');

    // Arabic, right to left: the catalogue's text in the reader's language, fetched with the page's.
    await loginPage.navigate('?lng=ar');
    await expect(async () => {
      await loginPage.submitButton.click();
      await expect(loginPage.form.getByText('يرجى ملء حقل «البريد الإلكتروني»')).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    expect(loginCalls).toEqual([]);
  });

  test("a refused sign-in shows the wait of the server's Retry-After, counting down, in English and in Arabic", async ({ loginPage, page }) => {
    // An unknown address of its own: the limit counts per account even for unknown e-mails.
    const email = uniqueEmail('wait');
    await loginPage.navigate();
    // The first submit waits for the sign-in bundle; then each answers.
    expect((await submitUntilAnswered(page, () => loginPage.submit(email, 'wrong-password-1'))).status()).toBe(401);
    for (let attempt = 2; attempt <= 5; attempt++) {
      const answer = page.waitForResponse(isLoginCall);
      await loginPage.submit(email, `wrong-password-${attempt}`);
      expect((await answer).status(), `attempt ${attempt}`).toBe(401);
    }
    const sixth = page.waitForResponse(isLoginCall);
    await loginPage.submit(email, 'wrong-password-6');
    const refused = await sixth;
    expect(refused.status()).toBe(429);
    const wait = Number(refused.headers()['retry-after']);
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(30);
    // The server's wait, not a fixed "1 minute" (a second may have gone by since the answer).
    await loginPage.expectFormError(new RegExp(`^Too many failed sign-in attempts\\. Try again in (${wait}|${wait - 1}) seconds\\.$`));
    // ...counting down.
    await expect.poll(async () => shownSeconds(await loginPage.formError.textContent()), { timeout: 5_000 }).toBeLessThan(wait - 1);

    // In Arabic, right to left: another attempt while the wait lasts is refused (and counts nowhere).
    await loginPage.navigate('?lng=ar');
    const again = await submitUntilAnswered(page, () => loginPage.submit(email, 'wrong-password-7'));
    expect(again.status()).toBe(429);
    const left = Number(again.headers()['retry-after']);
    expect(left).toBeLessThan(wait);
    // 11 to 59 seconds: Arabic's "many" form.
    await expect(loginPage.formError).toHaveText(new RegExp(`^محاولات تسجيل دخول فاشلة كثيرة\\. أعد المحاولة بعد (${left}|${left - 1}) ثانية\\.$`));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});

const isLoginCall = (response: Response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/auth/login';

/** Submits until the login call answers: the prerendered page ignores a submit until the sign-in bundle has taken over. */
async function submitUntilAnswered(page: Page, submit: () => Promise<void>): Promise<Response> {
  let answer: Response | undefined;
  await expect(async () => {
    const next = page.waitForResponse(isLoginCall, { timeout: 5_000 });
    await submit();
    answer = await next;
  }).toPass({ timeout: 20_000 });
  return answer!;
}

/** The number of seconds an English wait message shows. */
function shownSeconds(text: string | null): number {
  const match = /Try again in (\d+) seconds?\./.exec(text ?? '');
  return match ? Number(match[1]) : Number.NaN;
}
