import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The demo customer site (demo-site/, http://localhost:3005): a small single-page app with the
 * website script installed through its snippet. The script draws each surface in an open shadow
 * root; Playwright's locators pierce open shadow roots, so the surfaces are found like page content.
 */
export class DemoSitePage {
  public readonly main: Locator;
  public readonly visitorState: Locator;
  public readonly visitorToggle: Locator;
  public readonly fullPageLink: Locator;
  public readonly notice: Locator;

  public constructor(
    public readonly page: Page,
    public readonly baseURL: string,
  ) {
    this.main = page.getByTestId('demo-page');
    this.visitorState = page.getByTestId('visitor-state');
    this.visitorToggle = page.getByTestId('visitor-toggle');
    this.fullPageLink = page.getByTestId('full-page-link');
    this.notice = page.getByTestId('demo-notice');
  }

  /** Opens a page of the site (`/pricing`, `/docs?lang=ar`) and waits for the site's own script. */
  public async open(path = '/'): Promise<void> {
    await this.page.goto(`${this.baseURL}${path}`, { waitUntil: 'domcontentloaded' });
    await expect(this.main.getByRole('heading', { level: 1 })).toBeVisible();
    // The snippet is in the page: the demo site is installed (otherwise it says why not).
    await expect(this.notice).toHaveCount(0);
  }

  /** A link of the site's header menu, followed client-side (history.pushState, no reload). */
  public async navigate(name: string): Promise<void> {
    await this.page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name, exact: true }).click();
  }

  /** Marks the current document, so a later check can tell a client-side navigation from a reload. */
  public async markDocument(): Promise<void> {
    await this.page.evaluate(() => ((window as unknown as { __demoMark: boolean }).__demoMark = true));
  }

  public async documentIsMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __demoMark?: boolean }).__demoMark === true);
  }

  public async signInAsAda(): Promise<void> {
    await expect(this.visitorToggle).toHaveText('Sign in as Ada');
    const identified = this.page.waitForResponse((r) => /\/identify$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await this.visitorToggle.click();
    const answer = await identified;
    expect(answer.ok()).toBe(true);
    // The demo site's server signed her id, and the API accepted it (a wrong or missing one answers 401).
    expect(JSON.parse(answer.request().postData() ?? '{}')).toMatchObject({ externalId: 'demo-ada', userHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await expect(this.visitorState).toHaveText('Signed in as Ada Lovelace (plan pro)');
  }

  /** What another site's sign-in would do: `signpost('identify', …)` with the page's own code. Answers the API's status. */
  public async identify(traits: Record<string, string | number | boolean>, { expectOk = true } = {}): Promise<number> {
    const identified = this.page.waitForResponse((r) => /\/identify$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
    await this.page.evaluate((t) => (window as unknown as { signpost: (...args: unknown[]) => void }).signpost('identify', t), traits);
    const status = (await identified).status();
    if (expectOk) expect(status).toBe(200);
    return status;
  }

  /**
   * The ids of the items in the script's first "what to show now" answer to a call made at or after
   * `since` (start waiting before the page view, with `since` taken before it). The script shows
   * exactly what this answer lists, so "not shown" is proved here: a surface is drawn from a lazily
   * loaded chunk some time after the answer, and checking the page for it right away passes even
   * when it is about to appear. A call of the previous document (made before `since`, or whose body
   * went with it) is not taken for this page view's.
   */
  public async contentSince(since: number): Promise<string[]> {
    let ids: string[] | null = null;
    await this.page.waitForResponse(
      async (r) => {
        if (!/\/content$/.test(new URL(r.url()).pathname) || r.request().timing().startTime < since) return false;
        expect(r.ok()).toBe(true);
        try {
          ids = ((await r.json()) as { items: { id: string }[] }).items.map((item) => item.id);
          return true;
        } catch {
          return false;
        }
      },
      { timeout: 20_000 },
    );
    return ids!;
  }

  /** Opens a page of the site (as `open`) and answers the ids of what the script was told to show there. */
  public async openAndWaitForContent(path = '/'): Promise<string[]> {
    const content = this.contentSince(Date.now());
    await this.open(path);
    return content;
  }

  /** Reloads and waits for the script's "what to show now" answer for this page view: the ids of its items. */
  public async reloadAndWaitForContent(): Promise<string[]> {
    const content = this.contentSince(Date.now());
    await this.page.reload({ waitUntil: 'domcontentloaded' });
    return content;
  }

  /** A popup: a modal dialog named by its title. */
  public popup(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  /** A banner: a region named by its title. */
  public banner(title: string): Locator {
    return this.page.getByRole('region', { name: title });
  }

  /** A push notification: a status card holding its title. */
  public push(title: string): Locator {
    return this.page.getByRole('status').filter({ hasText: title });
  }

  /**
   * Waits until the script has delivered an event (`view`, `close`) about a content item to the API:
   * what the server knows from then on.
   */
  public async eventDelivered(type: string, contentId: string): Promise<void> {
    const response = await this.page.waitForResponse(
      (r) => {
        if (!/\/events$/.test(new URL(r.url()).pathname) || r.request().method() !== 'POST') return false;
        const sent = JSON.parse(r.request().postData() ?? '{}') as { events?: { type: string; contentId?: string }[] };
        return (sent.events ?? []).some((e) => e.type === type && e.contentId === contentId);
      },
      { timeout: 20_000 },
    );
    expect(response.ok()).toBe(true);
  }

  /** Resolves with the ids of the script's next "what to show now" answer (start waiting before the action that asks). */
  public nextContent(): Promise<string[]> {
    return this.page
      .waitForResponse((r) => /\/content$/.test(new URL(r.url()).pathname))
      .then(async (r) => ((await r.json()) as { items: { id: string }[] }).items.map((i) => i.id));
  }

  /** The computed style of a surface's host element in the page (`signpost-popup`…), as the page's CSS reaches it. */
  public async hostStyle(kind: 'popup' | 'banner' | 'push'): Promise<{ focused: boolean; boxShadow: string; outlineStyle: string }> {
    return this.page.evaluate((tag) => {
      const host = document.querySelector(tag)!;
      const style = getComputedStyle(host);
      return { focused: host.matches(':focus'), boxShadow: style.boxShadow, outlineStyle: style.outlineStyle };
    }, `signpost-${kind}`);
  }

  /** The writing direction a surface renders with (its `dir`, inherited inside the shadow root). */
  public async direction(surface: Locator): Promise<string> {
    return surface.evaluate((el) => getComputedStyle(el).direction);
  }
}
