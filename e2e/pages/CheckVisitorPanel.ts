import { expect, type Locator, type Page } from '@playwright/test';

/** "Check a visitor" on an item's view screen: who, which page, and the server's steps. */
export class CheckVisitorPanel {
  public readonly root: Locator;
  public readonly who: Locator;
  public readonly personInput: Locator;
  public readonly visitorId: Locator;
  public readonly url: Locator;
  public readonly submit: Locator;
  public readonly verdict: Locator;

  public constructor(page: Page) {
    this.root = page.getByTestId('check-visitor');
    this.who = this.root.getByTestId('check-visitor-who');
    this.personInput = this.root.getByTestId('check-visitor-person-input');
    this.visitorId = this.root.getByTestId('check-visitor-visitor-id');
    this.url = this.root.getByTestId('check-visitor-url');
    this.submit = this.root.getByTestId('check-visitor-submit');
    this.verdict = this.root.getByTestId('check-visitor-verdict');
  }

  /** Types part of a person's name, e-mail or id, and picks them with the keyboard once listed. */
  public async choosePerson(search: string, memberId: string): Promise<void> {
    await this.personInput.fill(search);
    const option = this.root.page().getByTestId(`check-visitor-person-${memberId}`);
    await expect(option).toBeVisible({ timeout: 10_000 });
    // The search answers after a short pause: until then the list still shows the earlier results,
    // so wait for the searched person to head the list before picking the first option.
    const options = this.root.page().getByTestId('check-visitor-people').locator('[data-testid^="check-visitor-person-"]');
    await expect(options.first()).toHaveAttribute('data-testid', `check-visitor-person-${memberId}`, { timeout: 10_000 });
    await this.personInput.press('ArrowDown');
    await this.personInput.press('Enter');
    await expect(this.personInput).toHaveValue(new RegExp(memberId));
  }

  public async explain(url: string): Promise<void> {
    await this.url.fill(url);
    await this.submit.click();
    await expect(this.verdict).toBeVisible({ timeout: 15_000 });
  }

  public step(check: string): Locator {
    return this.root.getByTestId(`check-visitor-step-${check}`);
  }
}
