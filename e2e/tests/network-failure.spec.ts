import { test, expect } from '../fixtures';
import { PopupEditorPage } from '../pages/PopupEditorPage';
import { PopupListPage } from '../pages/PopupListPage';

/**
 * A save that fails because the network did (no answer at all) says 'Network
 * Error' in one toast, and keeps everything typed in the form.
 */
test('a popup save that fails for the network says "Network Error" once and keeps the form', async ({ signedInPage: page }) => {
  const list = new PopupListPage(page);
  const editor = new PopupEditorPage(page);
  await list.navigate();
  await list.createWorkspace(`Offline ${Date.now().toString(36)}`);
  await list.createButton.click();
  await editor.expectLoaded();
  const title = `Typed before the network dropped ${Date.now().toString(36)}`;
  await editor.title.fill(title);
  await page.getByTestId('block-text').first().fill('Still here after the failure.');

  await page.route('**/api/popups', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue()));
  await editor.submit.click();
  await expect(editor.errorToast).toHaveCount(1);
  await expect(editor.errorToast).toContainText('Network Error');
  await expect(editor.errorToast).not.toContainText('Error while creating popups');
  // Nothing typed is lost, and the user is still in the editor.
  await expect(editor.title).toHaveValue(title);
  await expect(page.getByTestId('block-text').first()).toHaveValue('Still here after the failure.');
  await expect(page).toHaveURL(/\/posts\/[0-9a-f-]{36}\/create$/);

  // Back online, the same form saves.
  await page.unroute('**/api/popups');
  await editor.submit.click();
  await list.expectSuccessToast('Popup created successfully');
  await expect(list.row(title)).toBeVisible();
});
