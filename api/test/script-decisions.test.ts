import type { ScriptItem } from 'contracts';
import type { CachedItem } from '../src/delivery/content-cache';
import { KIND_RULES } from '../src/services/campaign-kinds';
import { decide, startOfUtcDay, type VisitorFacts } from '../src/delivery/decide';
import { fitsAttributeType } from '../src/routes/public/identify';
import { originMatchesDomain } from '../src/delivery/origin';

/** The website script's decisions as pure functions (no database): origins, page rules, attribute types, fatigue. */

test('a page origin belongs to the website when its host is the domain or a subdomain (and the port, when the domain names one)', () => {
  expect(originMatchesDomain('https://shop.example.com', 'shop.example.com')).toBe(true);
  expect(originMatchesDomain('https://www.shop.example.com:8443', 'shop.example.com')).toBe(true);
  expect(originMatchesDomain('https://SHOP.example.com', 'shop.example.com')).toBe(true);
  expect(originMatchesDomain('https://evilshop.example.com', 'shop.example.com')).toBe(false);
  expect(originMatchesDomain('https://shop.example.com.evil.test', 'shop.example.com')).toBe(false);
  expect(originMatchesDomain('null', 'shop.example.com')).toBe(false);
  expect(originMatchesDomain('file://', 'shop.example.com')).toBe(false);
  // A domain with a port: that port only (the scheme's default when the origin names none).
  expect(originMatchesDomain('http://localhost:3005', 'localhost:3005')).toBe(true);
  expect(originMatchesDomain('http://localhost:3006', 'localhost:3005')).toBe(false);
  expect(originMatchesDomain('https://shop.example.com', 'shop.example.com:443')).toBe(true);
  // Loopback pages only for a loopback website, and never the other way round.
  expect(originMatchesDomain('http://localhost:3005', 'shop.example.com')).toBe(false);
  expect(originMatchesDomain('http://127.0.0.1:3005', 'shop.example.com')).toBe(false);
  expect(originMatchesDomain('http://app.localhost', 'localhost')).toBe(true);
});

test('attribute values must fit the declared type; null clears any', () => {
  expect(fitsAttributeType('string', 'x')).toBe(true);
  expect(fitsAttributeType('string', 3)).toBe(false);
  expect(fitsAttributeType('number', 3.5)).toBe(true);
  expect(fitsAttributeType('number', '3')).toBe(false);
  expect(fitsAttributeType('boolean', false)).toBe(true);
  expect(fitsAttributeType('boolean', 'true')).toBe(false);
  expect(fitsAttributeType('date', '2027-01-31')).toBe(true);
  expect(fitsAttributeType('date', '2027-01-31T10:00:00Z')).toBe(true);
  expect(fitsAttributeType('date', '2027-02-30')).toBe(false);
  expect(fitsAttributeType('date', 20270131)).toBe(false);
  expect(fitsAttributeType('number', null)).toBe(true);
});

const item = (id: string, kind: CachedItem['kind'], o: Partial<CachedItem> = {}): CachedItem => ({
  id,
  kind,
  rank: 1,
  createdAt: 0,
  device: 'all',
  href: kind === 'popup' ? '' : null,
  endsAt: null,
  replay: KIND_RULES[kind].delivery?.replay ?? 'always',
  showAgain: 'never',
  audience: { everyone: true },
  item: { id, kind } as unknown as ScriptItem,
  json: '',
  ...o,
});
const facts = (history: [string, string, number | null, number | null][] = [], memberId: string | null = null): VisitorFacts => ({
  memberId,
  identityVerified: false,
  matched: new Set(),
  groups: new Set(),
  history: new Map(history.map(([id, kind, lastView, lastClose]) => [id, { kind, lastView, lastClose }])),
});
const now = Date.UTC(2026, 10, 24, 12);
const visit = { url: new URL('https://shop.example.com/'), device: 'web' as const, now, open: new Set<string>(), seen: new Set<string>() };
const ids = (r: { items: CachedItem[] }) => r.items.map((i) => i.id);

test('fatigue: the cap counts distinct interruptive items seen today (viewed, or shown by the page); banners never count', () => {
  const items = [item('p1', 'popup'), item('p2', 'popup'), item('n1', 'push'), item('n2', 'push'), item('b1', 'banner')];
  // Several interruptive items may be returned: the page shows them one at a time.
  expect(ids(decide(items, facts(), visit, 3))).toEqual(['p1', 'p2', 'n1', 'b1']);
  expect(ids(decide(items, facts(), visit, 1))).toEqual(['p1', 'b1']);
  expect(ids(decide(items, facts(), visit, 0))).toEqual(['b1']);
  // Viewed yesterday does not count today.
  const yesterday = startOfUtcDay(now) - 1000;
  expect(decide(items, facts([['x', 'push', yesterday, null]]), visit, 3).today).toBe(0);
  // Returned but never shown: not counted. p1 seen (its view reached the server): it counts.
  const seen = decide(items, facts([['p1', 'popup', now - 1000, null]]), visit, 2);
  expect(seen.today).toBe(1);
  expect(ids(seen)).toEqual(['p2', 'b1']);
  // The page says it showed n1 (its view still in the page's batch): counted, and not shown again.
  const told = decide(items, facts(), { ...visit, seen: new Set(['n1']) }, 2);
  expect(told.today).toBe(1);
  expect(ids(told)).toEqual(['p1', 'b1']);
});

