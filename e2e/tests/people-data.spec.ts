import { test, expect } from '../fixtures';
import { PeopleDataPage } from '../pages/PeopleDataPage';

test.describe('people data', () => {
  test('the owner creates an attribute and is told to send it from their code, with the snippet; the page is right-to-left in ar', async ({
    signedInPage: page,
  }) => {
    const peopleData = new PeopleDataPage(page);
    const name = `plan_${Date.now().toString(36)}`;

    await expect(peopleData.navLink(PeopleDataPage.path)).toBeVisible({ timeout: 20_000 });
    await peopleData.navLink(PeopleDataPage.path).click();
    await peopleData.expectLoaded();

    await peopleData.create(name, 'number');
    await peopleData.expectSuccessToast('start sending its data by adding it to your code');
    await expect(peopleData.snippet).toContainText('Start sending its data by adding it to your code');
    await expect(peopleData.snippetCode).toContainText(`signpost('identify', {`);
    await expect(peopleData.snippetCode).toContainText(`${name}: 42`);
    await expect(peopleData.row(name)).toContainText('Number');

    await peopleData.chooseLanguage('ar');
    await peopleData.expectDocumentDirection('rtl', 'ar');
    await expect(peopleData.page.getByRole('heading', { name: 'بيانات الأشخاص' })).toBeVisible();
    // Code stays left-to-right inside the right-to-left page.
    await expect(peopleData.snippetCode.locator('xpath=..')).toHaveAttribute('dir', 'ltr');
    await peopleData.chooseLanguage('en');

    await peopleData.delete(name);
    await expect(peopleData.row(name)).toHaveCount(0);
  });
});
