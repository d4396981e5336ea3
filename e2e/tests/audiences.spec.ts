import { test, expect } from '../fixtures';
import { AudiencesPage } from '../pages/AudiencesPage';
import { PeopleDataPage } from '../pages/PeopleDataPage';

/** The demo website's six VIPs (api/src/db/seed-demo-members.ts): vip-2001…vip-2006, all on the "pro" plan. */
const VIPS = ['vip-2001', 'vip-2002', 'vip-2003', 'vip-2004', 'vip-2005', 'vip-2006'];

test.describe('audiences', () => {
  test('the owner builds an attribute-based audience, previews exactly the expected people, saves it as a segment; the page is right-to-left in ar', async ({
    signedInPage: page,
    api,
    product,
  }) => {
    // The demo people carry a `plan` value; the owner declares the attribute first (once per data folder).
    const session = await api.loginAsAdmin();
    const known = await fetch(`${product.apiURL}/api/attributes?name=plan&pageSize=100`, {
      headers: { authorization: `Bearer ${session.accessToken}`, activewebsite: session.activeWebsite ?? '' },
    }).then((r) => r.json() as Promise<{ docs: { name: string }[] }>);
    if (!known.docs.some((a) => a.name === 'plan')) {
      const peopleData = new PeopleDataPage(page);
      await peopleData.navigate();
      await peopleData.create('plan', 'string');
      await peopleData.expectSuccessToast('start sending its data by adding it to your code');
    }

    const audiences = new AudiencesPage(page);
    await expect(audiences.navLink(AudiencesPage.path)).toBeVisible({ timeout: 20_000 });
    await audiences.navLink(AudiencesPage.path).click();
    await audiences.expectLoaded();
    // No rule yet: everyone of the demo website.
    await expect(audiences.previewCount).toContainText('matching people', { timeout: 20_000 });

    await audiences.addCondition({ attribute: 'plan', comparison: 'is', value: 'pro' });
    await audiences.addCondition({ attribute: 'memberId', comparison: 'starts_with', value: 'vip-' });
    await expect(audiences.previewCount).toHaveText('6 matching people', { timeout: 20_000 });
    for (const id of VIPS) await expect(audiences.previewRow(id)).toBeVisible();
    await expect(audiences.previewTable.locator('tbody tr')).toHaveCount(6);
    await expect(audiences.previewTable.getByRole('columnheader')).toHaveText(['Member Id', 'Name', 'Division', 'State', 'Domain']);

    const name = `Pro VIPs ${Date.now().toString(36)}`;
    await audiences.save(name);
    await audiences.expectSuccessToast('Segment created successfully');
    await expect(audiences.segmentRow(name)).toBeVisible();
    await expect(audiences.segmentRow(name)).toContainText('plan is pro and Member Id starts with vip-');

    await audiences.chooseLanguage('ar');
    await audiences.expectDocumentDirection('rtl', 'ar');
    await expect(page.getByRole('heading', { name: 'الجماهير', exact: true })).toBeVisible();
    await expect(audiences.segmentRow(name)).toBeVisible();
    await expect(audiences.builder.getByRole('button', { name: 'إضافة شرط' })).toBeVisible();
    await audiences.chooseLanguage('en');
  });
});
