import { test, expect, uniqueEmail } from '../fixtures';
import { InvitationsPage } from '../pages/InvitationsPage';
import { InvitationConfirmPage } from '../pages/InvitationConfirmPage';

test.describe('invitations', () => {
  test('the owner invites an Editor; the teammate sets a password from the mail, signs in and sees only what Editor allows', async ({
    signedInPage: page,
    outbox,
    loginPage,
    shell,
  }) => {
    const invitations = new InvitationsPage(page);
    const email = uniqueEmail('invitee');
    const password = 'Invited-pass-1';

    await invitations.navigate();
    const since = new Date(Date.now() - 1000);
    await invitations.invite(email, 'Editor');
    await invitations.expectSuccessToast('successfully sent');
    await expect(invitations.form).toBeHidden();
    const row = invitations.row(email);
    await expect(row).toBeVisible();
    await expect(row).toContainText('Editor');
    await expect(row.getByTestId('invitation-status-pending')).toBeVisible();

    // The mail in the outbox carries the single-use /confirm link.
    const mail = await outbox.waitFor(email, { since });
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]);
    expect(link.pathname).toBe('/confirm');
    expect(link.searchParams.get('email')).toBe(email);

    // The teammate, in a fresh session, opens the link and chooses a password.
    await page.context().clearCookies();
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    const confirm = new InvitationConfirmPage(page);
    await confirm.open(mail.links[0]);
    await expect(page.getByText(email)).toBeVisible();
    await confirm.setPassword(password);
    await confirm.expectPath('/login');

    // LoginPage.login waits for the welcome toast and /dashboard.
    await loginPage.login(email, password);
    await shell.expectLayout();
    // Editor holds no get_role and no get_invitations: neither entry is in the sidebar.
    await expect(shell.navLink('/dashboard')).toBeVisible();
    await expect(shell.navLink('/role')).toHaveCount(0);
    await expect(shell.navLink('/invitations')).toHaveCount(0);

    await shell.navigateTo('/role');
    await shell.expectForbidden();
    await expect(shell.sidebar).toBeVisible();

    // The link was used: opening it again and submitting is refused, and the page says what to do.
    await confirm.open(mail.links[0]);
    await confirm.setPassword(password);
    await expect(confirm.deadLink).toContainText('This invitation link is invalid or has expired');
    await expect(confirm.deadLink).toContainText('Ask the person who invited you to send a new invitation.');
    await expect(confirm.form).toBeHidden();
  });
});
