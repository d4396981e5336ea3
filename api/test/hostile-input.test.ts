import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type AudienceGroup } from 'contracts';
import { contents, segments, websites } from '../src/db/schema';
import { bannerBody, emailBody, popupBody, pushBody } from './support/campaigns';
import { withTestAppAndUser, type TestApp, type TestUser } from './support/test-app';

/**
 * Input that used to answer 500. Each answers 400 with a field message, in the
 * one `{ message, errors }` shape, and stores nothing.
 */
let t: TestApp;
let u: TestUser;
withTestAppAndUser({ permissions: ALL_PERMISSIONS }, (testApp, testUser) => ([t, u] = [testApp, testUser]));

const NUL = '\u0000';
const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';
const countContents = async () => (await t.ctx.db.select({ id: contents.id }).from(contents).where(eq(contents.websiteId, u.websiteId))).length;

function nested(depth: number): AudienceGroup {
  let node: AudienceGroup = { operator: 'and', predicates: [] };
  for (let i = 0; i < depth; i++) node = { operator: 'and', predicates: [node] } as AudienceGroup;
  return node;
}

function expect400(res: { statusCode: number; json(): unknown }, field: string) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { message: string; errors?: Record<string, string> };
  expect(body).toEqual({ message: expect.any(String), errors: expect.any(Object) });
  expect(Object.keys(body.errors!)).toContain(field);
}

test('a NUL byte in a body string → 400 on its field, nothing stored', async () => {
  const before = await countContents();
  const res = await t.request({ method: 'POST', url: '/api/popups', headers: u.headers, payload: popupBody({ titleOfPopup: { label: `Hi${NUL}there` } }) });
  expect400(res, 'titleOfPopup.label');
  expect(await countContents()).toBe(before);
});

test('a NUL byte in a query → 400 on its field', async () => {
  expect400(await t.request({ method: 'GET', url: `/api/popups?titleOfPopup=a%00b`, headers: u.headers }), 'titleOfPopup');
  expect400(await t.request({ method: 'GET', url: `/api/roles?name=%00`, headers: u.headers }), 'name');
});

test('a NUL byte in the public events call, without signing in, in a body or in the website key', async () => {
  const [site] = await t.ctx.db.select({ key: websites.publicKey }).from(websites).where(eq(websites.id, u.websiteId));
  const event = { type: 'session', visitorId: `v${NUL}1`, device: 'web', occurredAt: new Date().toISOString() };
  expect400(await t.request({ method: 'POST', url: `/api/public/${site.key}/events`, payload: { events: [event] } }), 'events.0.visitorId');
  const inKey = await t.request({ method: 'POST', url: `/api/public/${site.key}%00/events`, payload: { events: [{ ...event, visitorId: 'v1' }] } });
  expect(inKey.statusCode).toBe(400);
  expect(inKey.json().errors).toBeDefined();
});

test.each([
  ['popups', '/api/popups', () => popupBody({ titleOfPopup: { label: `Smile ${LONE_HIGH}` } }), 'titleOfPopup.label'],
  ['banners', '/api/banners', () => bannerBody({ titleOfBanner: `Low ${LONE_LOW} half` }), 'titleOfBanner'],
  ['push notifications', '/api/push-notification', () => pushBody({ push_notification_title: `x${LONE_HIGH}` }), 'push_notification_title'],
])('a lone UTF-16 surrogate in %s → 400, nothing stored', async (_name, url, body, field) => {
  const before = await countContents();
  expect400(await t.request({ method: 'POST', url, headers: u.headers, payload: body() }), field);
  expect(await countContents()).toBe(before);
});

test('a surrogate pair (an emoji) is fine', async () => {
  const res = await t.request({ method: 'POST', url: '/api/popups', headers: u.headers, payload: popupBody({ titleOfPopup: { label: 'Smile 😀' } }) });
  expect(res.statusCode).toBe(201);
});

test('a dynamic audience nested 1,000 levels deep → 400 (segments, the preview and popups), nothing stored', async () => {
  const deep = nested(1000);
  const before = (await t.ctx.db.select().from(segments)).length;
  expect((await t.request({ method: 'POST', url: '/api/segment', headers: u.headers, payload: { name: 'Deep', audience: deep } })).statusCode).toBe(400);
  expect((await t.request({ method: 'POST', url: '/api/clients', headers: u.headers, payload: deep })).statusCode).toBe(400);
  const popup = await t.request({ method: 'POST', url: '/api/popups', headers: u.headers, payload: popupBody({ dynamicAudience: deep }) });
  expect(popup.statusCode).toBe(400);
  expect(popup.json().errors).toBeDefined();
  expect((await t.ctx.db.select().from(segments)).length).toBe(before);
});

test('audience rules inside popups and banners are checked like segments: unknown attribute, wrong comparison', async () => {
  const unknown: AudienceGroup = {
    operator: 'and',
    predicates: [{ field: 'attribute', attribute: 'no-such-attribute', comparison: 'is', selectedValue: 'x' }],
  } as never;
  const popup = await t.request({ method: 'POST', url: '/api/popups', headers: u.headers, payload: popupBody({ dynamicAudience: unknown }) });
  expect(popup.statusCode).toBe(400);
  expect(Object.keys(popup.json().errors).some((k) => k.startsWith('dynamicAudience'))).toBe(true);
  const banner = await t.request({ method: 'POST', url: '/api/banners', headers: u.headers, payload: bannerBody({ dynamicAudience: unknown } as never) });
  expect(banner.statusCode).toBe(400);
});

