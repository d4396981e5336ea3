#!/usr/bin/env node
// `pnpm demo:traffic`: plays realistic visitor traffic for the demo website, so a newcomer's
// dashboard has something to show. Everything goes through the product's own HTTP calls, as a real
// website's script would: each visitor asks the content call for their visitor token, then their
// visits go through the public ingestion call (POST /api/public/{publicKey}/events) in batches of
// their own carrying that token, never by writing rows. The batches also carry the admin's console
// session: an import of history by the website's staff, the one way events older than 24 hours keep
// their time. The console calls (sign-in, the website's public key, the campaign content the
// visitors see) are the ones the console uses.
//
//   pnpm demo:traffic                       30 days of traffic for the "Demo website"
//   pnpm demo:traffic -- --days=90 --seed=7
//   pnpm demo:traffic -- --if-empty         only when the website has had no visitor in 120 days
//
// Options and env: --api (SIGNPOST_API_URL, default http://localhost:4000), --email / --password
// (SEED_ADMIN_EMAIL / SEED_ADMIN_PASSWORD, defaults as the README says), --website (the website's
// domain, default localhost:3005), --days (1–90, default 30), --seed (same seed, same traffic
// shape), --if-empty.
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const BATCH = 100;

/** Small deterministic generator (mulberry32): the same seed plays the same visitors and choices. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Share of a day's visits in each hour (UTC): quiet at night, a morning and an afternoon peak. */
const HOUR_WEIGHTS = [1, 0.6, 0.4, 0.3, 0.3, 0.5, 1, 2, 3.5, 5, 5.5, 5, 4.2, 4.6, 5.2, 5.4, 4.8, 4, 3.4, 3, 2.6, 2.2, 1.8, 1.3];
const HOUR_TOTAL = HOUR_WEIGHTS.reduce((a, b) => a + b, 0);
const EMOJIS = ['👍', '❤️', '😂', '😮', '🎉'];
const COMMENTS = [
  'Very useful, thanks!',
  'Could you explain this a bit more?',
  'Love the new feature.',
  'This popped up at a bad moment.',
  'Great news 🎉',
  'Where can I find the settings for this?',
  'Merci, très clair.',
  'شكرًا، مفيد جدًا',
];

/** What a small site's visitors do over `days` days up to now: sessions, views, reactions, comments, closes, answers. */
export function generateTraffic({ days, seed, now = Date.now(), contents = [] }) {
  const rnd = random(seed);
  const pick = (xs) => xs[Math.floor(rnd() * xs.length)];
  const visitors = Array.from({ length: 450 }, (_, i) => ({ id: `demo-visitor-${seed}-${i}`, mobile: rnd() < 0.42 }));
  const events = [];
  const firstDay = Math.floor(now / DAY) * DAY - (days - 1) * DAY;
  for (let d = 0; d < days; d++) {
    const dayStart = firstDay + d * DAY;
    const weekday = new Date(dayStart).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    // A site that grows a little over the period, quieter at weekends, with day-to-day noise.
    const volume = Math.round((55 + 35 * (d / Math.max(1, days - 1))) * (weekend ? 0.6 : 1) * (0.8 + 0.4 * rnd()));
    for (let s = 0; s < volume; s++) {
      let r = rnd() * HOUR_TOTAL;
      let hour = 0;
      while (r > HOUR_WEIGHTS[hour] && hour < 23) r -= HOUR_WEIGHTS[hour++];
      const at = dayStart + hour * HOUR + Math.floor(rnd() * HOUR);
      if (at > now - 60_000) continue; // nothing in the future (nor in the last minute)
      // Returning visitors: a quarter of the pool makes most of the visits.
      const visitor = rnd() < 0.6 ? visitors[Math.floor(rnd() * 110)] : pick(visitors);
      // Mostly on their usual device, sometimes on the other one.
      const device = visitor.mobile === rnd() < 0.9 ? 'mobile' : 'web';
      events.push({ type: 'session', visitorId: visitor.id, device, occurredAt: new Date(at).toISOString() });
      if (contents.length === 0 || rnd() > 0.55) continue;
      const content = pick(contents);
      const later = (minutes) => new Date(Math.min(now - 1000, at + minutes * 60_000)).toISOString();
      events.push({ type: 'view', visitorId: visitor.id, contentId: content.id, occurredAt: later(1) });
      const canTalk = content.kind === 'popup' || content.kind === 'banner';
      if (canTalk && rnd() < 0.16) events.push({ type: 'react', visitorId: visitor.id, contentId: content.id, emoji: pick(EMOJIS), occurredAt: later(2) });
      if (canTalk && rnd() < 0.05) events.push({ type: 'comment', visitorId: visitor.id, contentId: content.id, body: pick(COMMENTS), occurredAt: later(3) });
      if (content.kind === 'popup' && rnd() < 0.06) {
        events.push({
          type: 'answer',
          visitorId: visitor.id,
          contentId: content.id,
          answers: [{ blockId: 'demo-question', question: 'How did you hear about us?', answer: pick(['A friend', 'Search', 'Social media', 'An ad']) }],
          occurredAt: later(3),
        });
      }
      if (rnd() < 0.35) events.push({ type: 'close', visitorId: visitor.id, contentId: content.id, occurredAt: later(4) });
    }
  }
  return events;
}

