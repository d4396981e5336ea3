import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /group/create (create_group) and /group/{id}/update (update_group): the group's name and its members picker. */
export class GroupFormPage extends ShellPage {
  public static readonly createPath = '/group/create';

  public readonly heading: Locator;
  public readonly form: Locator;
  public readonly nameInput: Locator;
  public readonly search: Locator;
  public readonly results: Locator;
  public readonly selected: Locator;
  public readonly selectedCount: Locator;
  public readonly membersError: Locator;
  public readonly submitButton: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.form = page.getByTestId('group-form');
    this.nameInput = this.form.locator('input[name="name"]');
    this.search = this.form.getByTestId('member-search');
    this.results = this.form.getByTestId('member-results');
    this.selected = this.form.getByTestId('selected-members');
    this.selectedCount = this.form.getByTestId('selected-count');
    this.membersError = this.form.getByTestId('members-error');
    this.submitButton = page.getByTestId('group-submit');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  /** Searches the website's people for `memberId` and adds that person. */
  public async addMember(memberId: string): Promise<void> {
    await this.search.fill(memberId);
    const add = this.results.getByTestId(`member-add-${memberId}`);
    await expect(add).toBeEnabled();
    await add.click();
    await expect(this.selected.getByTestId(`member-remove-${memberId}`)).toBeVisible();
  }

  public async removeMember(memberId: string): Promise<void> {
    await this.selected.getByTestId(`member-remove-${memberId}`).click();
    await expect(this.selected.getByTestId(`member-remove-${memberId}`)).toHaveCount(0);
  }
}
