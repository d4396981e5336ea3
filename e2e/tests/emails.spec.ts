import { test, expect } from '../fixtures';
import { EmailEditorPage, EmailListPage } from '../pages/EmailPages';
import { LifecyclePanel } from '../pages/LifecyclePanel';
import type { Outbox, OutboxMail } from '../support/outbox';

/** The demo people's addresses (api/src/db/seed-demo-members.ts): `<username>@demo.signpost.local`. */
const DEMO_DOMAIN = '@demo.signpost.local';

/** "amina.haddad12@…" → "Amina": the first name the e-mail's `{{firstName|there}}` gives. */
const firstNameOf = (address: string) => {
  const first = address.split('@')[0].split(/[._-]/)[0];
  return first.charAt(0).toUpperCase() + first.slice(1);
};

/**
 * The campaign mails whose subject starts with `subject`, sent since `since`: to the demo people, and to
 * anyone else the audience matches by then (Ada, once a test signed her in on the demo site).
 */
async function campaignMails(outbox: Outbox, subject: string, since: Date): Promise<OutboxMail[]> {
  return (await outbox.all()).filter((m) => m.subject.startsWith(subject) && new Date(m.createdAt) >= since);
}

async function waitForMails(outbox: Outbox, subject: string, since: Date, count: number): Promise<OutboxMail[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mails = await campaignMails(outbox, subject, since);
    if (mails.length >= count || Date.now() > deadline) return mails;
    await new Promise((r) => setTimeout(r, 250));
  }
}