/** A console session over HTTP: signs in again when the access token expires. */
export function consoleClient(api, email, password) {
  let token = null;
  let website = null;
  const signIn = async () => {
    const res = await fetch(`${api}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const body = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(`sign-in as ${email} answered ${res.status}: ${body.message ?? ''}`);
    token = body.data.access_token;
    return body.data.user;
  };
  const call = async (method, path, body, retried = false) => {
    const headers = { accept: 'application/json', authorization: `Bearer ${token}` };
    if (website) headers.activewebsite = website;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${api}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    if (res.status === 401 && !retried) {
      await signIn();
      return call(method, path, body, true);
    }
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  return { signIn, call, useWebsite: (id) => (website = id), authorization: () => `Bearer ${token}` };
}

/** Campaign content the demo visitors see: the website's popups, banners and push notifications, created when there are none (and when those calls exist). */
/**
 * The demo content, two of each kind. Only the first popup and the first push notification are
 * published (the second of each is a draft): a fresh visitor of the demo site then gets one
 * interruptive item on the home page (the welcome popup waits on /pricing), far from the daily cap,
 * so "Sign in as Ada" still shows her "pro" popup.
 */
const KINDS = [
  {
    kind: 'popup',
    path: '/api/popups',
    draft: (i) => i > 1,
    body: (i) => ({
      titleOfPopup: { label: `Welcome offer ${i}` },
      content: [{ id: 'p1', content: [{ id: 'b1', kind: 'text', text: 'Get 20% off your first order.' }] }],
      href: '/pricing',
    }),
  },
  {
    kind: 'banner',
    path: '/api/banners',
    draft: () => false,
    body: (i) => ({ titleOfBanner: `Spring sale ${i}`, content: 'Everything at -30% this week.' }),
  },
  {
    kind: 'push',
    path: '/api/push-notification',
    draft: (i) => i > 1,
    body: (i) => ({ push_notification_title: `Release notes ${i}`, title: 'New feature', body: 'Dark mode is here. Try it now.' }),
  },
];

async function demoContents(client, log) {
  const out = [];
  for (const k of KINDS) {
    const list = async () => client.call('GET', `${k.path}?page=1&pageSize=100`);
    let res = await list();
    if (res.status === 404 && /^Route /.test(res.body?.message ?? '')) {
      log(`${k.path} does not exist in this API yet: no ${k.kind} events`);
      continue;
    }
    if (res.status !== 200) {
      log(`${k.path} answered ${res.status} (${res.body?.message ?? ''}): no ${k.kind} events`);
      continue;
    }
    // The seed's own content (the "pro" popup) does not count: the demo content is made once.
    if (!(res.body?.docs ?? []).some((d) => /^(Welcome offer|Spring sale|Release notes) /.test(d.title))) {
      for (let i = 1; i <= 2; i++) {
        const created = await client.call('POST', k.draft(i) ? `${k.path}?draft=true` : k.path, k.body(i));
        if (created.status !== 201 && created.status !== 200) log(`creating a demo ${k.kind} answered ${created.status} (${created.body?.message ?? ''})`);
      }
      res = await list();
    }
    // Visitors only ever saw what is published.
    for (const doc of res.body?.docs ?? []) if (doc.status === 'public') out.push({ id: doc._id, kind: k.kind });
  }
  return out;
}

/** The visitor token the content call answers a visitor, as their page asks it. */
async function visitorToken(api, publicKey, visitorId, pageUrl) {
  const query = new URLSearchParams({ visitorId, url: pageUrl });
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${api}/api/public/${publicKey}/content?${query}`, { headers: { accept: 'application/json' } });
    if (res.status === 200) return (await res.json()).token;
    if (res.status === 429 && attempt < 20) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    throw new Error(`GET /api/public/…/content answered ${res.status}`);
  }
}

/**
 * Posts each visitor's events in batches of their own (at most 100) with the visitor's token, over a
 * few connections; waits and retries on 429, and on 401 signs in again and asks a new visitor token.
 */
