import { type ScriptContentAnswer, type ScriptItem } from 'contracts';
import { withTestApp, type TestApp } from './support/test-app';
import { newSite, type Site } from './support/sites';
import { bannerBody, popupBody, pushBody } from './support/campaigns';
import { postVisitorEvents } from './support/visitor-events';

/**
 * The lifecycle of popups, banners and push notifications (contracts' lifecycle.ts): statuses change
 * only through actions (publish, schedule, cancel, duplicate), each publish stores a version, edits
 * of a live item wait beside it until published, and the website script only ever gets the
 * published version within its schedule, on a clock the test moves.
 */
const clock = { at: Date.UTC(2027, 0, 15, 9), now: () => clock.at };
let t: TestApp;
withTestApp((app) => (t = app), { clock });

interface KindCase {
  kind: 'popup' | 'banner' | 'push';
  base: string;
  /** A body whose visible text (what the script renders) is `text`. */
  body(text: string): object;
  /** The visible text of the script's item. */
  textOf(item: ScriptItem): string;
  /** PUT of a whole document (push notifications carry `_id` in the body). */
  update(id: string, text: string): { method: 'PUT'; url: string; payload: object };
  cancelMethod: 'DELETE' | 'PATCH';
}

const KINDS: KindCase[] = [
  {
    kind: 'popup',
    base: '/api/popups',
    body: (text) => popupBody({ titleOfPopup: { label: text } }),
    textOf: (i) => (i.kind === 'popup' ? i.popup.titleOfPopup.label : ''),
    update: (id, text) => ({ method: 'PUT', url: `/api/popups/${id}`, payload: popupBody({ titleOfPopup: { label: text } }) }),
    cancelMethod: 'DELETE',
  },
  {
    kind: 'banner',
    base: '/api/banners',
    body: (text) => bannerBody({ titleOfBanner: text }),
    textOf: (i) => (i.kind === 'banner' ? i.banner.titleOfBanner : ''),
    update: (id, text) => ({ method: 'PUT', url: `/api/banners/${id}`, payload: bannerBody({ titleOfBanner: text }) }),
    cancelMethod: 'DELETE',
  },
  {
    kind: 'push',
    base: '/api/push-notification',
    body: (text) => pushBody({ title: text }),
    textOf: (i) => (i.kind === 'push' ? i.push.title : ''),
    update: (id, text) => ({ method: 'PUT', url: '/api/push-notification', payload: { ...pushBody({ title: text }), _id: id } }),
    cancelMethod: 'PATCH',
  },
];

const site = () => newSite(t);

let visitors = 0;
/** What a new visitor of the site is shown now: the visible texts. */
async function served(s: Site, k: KindCase): Promise<string[]> {
  visitors += 1;
  const query = new URLSearchParams({ visitorId: `v-${visitors}`, url: `https://${s.domain}/`, device: 'web' });
  const res = await t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as ScriptContentAnswer).items.filter((i) => i.kind === k.kind).map((i) => k.textOf(i));
}

