import { expect } from '@playwright/test';
import { listScreen } from './ListPage';
import { withTestIds } from './withTestIds';

/** /invitations (settings remote): the sent invitations; invite, search, delete. */
export class InvitationsPage extends withTestIds(listScreen({ path: '/invitations', table: 'invitations-table' }), {
  inviteButton: 'invite-button',
  form: 'invitation-form',
  searchInput: 'invitation-search',
}) {
  public readonly emailInput = this.form.locator('input[name="email"]');
  public readonly roleSelect = this.form.getByTestId('invitation-role');
  public readonly submitButton = this.form.getByTestId('submit-button');

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