async function postAll(api, publicKey, events, { client, pageUrl, connections = 4, log }) {
  const byVisitor = new Map();
  for (const e of events) {
    if (!byVisitor.has(e.visitorId)) byVisitor.set(e.visitorId, []);
    byVisitor.get(e.visitorId).push(e);
  }
  const batches = [];
  for (const [visitorId, list] of byVisitor) for (let i = 0; i < list.length; i += BATCH) batches.push({ visitorId, events: list.slice(i, i + BATCH) });
  const tokens = new Map();
  let accepted = 0;
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      for (let attempt = 0; ; attempt++) {
        if (!tokens.has(batch.visitorId)) tokens.set(batch.visitorId, await visitorToken(api, publicKey, batch.visitorId, pageUrl));
        const res = await fetch(`${api}/api/public/${publicKey}/events`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: client.authorization() },
          body: JSON.stringify({ token: tokens.get(batch.visitorId), events: batch.events }),
        });
        if (res.status === 202) {
          accepted += (await res.json()).accepted;
          break;
        }
        const body = await res.json().catch(() => ({}));
        if (res.status === 401 && attempt < 3) {
          // The console session or the visitor token expired while playing: both anew.
          await client.signIn();
          tokens.delete(batch.visitorId);
          continue;
        }
        if (res.status === 429 && attempt < 20) {
          const wait = Number(res.headers.get('retry-after') ?? 1);
          log(`rate limited, waiting ${wait}s`);
          await new Promise((r) => setTimeout(r, wait * 1000));
          continue;
        }
        throw new Error(`POST /api/public/…/events answered ${res.status}: ${JSON.stringify(body)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return accepted;
}

/**
 * Plays the traffic. Answers { skipped, accepted, contents, website }.
 * `ifEmpty`: do nothing when the website already had a visitor in the last 120 days (pnpm start uses it).
 * `ifNoHistory`: do nothing when it had one before the last 24 hours: the past is already played, while
 * visitors of the last moments (a test suite's, on a fresh product) do not stop it.
 */
export async function playDemoTraffic({
  api = process.env.SIGNPOST_API_URL || 'http://localhost:4000',
  email = process.env.SEED_ADMIN_EMAIL || 'admin@signpost.local',
  password = process.env.SEED_ADMIN_PASSWORD || 'Signpost-admin-1',
  website = 'localhost:3005',
  days = 30,
  seed = 1,
  ifEmpty = false,
  ifNoHistory = false,
  log = (line) => console.log(`» ${line}`),
} = {}) {
  api = api.replace(/\/+$/, '');
  if (!Number.isInteger(days) || days < 1 || days > 90) throw new Error('--days must be between 1 and 90');
  const client = consoleClient(api, email, password);
  const user = await client.signIn();
  const site = user.websites.find((w) => w.domain === website) ?? user.websites.find((w) => w.name === 'Demo website') ?? user.websites[0];
  if (!site) throw new Error(`${email} has no website`);
  client.useWebsite(site._id);

  if (ifEmpty || ifNoHistory) {
    const end = new Date(Date.now() - (ifEmpty ? 0 : DAY));
    const start = new Date(end.getTime() - 120 * DAY);
    const count = await client.call('GET', `/api/count?startDate=${start.toISOString()}&endDate=${end.toISOString()}`);
    if (count.status === 200 && count.body.data.usersConnected > 0) {
      return { skipped: true, accepted: 0, contents: 0, website: site.name };
    }
  }

  const sites = await client.call('GET', '/api/websites?page=1&pageSize=1000');
  const publicKey = sites.body?.docs?.find((w) => w._id === site._id)?.publicKey;
  if (!publicKey) throw new Error(`GET /api/websites gave no public key for ${site.name} (${sites.status})`);

  const contents = await demoContents(client, log);
  const events = generateTraffic({ days, seed, contents });
  log(`${site.name}: sending ${events.length} events over ${days} days (${contents.length} content items) to ${api}/api/public/${publicKey}/events`);
  const accepted = await postAll(api, publicKey, events, { client, pageUrl: `http://${site.domain || website}/`, log });
  return { skipped: false, accepted, contents: contents.length, website: site.name };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      api: { type: 'string' },
      email: { type: 'string' },
      password: { type: 'string' },
      website: { type: 'string' },
      days: { type: 'string', default: '30' },
      seed: { type: 'string', default: '1' },
      'if-empty': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log('usage: pnpm demo:traffic [-- --days=30 --seed=1 --if-empty --api=http://localhost:4000 --email=… --password=… --website=localhost:3005]');
    process.exit(0);
  }
  try {
    const started = Date.now();
    const result = await playDemoTraffic({
      api: values.api,
      email: values.email,
      password: values.password,
      website: values.website,
      days: Number(values.days),
      seed: Number(values.seed),
      ifEmpty: Boolean(values['if-empty']),
    });
    if (result.skipped) console.log(`» ${result.website} already has visitor traffic: nothing sent (run without --if-empty to add more)`);
    else
      console.log(
        `» ${result.accepted} events accepted for ${result.website} in ${((Date.now() - started) / 1000).toFixed(1)} s. Open the dashboard and pick "Last 30 days".`,
      );
  } catch (err) {
    console.error(`pnpm demo:traffic: ${err.message}`);
    if (err.cause?.code === 'ECONNREFUSED') console.error('Is the API running? Start the product with `pnpm start` first.');
    process.exit(1);
  }
}
