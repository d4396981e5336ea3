import type { Page } from '@playwright/test';
import { test, expect } from '../fixtures';
import { LoginPage } from '../pages/LoginPage';
import { PopupListPage } from '../pages/PopupListPage';
import { RoleListPage } from '../pages/RoleListPage';

/**
 * The console under its Content-Security-Policy: the page carries a strict policy
 * (scripts only from itself, its inline scripts' hashes and the remotes' folders), and nothing the
 * console does while signing in and opening screens of three remotes is refused by it.
 */

/** `directive → sources` of a CSP header. */
const parseCsp = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

/**
 * Every CSP refusal on the page, across navigations: the browser's own console report ("Refused to …
 * because it violates the following Content Security Policy directive") and the
 * `securitypolicyviolation` event, forwarded to the console by a script Playwright adds to every
 * document (init scripts run outside the page's CSP).
 */
async function recordViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|csp-violation/i.test(text)) violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`csp-violation ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

test.describe('content security policy', () => {
  test("the console's page carries a strict CSP, and no CORS", async ({ page }) => {
    const response = await page.goto(LoginPage.path);
    expect(response?.status()).toBe(200);
    const headers = response!.headers();
    const csp = parseCsp(headers['content-security-policy']);
    expect(csp['script-src']).toContain("'self'");
    expect(csp['script-src']).not.toContain("'unsafe-inline'");
    expect(csp['script-src']).not.toContain("'unsafe-eval'");
    expect(csp['script-src'].filter((s: string) => s.startsWith("'sha256-"))).toHaveLength(2);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(headers['access-control-allow-origin']).toBeUndefined();
    // Each remote's folder, from the runtime config, is allowed to run scripts.
    const config = await (await page.request.get('/runtime-config.json')).json();
    for (const remote of config.remotes as { entry: string }[]) {
      expect(csp['script-src']).toContain(remote.entry.replace(/[^/]*$/, ''));
    }
  });

  test('signing in and opening the dashboard, popups and roles reports no CSP violation', async ({ page, loginPage, dashboardPage }) => {
    const violations = await recordViolations(page);
    // The prerendered sign-in page (its inline scripts run before paint), the live form, then a full
    // page load into the federated console, which loads remote-dashboard from its own origin.
    await loginPage.signInAsSeededOwner(dashboardPage);
    // Two more remotes, each from its own origin.
    await new PopupListPage(page).navigate();
    await new RoleListPage(page).navigate();
    expect(violations).toEqual([]);
  });
});
