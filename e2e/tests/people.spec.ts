import { createHmac } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { test, expect, unique } from '../fixtures';
import type { ApiSession } from '../support/api';
import { axeFindings } from '../support/axe';
import { AudiencesPage } from '../pages/AudiencesPage';
import { PeopleListPage, PersonPage } from '../pages/PeoplePages';

/**
 * People: a person identified on the demo website answers a popup and completes a checklist (through
 * the public calls the website's script makes); the owner, on a 390 px phone and in Arabic, finds them
 * by e-mail, reads it in their timeline, exports their data as a file and deletes them; they are then
 * gone from the people list and from the audience preview.
 */

/** A call to the API as the test's set-up or the visitor's page makes it (tokens live 8 s: a signed call signs in afresh). */
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

test.describe('people', () => {
  test.use({ nothingPublished: 'around', viewport: { width: 390, height: 844 } });

  test('on a phone in Arabic: find a person by e-mail, read what they answered and completed, export their data, delete them; they leave the list and the audience preview', async ({
    signedInPage: page,
    api,
    product,
  }) => {
    test.setTimeout(240_000);
    const session = () => api.loginAsAdmin();
    const tag = unique('p')
      .replace(/[^a-z0-9]/gi, '')
      .toLowerCase();
    const person = { externalId: `people-e2e-${tag}`, name: `Nadia ${tag}`, email: `nadia-${tag}@example.test`, visitorId: `people-e2e-visitor-${tag}` };

    // What the owner publishes: a popup with a question and a checklist of one task done by an event.
    const popupTitle = unique('Survey');
    const popup = await api.createPopup(await session(), popupTitle, null, {
      content: [{ id: 'p1', content: [{ id: 'q1', kind: 'question', question: 'How did you find us?' }] }],
    });
    const checklistTitle = unique('First steps');
    const trackName = `people-e2e-${tag}`;
    const checklist = await api.publishChecklist(await session(), {
      title: checklistTitle,
      tasks: [{ title: 'Say hello', completion: { type: 'event', name: trackName } }],
    });

    // The visitor's page: identified by the site's server (signed id), then the script's content call and events.
    const identity = await api.identityVerification(await session());
    const { activeWebsite } = await session();
    const websites = await call<{ docs: { _id: string; publicKey: string }[] }>(product.apiURL, session, 'GET', '/api/websites?page=1&pageSize=100');
    const key = websites.docs.find((w) => w._id === activeWebsite)!.publicKey;
    await call(product.apiURL, null, 'POST', `/api/public/${key}/identify`, {
      visitorId: person.visitorId,
      externalId: person.externalId,
      name: person.name,
      email: person.email,
      userHash: createHmac('sha256', identity.secret).update(person.externalId).digest('hex'),
    });
    const { token } = await call<{ token: string }>(
      product.apiURL,
      null,
      'GET',
      `/api/public/${key}/content?${new URLSearchParams({ visitorId: person.visitorId, url: `${product.demoSiteURL}/` })}`,
    );
    const { visitorId } = person;
    await call(product.apiURL, null, 'POST', `/api/public/${key}/events`, {
      token,
      events: [
        { type: 'session', visitorId, device: 'mobile' },
        { type: 'view', visitorId, contentId: popup },
        { type: 'answer', visitorId, contentId: popup, answers: [{ blockId: 'q1', question: 'How did you find us?', answer: `A friend ${tag}` }] },
        { type: 'view', visitorId, contentId: checklist },
        { type: 'track', visitorId, name: trackName },
        { type: 'complete', visitorId, contentId: checklist },
      ],
    });

    // The owner, on a phone, in Arabic: the People entry of the drawer (get_people).
    const people = new PeopleListPage(page);
    await people.navigateTo('/dashboard');
    await people.chooseLanguage('ar');
    await people.expectDocumentDirection('rtl', 'ar');
    // Through the phone's drawer: a client-side move, so the page keeps its language and loads nothing again.
    const openFromDrawer = async (path: string) => {
      await page.getByTestId('sub-sidebar-toggle').click();
      await page
        .getByTestId('nav-drawer')
        .getByTestId(`nav-${path.replace(/^\//, '').replace(/\//g, '-')}`)
        .click();
      await expect(page.getByTestId('nav-drawer')).toBeHidden();
    };
    try {
      await openFromDrawer(PeopleListPage.path);
      await expect(people.heading).toHaveText('الأشخاص');
      await people.expectLoaded();
      await people.find(person.email);
      await expect(people.links).toHaveCount(1, { timeout: 20_000 });
      await expect(people.links).toHaveText(person.name);
      expect(await axeFindings(page)).toEqual([]);

      await people.links.click();
      const personPage = new PersonPage(page);
      await expect(personPage.heading).toHaveText(person.name, { timeout: 20_000 });
      await expect(personPage.facts).toContainText(person.email);
      await expect(personPage.entry('answer', 'answer')).toContainText(`أجاب على «${popupTitle}»: How did you find us? — A friend ${tag}`, { timeout: 20_000 });
      await expect(personPage.entry('checklist', 'complete')).toContainText(`أكمل قائمة المهام «${checklistTitle}»`);
      expect(await axeFindings(page)).toEqual([]);

      // Export: a real file, the person's data in it.
      const [download] = await Promise.all([page.waitForEvent('download'), personPage.exportButton.click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${person.name} \\d{4}-\\d{2}-\\d{2}\\.json$`));
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as { person: { email: string }; answers: { answer: string }[] };
      expect(exported.person.email).toBe(person.email);
      expect(exported.answers.map((a) => a.answer)).toEqual([`A friend ${tag}`]);

      // The audience preview finds them before the deletion…
      const audiences = new AudiencesPage(page);
      await openFromDrawer(AudiencesPage.path);
      await audiences.expectLoaded();
      await audiences.addCondition({ attribute: 'memberId', comparison: 'starts_with', value: person.externalId });
      await expect(audiences.previewRow(person.externalId)).toBeVisible({ timeout: 20_000 });

      // Delete, after a confirmation naming the person (the audience was only a check: left unsaved).
      await page.goBack();
      const unsaved = page.getByTestId('unsaved-changes-dialog');
      await expect(unsaved).toBeVisible();
      await unsaved.getByTestId('confirm-button').click();
      await expect(personPage.heading).toHaveText(person.name, { timeout: 20_000 });
      await personPage.deleteButton.click();
      await expect(personPage.deleteDialog).toContainText(person.name);
      expect(await axeFindings(page)).toEqual([]);
      await personPage.confirmDelete();
      await people.expectPath('/people');
      await people.expectLoaded();
      await people.find(person.email);
      await expect(people.table).toContainText('لا أحد يطابق هذا البحث', { timeout: 20_000 });
      await expect(people.links).toHaveCount(0);

      // …and not after it.
      await openFromDrawer(AudiencesPage.path);
      await audiences.expectLoaded();
      await audiences.addCondition({ attribute: 'memberId', comparison: 'starts_with', value: person.externalId });
      await expect(audiences.previewCount).toBeVisible({ timeout: 20_000 });
      await expect(audiences.previewTable.getByTestId('table-row')).toHaveCount(0, { timeout: 20_000 });
    } finally {
      await people.chooseLanguage('en');
    }
  });
});
