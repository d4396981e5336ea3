import { expect } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /group/create (create_group) and /group/{id}/update (update_group): the group's name and its members picker. */
export class GroupFormPage extends withTestIds(ShellPage, {
  form: 'group-form',
  submitButton: 'group-submit',
}) {
  public static readonly createPath = '/group/create';

  public readonly nameInput = this.form.locator('input[name="name"]');
  public readonly search = this.form.getByTestId('member-search');
  public readonly results = this.form.getByTestId('member-results');
  public readonly selected = this.form.getByTestId('selected-members');
  public readonly selectedCount = this.form.getByTestId('selected-count');
  public readonly membersError = this.form.getByTestId('members-error');

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
