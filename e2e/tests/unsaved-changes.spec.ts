import { test, expect } from '../fixtures';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';

/**
 * Unsaved work is never lost silently. Leaving an edited popup (a sidebar link,
 * the editor's Cancel) asks first; Stay keeps every edit, Leave goes; a saved popup leaves quietly.
 */
test('leaving an edited popup asks: Stay keeps the edit, Leave goes, and a save does not ask', async ({ signedInPage: page }) => {
  const list = new PopupListPage(page);
  const editor = new PopupEditorPage(page);
  await list.navigate();
  await list.createButton.click();
  await editor.expectLoaded();
  const dialog = page.getByTestId('unsaved-changes-dialog');

  // Untouched: the editor's Cancel goes back without a question.
  await page.getByTestId('editor-cancel').click();
  await list.expectLoaded();
  await expect(dialog).toBeHidden();

  await list.createButton.click();
  await editor.expectLoaded();
  const title = `Half-written ${Date.now().toString(36)}`;
  await editor.title.fill(title);

  // A sidebar link: asked; Stay keeps the user in the editor with the title typed.
  await editor.navLink('/dashboard').click();
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Leave without saving?');
  await dialog.getByRole('button', { name: 'Stay' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/posts\/(?:[^/]+\/)?create$/);
  await expect(editor.title).toHaveValue(title);

  // The editor's Cancel asks too; Leave goes to the list.
  await page.getByTestId('editor-cancel').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Leave' }).click();
  await list.expectLoaded();
  await expect(list.row(title)).toHaveCount(0);

  // Edited and saved: back to the list with no question.
  await list.createButton.click();
  await editor.expectLoaded();
  await editor.title.fill(title);
  await page.getByTestId('block-text').first().fill('Saved, so nothing to lose.');
  await editor.submit.click();
  await list.expectSuccessToast('Popup created successfully');
  await expect(dialog).toBeHidden();
  await expect(list.row(title)).toBeVisible();
});
