import { test, expect, uniqueEmail } from '../fixtures';

/**
 * Changing one's e-mail on /profile needs the current password, and the change
 * takes effect only once the link mailed to the new address is followed (/confirm?email_token=…).
 */
test.describe('profile e-mail change', () => {
  test('asks for the current password, waits for the link, and the link makes the change', async ({ api, outbox, loginPage, profilePage, page }) => {
    const admin = await api.loginAsAdmin();
    const roles = await api.roleIds(admin);
    const email = uniqueEmail('mover');
    const password = 'Mover-pass-123';
    await api.createOrgUser(admin, { name: 'Morgan Mover', email, password, roles: [roles.Editor] });

    await loginPage.navigateAndLogin(email, password);
    await profilePage.navigate();

    const newEmail = uniqueEmail('moved');
    // Without the password: a message on the field, nothing sent.
    await profilePage.requestEmailChange(newEmail, null);
    await expect(profilePage.profileForm).toContainText('Enter your current password to change your email');

    const since = new Date(Date.now() - 1000);
    await profilePage.currentPasswordInput.fill(password);
    await profilePage.saveButton.click();
    await profilePage.expectSuccessToast(`We sent a confirmation link to ${newEmail}`);
    await expect(profilePage.pendingEmail).toContainText(newEmail);
    // Nothing changed yet: the form shows the current address, which still signs in.
    await expect(profilePage.emailInput).toHaveValue(email);
    expect(await api.loginStatus(newEmail, password)).toBe(401);

    const mail = await outbox.waitFor(newEmail, { since });
    const link = mail.links.find((l) => l.includes('/confirm?email_token='));
    expect(link, 'the confirmation link').toBeTruthy();
    await page.goto(link!);
    const confirm = page.getByTestId('email-confirm');
    await confirm.getByRole('button', { name: 'Confirm my new email' }).click();
    await expect(confirm).toContainText('Your email has been changed');

    expect(await api.loginStatus(newEmail, password)).toBe(200);
    expect(await api.loginStatus(email, password)).toBe(401);
  });
});