test('the page owns what is open: an open popup stays in without a new slot; one closed by itself or in a batch still on its way does not hold anything', () => {
  const items = [item('high', 'popup', { rank: 2 }), item('open', 'popup', { href: '/pricing' }), item('n1', 'push')];
  // Open on the page (even on a page its rule does not name, after a client-side navigation): returned, counted once.
  const open = decide(items, facts([['open', 'popup', now - 1000, null]]), { ...visit, open: new Set(['open']) }, 2);
  expect(ids(open)).toEqual(['high', 'open']);
  expect(open.today).toBe(1);
  // Its view counts as seen: not shown again once the page no longer has it (closed by itself: no close event).
  expect(ids(decide(items, facts([['open', 'popup', now - 1000, null]]), { ...visit, url: new URL('https://shop.example.com/pricing') }, 3))).toEqual([
    'high',
    'n1',
  ]);
  // A popup that shows again every time comes back on the next page once the page no longer has it open.
  const always = [item('again', 'popup', { showAgain: 'always' })];
  expect(ids(decide(always, facts([['again', 'popup', now - 1000, null]]), visit, 1))).toEqual(['again']);
  // Daily: not again today, again tomorrow.
  const daily = [item('daily', 'popup', { showAgain: 'daily' })];
  expect(ids(decide(daily, facts([['daily', 'popup', now - 1000, null]]), visit, 3))).toEqual([]);
  expect(ids(decide(daily, facts([['daily', 'popup', startOfUtcDay(now) - 1000, startOfUtcDay(now) - 500]]), visit, 3))).toEqual(['daily']);
});

test("replay follows each kind's rule from its server rules: a closed banner stays closed, a push shows once, tours and checklists always", () => {
  const seenNotClosed = (id: string, kind: string): [string, string, number | null, number | null] => [id, kind, now - 1000, null];
  const closed = (id: string, kind: string): [string, string, number | null, number | null] => [id, kind, now - 1000, now - 500];
  const items = [item('b1', 'banner'), item('n1', 'push'), item('t1', 'tour'), item('c1', 'checklist')];
  expect(ids(decide(items, facts([seenNotClosed('b1', 'banner'), seenNotClosed('t1', 'tour'), seenNotClosed('c1', 'checklist')]), visit, 3))).toEqual([
    'b1',
    'n1',
    't1',
    'c1',
  ]);
  expect(ids(decide(items, facts([closed('b1', 'banner'), seenNotClosed('n1', 'push'), closed('t1', 'tour'), closed('c1', 'checklist')]), visit, 3))).toEqual([
    't1',
    'c1',
  ]);
});

test('a page rule on a hash route matches the page address the script sends', () => {
  const items = [item('done', 'popup', { href: '#/completed' }), item('home', 'popup', { href: '/index.html#/' })];
  const at = (address: string) => ids(decide(items, facts(), { ...visit, url: new URL(address) }, 3));
  expect(at('http://localhost:8080/#/completed')).toEqual(['done']);
  expect(at('http://localhost:8080/index.html#/completed')).toEqual(['done']);
  expect(at('http://localhost:8080/#/')).toEqual(['home']);
  expect(at('http://localhost:8080/#/active')).toEqual([]);
});

test('anonymous visitors get content for everyone only; audiences need every requirement', () => {
  const items = [
    item('high', 'popup', { rank: 2 }),
    item('member', 'banner', { audience: { everyone: false, requirements: [[{ condition: 0 }]], people: new Set() } }),
    item('grouped', 'banner', { audience: { everyone: false, requirements: [[{ group: 'g1' }], [{ condition: 1 }]], people: new Set() } }),
  ];
  expect(ids(decide(items, facts(), visit, 3))).toEqual(['high']);
  const member: VisitorFacts = { ...facts([], 'm1'), matched: new Set([0]) };
  expect(ids(decide(items, member, visit, 3))).toEqual(['high', 'member']);
  // Every requirement met (group g1 and condition 1): a push notification naming a group and an audience.
  expect(ids(decide(items, { ...member, groups: new Set(['g1']) }, visit, 3))).toEqual(['high', 'member']);
  expect(ids(decide(items, { ...member, matched: new Set([0, 1]), groups: new Set(['g1']) }, visit, 3))).toEqual(['high', 'member', 'grouped']);
});