test('framework refusals keep the one shape, in our words (no FST_ERR codes)', async () => {
  const longParam = await t.request({ method: 'GET', url: `/api/popups/${'a'.repeat(600)}`, headers: u.headers });
  expect(longParam.statusCode).toBeGreaterThanOrEqual(400);
  expect(longParam.statusCode).toBeLessThan(500);
  expect(JSON.stringify(longParam.json())).not.toMatch(/FST_/);
  const badJson = await t.request({
    method: 'POST',
    url: '/api/popups',
    headers: { ...u.headers, 'content-type': 'application/json' },
    payload: '{"titleOfPopup":',
  });
  expect(badJson.statusCode).toBe(400);
  expect(badJson.json()).toEqual({ message: 'The request body is not valid JSON' });
  const wrongType = await t.request({ method: 'POST', url: '/api/popups', headers: { ...u.headers, 'content-type': 'text/xml' }, payload: '<a/>' });
  expect(wrongType.statusCode).toBe(415);
  expect(wrongType.json()).toEqual({ message: 'This content type is not accepted' });
  const french = await t.request({
    method: 'POST',
    url: '/api/popups',
    headers: { ...u.headers, 'content-type': 'application/json', 'accept-language': 'fr' },
    payload: '{',
  });
  expect(french.json().message).toBe("Le corps de la requête n'est pas un JSON valide");
});

test('a path parameter over the router’s length answers 414 in the caller’s words, and a malformed URL 400', async () => {
  const url = `/api/popups/${'a'.repeat(600)}`;
  const en = await t.request({ method: 'GET', url, headers: u.headers });
  expect(en.statusCode).toBe(414);
  expect(en.json()).toEqual({ message: 'The address of the request is too long' });
  const fr = await t.request({ method: 'GET', url, headers: { ...u.headers, 'accept-language': 'fr' } });
  expect(fr.json()).toEqual({ message: 'L’adresse de la requête est trop longue' });
  const ar = await t.request({ method: 'GET', url, headers: { ...u.headers, 'accept-language': 'ar' } });
  expect(ar.json()).toEqual({ message: 'عنوان الطلب طويل جدًا' });
  const badUrl = await t.request({ method: 'GET', url: '/api/popups/%E0%A4%A', headers: { ...u.headers, 'accept-language': 'fr' } });
  expect(badUrl.statusCode).toBe(400);
  expect(badUrl.json()).toEqual({ message: 'La requête est illisible' });
});

describe('a multipart upload that does not parse → 400 on the file field, never a 500', () => {
  const B = 'signpostBoundary';
  const part = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  test.each([
    ['no boundary in the content type', 'multipart/form-data', `${part}\x89PNG\r\n--${B}--\r\n`],
    ['a truncated part (the body ends inside the file)', `multipart/form-data; boundary=${B}`, `${part}\x89PNG\r\n\x1a\n`],
    ['a truncated part header', `multipart/form-data; boundary=${B}`, `--${B}\r\nContent-Disposition: form-da`],
    [
      'another boundary than the one announced',
      `multipart/form-data; boundary=${B}`,
      `--other\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--other--\r\n`,
    ],
    ['text that is no multipart at all', `multipart/form-data; boundary=${B}`, 'hello world'],
    ['an empty body', `multipart/form-data; boundary=${B}`, ''],
    ['an empty boundary', 'multipart/form-data; boundary=', '----\r\n'],
  ])('%s', async (_name, contentType, payload) => {
    const res = await t.request({ method: 'POST', url: '/api/upload', headers: { ...u.headers, 'content-type': contentType }, payload });
    expect400(res, 'file');
  });

  test('a content type that is not multipart → 400 "Please choose an image" or 415, never a 500', async () => {
    for (const contentType of ['text/plain', 'application/octet-stream', 'multipart/mixed; boundary=x']) {
      const res = await t.request({ method: 'POST', url: '/api/upload', headers: { ...u.headers, 'content-type': contentType }, payload: 'hello' });
      expect([400, 415]).toContain(res.statusCode);
      expect(res.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
  });
});

test.each([
  ['a right-to-left override', '\u202E'],
  ['a left-to-right embedding', '\u202A'],
  ['a direction isolate', '\u2067'],
  ['a right-to-left mark', '\u200F'],
  ['a zero-width space', '\u200B'],
  ['a byte-order mark', '\uFEFF'],
])('%s in an e-mail subject → 400 on `subject`, nothing stored', async (_name, char) => {
  const before = await countContents();
  const res = await t.request({ method: 'POST', url: '/api/emails', headers: u.headers, payload: emailBody({ subject: `Invoice ${char}fdp.exe` }) });
  expect400(res, 'subject');
  expect(res.json().errors.subject).toBe('Remove the invisible or text-direction control characters');
  expect(await countContents()).toBe(before);
});

test('invisible controls in the preheader or the sender name are refused too; joiners that emoji and scripts need are kept', async () => {
  expect400(await t.request({ method: 'POST', url: '/api/emails', headers: u.headers, payload: emailBody({ preheader: 'a\u202Eb' }) }), 'preheader');
  expect400(await t.request({ method: 'POST', url: '/api/emails', headers: u.headers, payload: emailBody({ senderName: 'Bank\u2066' }) }), 'senderName');
  const family = await t.request({
    method: 'POST',
    url: '/api/emails',
    headers: u.headers,
    payload: emailBody({ subject: 'Family \u{1F468}\u200D\u{1F469}\u200D\u{1F467} مرحبا\u200Cبك' }),
  });
  expect(family.statusCode).toBe(201);
});
