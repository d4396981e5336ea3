import { readFile } from 'node:fs/promises';
import { test, expect, unique } from '../fixtures';
import { spreadsheetCells } from '../support/spreadsheet';
import type { ApiSession } from '../support/api';
import { BannerEditorPage, BannerListPage } from '../pages/BannerPages';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';
import { PushEditorPage, PushListPage } from '../pages/PushPages';
import { openCreateFormInArabic } from '../support/arabic';
import { confirmSending, createInEditor } from '../support/publish';

/** A 1×1 PNG: the push notification's icon, uploaded through the editor. */
const ICON_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

/**
 * The API calls the set-up and the visitor's side need (what a website's script will send). Access
 * tokens live 8 s in this suite, so a signed call signs in afresh (`signIn`) each time.
 */
async function call<T>(apiURL: string, signIn: (() => Promise<ApiSession>) | null, method: string, path: string, body?: unknown): Promise<T> {
  const session = signIn ? await signIn() : null;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (session) {
    headers.authorization = `Bearer ${session.accessToken}`;
    if (session.activeWebsite) headers.activewebsite = session.activeWebsite;
  }
  const res = await fetch(`${apiURL}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  expect(res.ok, `${method} ${path} → ${res.status} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : null) as T;
}

test.describe('campaigns', () => {
  test('a new user builds a 3-page popup with a form question for a group, previews each format, saves, exports answers, duplicates and bulk-deletes', async ({
    signedInPage,
    api,
    product,
  }, testInfo) => {
    test.setTimeout(180_000);
    const page = signedInPage;
    const session = () => api.loginAsAdmin();
    // A group of three demo people to target.
    const people = await call<{ docs: { _id: string }[] }>(product.apiURL, session, 'GET', '/api/client-members?page=1&pageSize=3');
    const groupName = unique('Campaign VIPs');
    await call(product.apiURL, session, 'POST', '/api/groups', { name: groupName, members: people.docs.map((p) => p._id) });

    const list = new PopupListPage(page);
    const editor = new PopupEditorPage(page);
    const title = unique('Welcome survey');
    const workspace = unique('Spring');

    await list.navigate();
    await expect(list.heading).toHaveText('Popups');
    await expect(list.navLink(PopupListPage.path)).toBeVisible();
    await list.createWorkspace(workspace);
    await list.createButton.click();
    await editor.expectPath(/\/posts\/[0-9a-f-]{36}\/create$/);
    await editor.expectLoaded();
    await expect(editor.heading).toHaveText('Create popup');
    await expect(page.getByTestId('field-workspace').locator('option:checked')).toHaveText(workspace);

    // Content: three pages; the first has a text and a form question.
    await editor.title.fill(title);
    await expect(editor.preview.getByRole('heading', { level: 2 })).toHaveText(title);
    await editor.block(1).getByTestId('block-text').fill('Tell us how you found us.');
    await editor.addBlock('question');
    await editor.block(2).getByTestId('block-question').fill('How did you find us?');
    await expect(editor.preview.getByRole('group', { name: 'How did you find us?' })).toBeVisible();
    await editor.addPage.click();
    await page.getByTestId('block-text').fill('Second page');
    await editor.addPage.click();
    await page.getByTestId('block-text').fill('Thanks!');
    await expect(editor.pageTab(3)).toBeVisible();
    await expect(editor.preview).toHaveAttribute('data-page', '3');
    await expect(editor.preview).toContainText('Thanks!');
    await editor.pageTab(1).click();
    await expect(editor.preview).toContainText('Tell us how you found us.');

    // The preview at each format: 335, 410, 500 px wide.
    await expect.poll(() => editor.previewWidth()).toBe(410);
    await editor.format.selectOption('small');
    await expect.poll(() => editor.previewWidth()).toBe(335);
    await editor.format.selectOption('large');
    await expect.poll(() => editor.previewWidth()).toBe(500);
    await editor.format.selectOption('medium');
    await expect.poll(() => editor.previewWidth()).toBe(410);

    await expect(editor.displayTime).toHaveValue('15');
    await editor.targetGroup(groupName);
    await page.screenshot({ path: testInfo.outputPath('popup-editor-en.png'), fullPage: true });
    await editor.submit.click();

    await list.expectSuccessToast('Popup created successfully');
    await list.expectPath(PopupListPage.path);
    await expect(list.row(title)).toBeVisible();
    const headers = await list.columnHeaders().allTextContents();
    for (const name of ['Title', 'Sender', 'Position', 'Status', 'Priority', 'Groups', 'Audiences', 'Tag', 'Devices', 'Created at', 'Action'])
      expect(headers).toContain(name);
    expect(headers).not.toContain('Id');
    expect(headers).not.toContain('Domain');
    await expect(list.row(title)).toContainText(groupName);
    await expect(list.row(title)).toContainText('Top right');
    await expect(list.row(title)).toContainText('Public');
    await page.screenshot({ path: testInfo.outputPath('popup-list-en.png'), fullPage: true });

    // A visitor answers the form through the website's public API; the owner downloads the answers.
    const href = await list.row(title).getByTestId('row-view').getAttribute('href');
    const popupId = /\/posts\/([0-9a-f-]{36})\/view/.exec(href ?? '')![1];
    const saved = await call<{ data: { content: { content: { id: string; kind: string }[] }[]; rules: { displayTime: number }; groups: string[] } }>(
      product.apiURL,
      session,
      'GET',
      `/api/popups/${popupId}`,
    );
    expect(saved.data.content).toHaveLength(3);
    expect(saved.data.rules.displayTime).toBe(15000);
    const question = saved.data.content[0].content.find((b) => b.kind === 'question')!;
    const { activeWebsite } = await session();
    const websites = await call<{ docs: { _id: string; publicKey: string }[] }>(product.apiURL, session, 'GET', '/api/websites?page=1&pageSize=100');
    const key = websites.docs.find((w) => w._id === activeWebsite)!.publicKey;
    // As each visitor's page does: the content call gives the visitor's token, their batch carries it.
    for (const [visitorId, answer] of [
      ['e2e-visitor-1', 'From a friend'],
      ['e2e-visitor-2', 'A search engine'],
    ]) {
      const { token } = await call<{ token: string }>(
        product.apiURL,
        null,
        'GET',
        `/api/public/${key}/content?${new URLSearchParams({ visitorId, url: 'http://localhost:3005/' })}`,
      );
      await call(product.apiURL, null, 'POST', `/api/public/${key}/events`, {
        token,
        events: [{ type: 'answer', visitorId, contentId: popupId, answers: [{ blockId: question.id, question: 'How did you find us?', answer }] }],
      });
    }
    const [download] = await Promise.all([page.waitForEvent('download'), list.exportButton(title).click()]);
    // Saved under the popup's title (the API's own name is form_answers_{id}, which says nothing to a person).
    expect(download.suggestedFilename()).toBe(`${title} - answers.xlsx`);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 2).toString()).toBe('PK'); // an .xlsx is a zip archive
    const cells = await spreadsheetCells(bytes);
    expect(cells).toEqual(expect.arrayContaining(['How did you find us?', 'From a friend', 'A search engine', 'e2e-visitor-1', 'e2e-visitor-2']));

    // Duplicate: a draft copy appears; it has no answers yet.
    await list.duplicate(title);
    await list.expectSuccessToast(`Popup ${title} duplicated`);
    const copy = `${title} (copy)`;
    await expect(list.row(copy)).toBeVisible();
    await expect(list.row(copy)).toContainText('Draft');
    await list.exportButton(copy).click();
    await expect(list.errorToast.filter({ hasText: 'No surveys found' })).toBeVisible();

    // Bulk delete of the two.
    await list.select(title);
    await list.select(copy);
    await expect(list.bulkDeleteButton).toHaveText('Delete 2 selected popups');
    await list.bulkDelete();
    await list.expectSuccessToast('2 popups deleted');
    await expect(list.row(title)).toHaveCount(0);
    await expect(list.row(copy)).toHaveCount(0);
  });

  test('a banner with a link action and a push notification with an uploaded icon', async ({ signedInPage }) => {
    test.setTimeout(120_000);
    const page = signedInPage;
    const banners = new BannerListPage(page);
    const bannerEditor = new BannerEditorPage(page);
    const bannerTitle = unique('Free shipping');
    await createInEditor(banners, bannerEditor, { workspace: unique('Promotions'), heading: 'Banners' }, async (editor) => {
      await editor.title.fill(bannerTitle);
      await editor.content.fill('On every order this week.');
      await editor.actionType.selectOption('url');
      await editor.urlText.fill('Shop now');
      await editor.url.fill('https://shop.example.com/sale');
      await expect(editor.preview.getByTestId('banner-preview-title')).toHaveText(bannerTitle);
      await expect(editor.preview.getByTestId('banner-preview-link')).toHaveText('Shop now');
      await expect(editor.preview).toHaveAttribute('data-position', 'top');
    });
    await banners.expectSuccessToast('Banner created successfully');
    await expect(banners.row(bannerTitle)).toBeVisible();

    const pushes = new PushListPage(page);
    const pushEditor = new PushEditorPage(page);
    const pushTitle = unique('Back in stock');
    await createInEditor(pushes, pushEditor, { workspace: unique('Re-engagement'), heading: 'Push notifications' }, async (editor) => {
      await editor.pushTitle.fill(pushTitle);
      await editor.title.fill('Your favourite is back');
      await editor.body.fill('The blue sneakers are back in your size.');
      await editor.iconInput.setInputFiles({ name: 'icon.png', mimeType: 'image/png', buffer: ICON_PNG });
      await pushes.expectSuccessToast('Image uploaded sucessfully');
      await expect(editor.preview.getByTestId('push-preview-icon')).toBeVisible();
      await expect(editor.preview.getByTestId('push-preview-title')).toHaveText('Your favourite is back');
    });
    await confirmSending(page);
    await pushes.expectSuccessToast('Push notification created successfully');
    await expect(pushes.row(pushTitle)).toBeVisible();
  });

  test('in ar the popup editor renders right-to-left in Arabic, its preview still at the format’s width', async ({ signedInPage, dashboardPage }, testInfo) => {
    const page = signedInPage;
    const list = new PopupListPage(page);
    const editor = new PopupEditorPage(page);
    await openCreateFormInArabic(dashboardPage, list, editor, { list: 'النوافذ المنبثقة', form: 'إنشاء نافذة منبثقة' }, async () => {
      await list.createWorkspace(unique('ربيع'));
    });
    await editor.submit.click();
    await expect(editor.form).toContainText('يرجى إدخال العنوان');
    // Mirrored: the title field ends at the right edge of its section.
    const section = await page.getByTestId('section-title').boundingBox();
    const label = await page.getByTestId('section-title').getByText('العنوان', { exact: true }).first().boundingBox();
    expect(section!.x + section!.width - (label!.x + label!.width)).toBeLessThan(section!.width / 4);
    await editor.format.selectOption('small');
    await expect.poll(() => editor.previewWidth()).toBe(335);
    await page.screenshot({ path: testInfo.outputPath('popup-editor-ar.png'), fullPage: true });
  });
});