/** The answer once the cache heard of the change (NOTIFY arrives just after the commit). */
async function eventually(read: () => Promise<string[]>, expected: string[]): Promise<void> {
  let got: string[] = [];
  for (let i = 0; i < 40; i++) {
    got = await read();
    if (JSON.stringify(got) === JSON.stringify(expected)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(got).toEqual(expected);
}

const call = (s: Site, method: 'GET' | 'PUT' | 'DELETE' | 'PATCH' | 'POST', url: string, payload?: object) =>
  t.request({ method, url, headers: s.u.headers, ...(payload ? { payload } : {}) });

async function create(s: Site, k: KindCase, text: string, asDraft = false): Promise<string> {
  const res = await call(s, 'POST', asDraft ? `${k.base}?draft=true` : k.base, k.body(text));
  expect(res.statusCode).toBe(201);
  return res.json().data._id;
}

describe.each(KINDS)('$kind', (k) => {
  test('a duplicate is a draft the script does not get; publish makes it live, as version 1', async () => {
    const s = await site();
    const id = await create(s, k, 'Original');
    await eventually(() => served(s, k), ['Original']);
    // Cancel the original, so the copy is the only candidate (one popup at a time).
    expect((await call(s, k.cancelMethod, `${k.base}/cancel/${id}`)).statusCode).toBe(200);
    const dup = await call(s, 'PUT', `${k.base}/duplicate/${id}`);
    expect(dup.statusCode).toBe(201);
    const copy = dup.json().data;
    expect(copy).toMatchObject({ status: 'draft', hasDraft: false, publishedAt: null });
    await eventually(() => served(s, k), []);
    expect((await call(s, 'GET', `${k.base}/${copy._id}/versions`)).json()).toEqual({ data: [] });
    expect((await call(s, 'GET', `${k.base}?status=draft`)).json().docs.map((d: { _id: string }) => d._id)).toEqual([copy._id]);

    const published = await call(s, 'PUT', `${k.base}/publish/${copy._id}`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ data: { _id: copy._id, status: 'public', hasDraft: false, publishedAt: new Date(clock.at).toISOString() } });
    expect(published.json().message).toMatch(/published$/);
    // Popups and banners title the copy "… (copy)"; a push notification's visible title is its own.
    await eventually(() => served(s, k), [k.kind === 'push' ? 'Original' : 'Original (copy)']);
    const versions = (await call(s, 'GET', `${k.base}/${copy._id}/versions`)).json().data;
    expect(versions).toEqual([{ number: 1, createdAt: expect.any(String), author: { _id: s.u.id, name: expect.any(String) }, summary: [], live: true }]);
    // Nothing new to publish: 409.
    expect((await call(s, 'PUT', `${k.base}/publish/${copy._id}`)).statusCode).toBe(409);
  });

  test('a cancelled item is published again', async () => {
    const s = await site();
    const id = await create(s, k, 'Comeback');
    expect((await call(s, k.cancelMethod, `${k.base}/cancel/${id}`)).json().data.status).toBe('cancelled');
    await eventually(() => served(s, k), []);
    const again = await call(s, 'PUT', `${k.base}/publish/${id}`);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('public');
    await eventually(() => served(s, k), ['Comeback']);
    // The same document: no second version.
    expect((await call(s, 'GET', `${k.base}/${id}/versions`)).json().data.map((v: { number: number }) => v.number)).toEqual([1]);
  });

  test('"Save as draft" creates a draft; editing it changes it directly', async () => {
    const s = await site();
    const id = await create(s, k, 'Draft one', true);
    expect((await call(s, 'GET', `${k.base}/${id}`)).json().data).toMatchObject({ status: 'draft', hasDraft: false });
    expect((await call(s, k.update(id, 'Draft two').method, k.update(id, 'Draft two').url, k.update(id, 'Draft two').payload)).json().data).toMatchObject({
      status: 'draft',
      hasDraft: false,
    });
    await eventually(() => served(s, k), []);
    expect((await call(s, 'PUT', `${k.base}/publish/${id}`)).statusCode).toBe(200);
    await eventually(() => served(s, k), ['Draft two']);
  });

  test('scheduled in the future: not served, served once its start passes, not after its end', async () => {
    const s = await site();
    const id = await create(s, k, 'Later', true);
    const start = clock.at + 60 * 60_000;
    const end = start + 2 * 60 * 60_000;
    // The end must come after the start: 400 on the field, nothing scheduled.
    const wrong = await call(s, 'PUT', `${k.base}/schedule/${id}`, { startsAt: new Date(start).toISOString(), endsAt: new Date(start - 1).toISOString() });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ endsAt: 'The end must be after the start' });
    expect((await call(s, 'PUT', `${k.base}/schedule/${id}`, { startsAt: 'tomorrow' })).statusCode).toBe(400);

    // An offset other than Z is the same instant.
    const startInParis = new Date(start + 60 * 60_000).toISOString().replace('Z', '+01:00');
    const res = await call(s, 'PUT', `${k.base}/schedule/${id}`, { startsAt: startInParis, endsAt: new Date(end).toISOString() });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'scheduled', startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString() });
    expect((await call(s, 'GET', `${k.base}?status=scheduled`)).json().docs).toMatchObject([{ _id: id, startsAt: new Date(start).toISOString() }]);
    await eventually(() => served(s, k), []);
    clock.at = start - 1;
    expect(await served(s, k)).toEqual([]);
    clock.at = start;
    expect(await served(s, k)).toEqual(['Later']);
    clock.at = end - 1;
    expect(await served(s, k)).toEqual(['Later']);
    clock.at = end;
    expect(await served(s, k)).toEqual([]);
    // Publishing now ends the schedule: live without an end.
    expect((await call(s, 'PUT', `${k.base}/publish/${id}`)).json().data).toMatchObject({ status: 'public', startsAt: null, endsAt: null });
    await eventually(() => served(s, k), ['Later']);
  });

  test('editing a live item: the script keeps the published version until Publish; Discard drops the changes', async () => {
    const s = await site();
    const id = await create(s, k, 'Version one');
    await eventually(() => served(s, k), ['Version one']);
    const edit = k.update(id, 'Version two');
    const saved = await call(s, edit.method, edit.url, edit.payload);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'public', hasDraft: true });
    expect((await call(s, 'GET', `${k.base}?status=public`)).json().docs).toMatchObject([{ _id: id, hasDraft: true }]);
    // Still the published version once the content cache has heard of the save: a change published
    // after it on another website is served, and the cache hears the database's notifications in
    // commit order, so the save's came before.
    const later = await site();
    await create(later, k, 'Published after the save');
    await eventually(() => served(later, k), ['Published after the save']);
    expect(await served(s, k)).toEqual(['Version one']);

    expect((await call(s, 'PUT', `${k.base}/publish/${id}`)).json().data).toMatchObject({ status: 'public', hasDraft: false });
    await eventually(() => served(s, k), ['Version two']);
    const versions = (await call(s, 'GET', `${k.base}/${id}/versions`)).json().data;
    expect(versions.map((v: { number: number; live: boolean }) => [v.number, v.live])).toEqual([
      [2, true],
      [1, false],
    ]);
    expect(versions[0].summary).toContain(k.kind === 'popup' ? 'titleOfPopup' : k.kind === 'banner' ? 'titleOfBanner' : 'title');

    // Discard: the editor reads the live version again, visitors never saw the change.
    const third = k.update(id, 'Version three');
    await call(s, third.method, third.url, third.payload);
    const discarded = await call(s, 'DELETE', `${k.base}/draft/${id}`);
    expect(discarded.statusCode).toBe(200);
    expect(discarded.json().data).toMatchObject({ hasDraft: false });
    expect(k.textOf({ kind: k.kind, [k.kind]: discarded.json().data } as unknown as ScriptItem)).toBe('Version two');
    // Nothing left to discard.
    expect((await call(s, 'DELETE', `${k.base}/draft/${id}`)).statusCode).toBe(409);
    await eventually(() => served(s, k), ['Version two']);
  });

  test('restoring a version makes it the unpublished changes; published, the script gets it', async () => {
    const s = await site();
    const id = await create(s, k, 'First words');
    const edit = k.update(id, 'Second words');
    await call(s, edit.method, edit.url, edit.payload);
    await call(s, 'PUT', `${k.base}/publish/${id}`);
    await eventually(() => served(s, k), ['Second words']);

    expect((await call(s, 'PUT', `${k.base}/${id}/versions/9/restore`)).json()).toEqual({ message: 'Version not found' });
    const restored = await call(s, 'PUT', `${k.base}/${id}/versions/1/restore`);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().data).toMatchObject({ status: 'public', hasDraft: true });
    expect(k.textOf({ kind: k.kind, [k.kind]: restored.json().data } as unknown as ScriptItem)).toBe('First words');
    expect(await served(s, k)).toEqual(['Second words']);
    await call(s, 'PUT', `${k.base}/publish/${id}`);
    await eventually(() => served(s, k), ['First words']);
    expect((await call(s, 'GET', `${k.base}/${id}/versions`)).json().data.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
  });

  test('actions on another website’s item answer 404', async () => {
    const s = await site();
    const other = await site();
    const id = await create(s, k, 'Mine');
    for (const [method, url] of [
      ['PUT', `${k.base}/publish/${id}`],
      ['DELETE', `${k.base}/draft/${id}`],
      ['GET', `${k.base}/${id}/versions`],
      ['PUT', `${k.base}/${id}/versions/1/restore`],
    ] as const) {
      expect((await call(other, method, url)).statusCode).toBe(404);
    }
    expect((await call(other, 'PUT', `${k.base}/schedule/${id}`, { startsAt: new Date(clock.at).toISOString() })).statusCode).toBe(404);
  });
});

