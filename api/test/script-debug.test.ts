import { eq } from 'drizzle-orm';
import { type ScriptContentAnswer, type ScriptDebugAnswer } from 'contracts';
import { withTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { bannerBody, contentOf, popupBody, tourBody } from './support/campaigns';
import { contents } from '../src/db/schema';

/**
 * `signpost('debug')` (POST /api/public/{websiteKey}/debug): the console's explanation of every live
 * item of the website, for the visitor the content call's token names, on PGlite and PostgreSQL.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const site = () => newSite(t);

/** The content call of a page: what it shows, and the visitor token it answers. */
async function content(s: Site, visitorId: string): Promise<ScriptContentAnswer> {
  const query = new URLSearchParams({ visitorId, url: `https://${s.domain}/`, device: 'web' });
  const res = await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as ScriptContentAnswer;
}

const debug = (s: Site, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/public/${s.key}/debug`, payload, headers });

test('explains each live item of the website for the visitor, as the content call decides; drafts and other websites’ items are not listed', async () => {
  const s = await site();
  const other = await site();
  const popup = await contentOf(t, s.u, 'popup', popupBody());
  const mobileBanner = await contentOf(t, s.u, 'banner', bannerBody({ settings: { targetDevice: 'mobile' } } as object));
  const draft = await contentOf(t, s.u, 'popup', popupBody());
  await t.ctx.db.update(contents).set({ status: 'draft' }).where(eq(contents.id, draft));
  await contentOf(t, other.u, 'popup', popupBody());
  const answer = await content(s, 'v1');
  const res = await debug(s, { visitorId: 'v1', token: answer.token, url: `https://${s.domain}/` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as ScriptDebugAnswer;
  expect(body.visitorId).toBe('v1');
  expect(body.items.map((i) => i.id).sort()).toEqual([popup, mobileBanner].sort());
  const byId = new Map(body.items.map((i) => [i.id, i]));
  expect(byId.get(popup)!.wouldShow).toBe(true);
  expect(byId.get(mobileBanner)!.wouldShow).toBe(false);
  expect(
    byId
      .get(mobileBanner)!
      .steps.filter((st) => !st.ok)
      .map((st) => st.check),
  ).toEqual(['device']);
  // The same decision as the content call.
  expect(
    body.items
      .filter((i) => i.wouldShow)
      .map((i) => i.id)
      .sort(),
  ).toEqual(answer.items.map((i) => i.id).sort());
  // In the page's language.
  const fr = await debug(s, { visitorId: 'v1', token: answer.token, url: `https://${s.domain}/` }, { 'accept-language': 'fr' });
  expect((fr.json() as ScriptDebugAnswer).items[0].steps[0].message).not.toEqual(body.items[0].steps[0].message);
});

test('names each item by its kind and title in a sentence, in the page’s language; a tour shows only on the page where it starts', async () => {
  const s = await site();
  await contentOf(t, s.u, 'popup', popupBody({ titleOfPopup: { label: 'Welcome aboard' } }));
  await contentOf(t, s.u, 'banner', bannerBody({ titleOfBanner: 'Spring sale', settings: { targetDevice: 'mobile' } } as object));
  // Its first step is on any page, but it starts by itself on /pricing only.
  await contentOf(t, s.u, 'tour', tourBody({ title: 'Pricing tour', insertable_url: '/pricing' } as object));
  const answer = await content(s, 'v1');
  const ask = async (path: string, lang: string) => {
    const res = await debug(s, { visitorId: 'v1', token: answer.token, url: `https://${s.domain}${path}` }, { 'accept-language': lang });
    expect(res.statusCode).toBe(200);
    return new Map((res.json() as ScriptDebugAnswer).items.map((i) => [i.title, i]));
  };
  const home = await ask('/', 'en');
  expect(home.get('Welcome aboard')!.summary).toBe('Popup “Welcome aboard”: shows on this page');
  expect(home.get('Spring sale')!.summary).toBe('Banner “Spring sale”: does not show on this page. Not for this device: it is shown on mobile devices only');
  const tour = home.get('Pricing tour')!;
  expect(tour.wouldShow).toBe(false);
  expect(tour.summary).toMatch(/^Tour “Pricing tour”: does not show on this page\. It does not start on this page: it starts by itself on “\/pricing”/);
  const pricing = await ask('/pricing', 'ar');
  expect(pricing.get('Pricing tour')).toMatchObject({ wouldShow: true, summary: 'جولة إرشادية «Pricing tour»: يظهر في هذه الصفحة' });
  expect(pricing.get('Spring sale')!.summary).toContain('شريط إعلاني «Spring sale»: لا يظهر في هذه الصفحة.');
});

test('another visitor’s token (403), another website’s key or a forged token (401), no token (400) are refused', async () => {
  const s = await site();
  const other = await site();
  await contentOf(t, s.u, 'popup', popupBody());
  const url = `https://${s.domain}/`;
  const mine = (await content(s, 'v1')).token;
  const theirs = (await content(s, 'v2')).token;
  const otherWebsite = (await content(other, 'v1')).token;
  const stranger = await debug(s, { visitorId: 'v1', token: theirs, url });
  expect(stranger.statusCode).toBe(403);
  expect(stranger.json().errors).toEqual({ visitorId: expect.any(String) });
  expect((await debug(s, { visitorId: 'v1', token: otherWebsite, url })).statusCode).toBe(401);
  // This website's token sent with another website's key: not that website's visitor.
  expect((await debug(other, { visitorId: 'v1', token: mine, url })).statusCode).toBe(401);
  expect((await debug(s, { visitorId: 'v1', token: `${mine.slice(0, -2)}xx`, url })).statusCode).toBe(401);
  const missing = await debug(s, { visitorId: 'v1', url });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().errors).toHaveProperty('token');
  expect((await debug(s, { visitorId: 'v1', token: mine, url: 'javascript:alert(1)' })).statusCode).toBe(400);
  expect((await debug({ ...s, key: 'no-such-key' }, { visitorId: 'v1', token: mine, url })).statusCode).toBe(404);
  // A page of another domain is refused, as on the other public calls.
  expect((await debug(s, { visitorId: 'v1', token: mine, url }, { origin: 'https://evil.example' })).statusCode).toBe(403);
  expect((await debug(s, { visitorId: 'v1', token: mine, url })).statusCode).toBe(200);
});

test('answers any page’s CORS preflight, as the other public calls', async () => {
  const s = await site();
  const res = await t.app.inject({
    method: 'OPTIONS',
    url: `/api/public/${s.key}/debug`,
    headers: { origin: `https://${s.domain}`, 'access-control-request-method': 'POST' },
  });
  expect(res.statusCode).toBe(204);
  expect(res.headers['access-control-allow-origin']).toBeDefined();
});
