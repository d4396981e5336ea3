import type { Locator } from '@playwright/test';
import { test, expect } from '../fixtures';
import { DemoSitePage } from '../pages/DemoSitePage';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';

/**
 * The popup editor's live preview is the visitor's popup itself (the website script's surface drawn
 * in the editor), not a look-alike: a popup built in the editor shows the same markup, roles, names
 * and texts in the preview as on the demo site once published.
 */

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/**
 * The popup's markup inside its shadow root, with the item's own id (which only names elements for
 * each other, `sp-title-{id}`) written the same way in both, the preview's and a page's.
 */
async function markup(dialog: Locator): Promise<string> {
  return dialog.evaluate((node) => {
    const frame = node.closest('.root')!;
    const id = node.getAttribute('aria-labelledby')!.replace(/^sp-title-/, '');
    return frame.outerHTML.split(id).join('ID');
  });
}

test.describe('popup preview', () => {
  // The demo website is shared with the other specs: the visitor sees only what this spec publishes.
  test.beforeEach(async ({ api }) => {
    await api.cancelPublished(await api.loginAsAdmin());
  });

  test("the editor's preview is the popup the visitor sees: same markup, roles and texts (comment box, Send, required answer)", async ({
    signedInPage: page,
    browser,
    product,
    api,
  }) => {
    test.setTimeout(150_000);
    const list = new PopupListPage(page);
    const editor = new PopupEditorPage(page);
    const title = unique('Preview check');
    const question = 'Which plan do you use?';

    await list.navigate();
    await list.createWorkspace(unique('Preview'));
    await list.createButton.click();
    await editor.expectLoaded();
    await editor.title.fill(title);
    await editor.block(1).getByTestId('block-text').fill('Two minutes of your time.');
    await editor.addBlock('question');
    await editor.block(2).getByTestId('block-question').fill(question);
    await editor.block(2).getByLabel('An answer is required').check();
    await page.getByTestId('field-replay-type').selectOption('text');
    await editor.href.fill('/docs');

    // The preview: the visitor's dialog, named by the title, with the comment box and Send.
    const preview = editor.preview.getByRole('dialog', { name: title });
    await expect(preview).toBeVisible();
    await expect(preview.getByText('Two minutes of your time.')).toBeVisible();
    await expect(preview.getByRole('group', { name: question })).toBeVisible();
    await expect(preview.getByRole('textbox', { name: 'Write a comment…' })).toBeVisible();
    await expect(preview.getByRole('button', { name: 'Send' })).toBeVisible();
    const previewMarkup = await markup(preview);
    const previewTree = await preview.ariaSnapshot();
    // Send without the required answer: the visitor's message, in the preview too; nothing is sent.
    await preview.getByRole('button', { name: 'Send' }).click();
    await expect(preview.getByText('Please answer this question')).toBeVisible();
    await preview.getByRole('textbox', { name: question }).fill('Pro');
    await expect(preview.getByText('Please answer this question')).toBeHidden();

    await editor.submit.click();
    await list.expectSuccessToast('Popup created successfully');
    const href = await list.row(title).getByTestId('row-view').getAttribute('href');
    const id = /\/posts\/([0-9a-f-]{36})\/view/.exec(href ?? '')![1];
    try {
      const context = await browser.newContext({ locale: 'en-GB' });
      try {
        const site = new DemoSitePage(await context.newPage(), product.demoSiteURL);
        await site.open('/docs');
        const live = site.popup(title);
        await expect(live).toBeVisible({ timeout: 20_000 });
        await expect(live.getByRole('textbox', { name: 'Write a comment…' })).toBeVisible();
        await expect(live.getByRole('button', { name: 'Send' })).toBeVisible();
        // The same elements, roles, names and texts, and the same markup to the attribute.
        expect(await live.ariaSnapshot()).toBe(previewTree);
        expect(await markup(live)).toBe(previewMarkup);
        await live.getByRole('button', { name: 'Send' }).click();
        await expect(live.getByText('Please answer this question')).toBeVisible();
      } finally {
        await context.close();
      }
    } finally {
      await api.deleteContent(await api.loginAsAdmin(), 'popup', id).catch(() => undefined);
    }
  });
});
