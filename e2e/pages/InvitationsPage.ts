import { expect, type Locator, type Page } from '@playwright/test';
import { ListPage } from './ListPage';

/** /invitations (settings remote): the sent invitations; invite, search, delete. */
export class InvitationsPage extends ListPage {
  public static readonly path = '/invitations';

  public readonly inviteButton: Locator;
  public readonly form: Locator;
  public readonly emailInput: Locator;
  public readonly roleSelect: Locator;
  public readonly submitButton: Locator;
  public readonly searchInput: Locator;

  public constructor(page: Page) {
    super(page, 'invitations-table');
    this.inviteButton = page.getByTestId('invite-button');
    this.form = page.getByTestId('invitation-form');
    this.emailInput = this.form.locator('input[name="email"]');
    this.roleSelect = this.form.getByTestId('invitation-role');
    this.submitButton = this.form.getByTestId('submit-button');
    this.searchInput = page.getByTestId('invitation-search');
  }

  public async navigate(): Promise<void> {
    await this.navigateTo(InvitationsPage.path);
    await this.expectLoaded();
  }

  /** Opens the dialog and sends an invitation to `email` with the role named `role`. */
  public async invite(email: string, role: string): Promise<void> {
    await this.inviteButton.click();
    await expect(this.form).toBeVisible();
    await this.emailInput.fill(email);
    await expect(this.roleSelect.locator('option', { hasText: role })).toHaveCount(1);
    await this.roleSelect.selectOption({ label: role });
    await this.submitButton.click();
  }
}