test.describe('e-mail campaigns', () => {
  test('write a personalised e-mail with a button, test it, send it to the "pro" audience; clicks and unsubscribes count, and the next campaign skips who left', async ({
    signedInPage: page,
    outbox,
    api,
  }) => {
    test.setTimeout(180_000);
    const stamp = Date.now().toString(36);
    const subject = `Pro news ${stamp}`;
    const list = new EmailListPage(page);
    await expect(list.navLink(EmailListPage.path)).toBeVisible({ timeout: 20_000 });
    await list.navLink(EmailListPage.path).click();
    await list.expectLoaded();
    await list.createButton.click();

    const editor = new EmailEditorPage(page);
    await editor.expectLoaded();
    await editor.senderName.fill('Demo team');
    await editor.subject.fill(`${subject} for {{firstName|there}}`);
    await editor.block(1).getByTestId('block-text').fill('Hi {{firstName|there}}, your pro reports are ready.');
    await editor.addButton('Open my reports', 'http://localhost:3005/reports');
    // The preview renders the e-mail as sent, placeholders at their fallbacks, at phone width and in dark too.
    await expect(editor.previewFrame.contentFrame().getByText('Hi there, your pro reports are ready.')).toBeVisible({ timeout: 20_000 });
    await expect(editor.previewFrame.contentFrame().getByRole('link', { name: 'Open my reports' })).toBeVisible();
    // Sent from the product's configured address, under the sender name.
    await expect(page.getByTestId('preview-from')).toHaveText('Demo team <no-reply@signpost.local>');
    await page.getByTestId('preview-width-phone').click();
    await expect(editor.preview).toHaveAttribute('data-width', 'phone');
    await page.getByTestId('preview-theme').click();
    await expect(editor.preview).toHaveAttribute('data-theme', 'dark');

    await editor.target.selectOption('audiences');
    await editor.audiences.getByLabel('Pro customers').check();
    // The count follows the choices: the audience's people (with no audience ticked yet it was 0).
    await expect(editor.recipients).toHaveAttribute('data-target', 'audiences', { timeout: 20_000 });
    await expect.poll(async () => Number(await editor.recipients.getAttribute('data-count')), { timeout: 20_000 }).toBeGreaterThan(1);
    await expect(editor.recipients).toContainText(/\d+ people will receive it now/);
    const expected = Number(await editor.recipients.getAttribute('data-count'));
    await editor.submit.click();
    await editor.expectSuccessToast('E-mail created successfully');

    // Saved as a draft, it opens in its editor: a test to me first.
    await expect(editor.sendTest).toBeVisible({ timeout: 20_000 });
    const emailId = /\/emails\/([0-9a-f-]{36})\/update/.exec(page.url())![1];
    const testSince = new Date();
    await editor.sendTest.click();
    await editor.expectSuccessToast('A test was sent to admin@signpost.local');
    const testMail = await outbox.waitFor('admin@signpost.local', { since: testSince });
    expect(testMail.subject).toBe(`[Test] ${subject} for there`);

    const since = new Date();
    // Publish asks first, naming how many people it e-mails; nothing goes before the answer.
    const panel = new LifecyclePanel(page);
    const question = await panel.askPublish();
    await expect(question.getByTestId('publish-reach')).toContainText(`is e-mailed now to ${expected} people`);
    await expect(question).not.toContainText('goes live');
    expect(await campaignMails(outbox, subject, since)).toHaveLength(0);
    await question.getByTestId('confirm-button').click();
    await expect(panel.status).toHaveText('Public');
    const mails = await waitForMails(outbox, subject, since, expected);
    // One e-mail per matching demo person, each with their own name.
    expect(mails).toHaveLength(expected);
    expect(new Set(mails.map((m) => m.to[0])).size).toBe(expected);
    for (const mail of mails) {
      const name = mail.subject.slice(`${subject} for `.length);
      if (mail.to[0].endsWith(DEMO_DOMAIN)) expect(name).toBe(firstNameOf(mail.to[0]));
      expect(mail.subject).toBe(`${subject} for ${name}`);
      expect(name).not.toBe('there');
      expect(mail.text).toContain(`Hi ${name}, your pro reports are ready.`);
    }

    // The recipient follows the button: the API counts the click and sends them on.
    const [first, leaving] = mails;
    const click = first.links.find((l) => l.includes('/api/public/emails/click/'))!;
    const followed = await fetch(click, { redirect: 'manual' });
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe('http://localhost:3005/reports');

    // Another one unsubscribes from the link at the bottom of the e-mail.
    const unsubscribe = leaving.links.find((l) => l.includes('/api/public/emails/unsubscribe/'))!;
    await page.goto(unsubscribe);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByText('You are unsubscribed')).toBeVisible();

    // The view screen's figures.
    await page.goto(`/emails/${emailId}/view`);
    await expect(page.getByTestId('email-stat-sent-value')).toHaveAttribute('data-value', String(expected), { timeout: 20_000 });
    await expect(page.getByTestId('email-stat-clicked-value')).toHaveAttribute('data-value', '1');
    await expect(page.getByTestId('email-stat-unsubscribed-value')).toHaveAttribute('data-value', '1');
    // Each recipient's delivery, and whether the website still e-mails them.
    await expect(page.getByTestId('email-recipients-table').getByTestId('recipient-status').first()).toHaveAttribute('data-status', 'sent');

    // The next campaign to the same audience skips the person who left.
    const session = await api.loginAsAdmin();
    const nextSince = new Date();
    const next = await api.duplicate(session, 'email', emailId);
    await api.publish(session, 'email', next);
    const nextMails = await waitForMails(outbox, subject, nextSince, expected - 1);
    await new Promise((r) => setTimeout(r, 2000));
    const finalMails = await campaignMails(outbox, subject, nextSince);
    expect(finalMails).toHaveLength(expected - 1);
    expect(nextMails.map((m) => m.to[0])).not.toContain(leaving.to[0]);
  });

  test('in Arabic the editor and the e-mail read right to left', async ({ signedInPage: page, outbox }) => {
    const list = new EmailListPage(page);
    await list.chooseLanguage('ar');
    await list.expectDocumentDirection('rtl', 'ar');
    await list.navLink(EmailListPage.path).click();
    await list.expectLoaded();
    await list.createButton.click();
    const editor = new EmailEditorPage(page);
    await editor.expectLoaded();
    // A new e-mail is written in the console's language.
    await expect(page.getByTestId('field-language')).toHaveValue('ar');
    await editor.subject.fill('مرحبا {{firstName|بك}}');
    await editor.block(1).getByTestId('block-text').fill('أهلا {{firstName|بك}}');
    await expect(editor.previewFrame.contentFrame().locator('html[dir="rtl"]')).toHaveCount(1, { timeout: 20_000 });
    await editor.submit.click();
    await expect(editor.sendTest).toBeVisible({ timeout: 20_000 });
    const since = new Date();
    await editor.sendTest.click();
    const mail = await outbox.waitFor('admin@signpost.local', { since });
    expect(mail.subject).toBe('[Test] مرحبا بك');
    expect(mail.html).toMatch(/<html lang="ar" dir="rtl"/);
    // The list's Publish asks in Arabic, naming how many people it e-mails; dismissed, nothing goes.
    const subject = 'مرحبا {{firstName|بك}}';
    await list.navLink(EmailListPage.path).click();
    await list.expectLoaded();
    await list.row(subject).first().getByTestId('row-publish').click();
    const question = page.getByTestId('publish-dialog');
    await expect(question.getByTestId('publish-reach')).toContainText(/سيُرسَل «مرحبا \{\{firstName\|بك\}\}» الآن بالبريد إلى/);
    await expect(question.getByTestId('confirm-button')).toHaveText('نشر وإرسال');
    await question.getByTestId('dismiss-button').click();
    await expect(question).toBeHidden();
    await expect(list.row(subject).first().getByTestId('row-status')).toHaveText('مسودة');
    await list.chooseLanguage('en');
  });
});