test('reactions and comments stay with the popup across versions', async () => {
  const s = await site();
  const k = KINDS[0];
  const id = await create(s, k, 'Talk to us');
  const events = [
    { type: 'react', visitorId: 'r1', contentId: id, emoji: '👍' },
    { type: 'comment', visitorId: 'r1', contentId: id, body: 'Nice' },
  ];
  // Sent as the visitor's page sends them, with the visitor token of its content call.
  const [sent] = await postVisitorEvents(t, s.key, events);
  expect(sent.statusCode).toBeLessThan(300);
  const edit = k.update(id, 'Talk to us, again');
  await call(s, edit.method, edit.url, edit.payload);
  await call(s, 'PUT', `${k.base}/publish/${id}`);
  expect((await call(s, 'GET', `${k.base}/${id}`)).json().data).toMatchObject({ reactCount: 1, commentCount: 1 });
  expect((await call(s, 'GET', `${k.base}/${id}/comments`)).json().docs).toHaveLength(1);
});

test('the website’s time zone is a delivery setting; an unknown zone is refused', async () => {
  const s = await site();
  const url = `/api/websites/${s.u.websiteId}/settings`;
  const pacing = { pushesBesidePopup: false, quietAfterCloseSeconds: 3 };
  expect((await call(s, 'GET', url)).json()).toEqual({ data: { interruptionsPerDay: 3, ...pacing, timeZone: 'UTC' } });
  expect((await call(s, 'PUT', url, { interruptionsPerDay: 5, timeZone: 'Europe/Paris' })).json().data).toEqual({
    interruptionsPerDay: 5,
    ...pacing,
    timeZone: 'Europe/Paris',
  });
  // Left out, the zone stays.
  expect((await call(s, 'PUT', url, { interruptionsPerDay: 4 })).json().data).toEqual({ interruptionsPerDay: 4, ...pacing, timeZone: 'Europe/Paris' });
  const bad = await call(s, 'PUT', url, { interruptionsPerDay: 4, timeZone: 'Mars/Olympus' });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toEqual({ timeZone: 'Unknown time zone' });
});
