import { expect, type Locator } from '@playwright/test';
import { ShellPage } from './ShellPage';
import { withTestIds } from './withTestIds';

/** /role/create (create_role) and /role/{id}/edit (update_role): the role's name and its permission cards. */
export class RoleFormPage extends withTestIds(ShellPage, {
  form: 'role-form',
  submitButton: 'role-submit',
  notFoundState: 'role-not-found',
}) {
  public static readonly createPath = '/role/create';

  public readonly nameInput = this.form.locator('input[name="name"]');

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  /** The card of one resource (`checklist`, `pushNotification`…). */
  public card(resource: string): Locator {
    return this.form.getByTestId(`permission-card-${resource}`);
  }

  /** The checkbox of one permission string (`duplication_checklist`). */
  public permission(permission: string): Locator {
    return this.form.getByTestId(`permission-${permission}`);
  }

  public async selectAll(resource: string): Promise<void> {
    await this.card(resource).getByTestId('permission-select-all').click();
  }

  public async toggle(permission: string): Promise<void> {
    await this.permission(permission).click();
  }

  public async expectCount(resource: string, text: string): Promise<void> {
    await expect(this.card(resource).getByTestId('permission-count')).toHaveText(text);
  }

  public async expectChecked(permission: string, checked: boolean): Promise<void> {
    await expect(this.permission(permission).locator('input')).toBeChecked({ checked });
  }
}
