import { expect, type Locator, type Page } from '@playwright/test';
import { ShellPage } from './ShellPage';

/** /role/create (create_role) and /role/{id}/edit (update_role): the role's name and its permission cards. */
export class RoleFormPage extends ShellPage {
  public static readonly createPath = '/role/create';

  public readonly heading: Locator;
  public readonly form: Locator;
  public readonly nameInput: Locator;
  public readonly submitButton: Locator;
  public readonly notFoundState: Locator;

  public constructor(page: Page) {
    super(page);
    this.heading = this.main.getByRole('heading', { level: 1 });
    this.form = page.getByTestId('role-form');
    this.nameInput = this.form.locator('input[name="name"]');
    this.submitButton = page.getByTestId('role-submit');
    this.notFoundState = page.getByTestId('role-not-found');
  }

  public async expectLoaded(): Promise<void> {
    await expect(this.form).toBeVisible({ timeout: 20_000 });
  }

  /** The card of one resource of spec section 6 (`checklist`, `pushNotification`…). */
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
