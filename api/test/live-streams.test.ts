import net from 'node:net';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { buildApp } from '../src/app';
import { websites } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { VisitorTokens } from '../src/services/visitor-tokens';
import { openStream, settlesWithin, visitorStreamUrl, visitorToken, staffStream } from './support/live-streams';
import { withTestApp, type TestApp, type TestUser } from './support/test-app';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * The caps on live streams (Server-Sent Events), over real sockets: each stream holds a connection
 * (a file descriptor) for minutes, so one visitor token, visitor or address cannot hold more than a
 * few, a person's oldest stream makes room for their newest, and the process refuses (503) past its
 * total while health, sign-in and the content call keep answering.
 */
const CAPS = { perToken: 2, perVisitor: 3, perAddress: 5 };
// The flood is one address's 20,000 calls: the content call's per-minute budget must not be what stops it.
const savedEnv = { ...process.env };
process.env.PUBLIC_CONTENT_PER_MINUTE = '1000000';
process.env.PUBLIC_WEBSITE_CONTENT_PER_MINUTE = '1000000';
afterAll(() => {
  process.env = savedEnv;
});

let t: TestApp;
withTestApp((app) => (t = app), {
  env: {
    LIVE_STREAMS_PER_TOKEN: String(CAPS.perToken),
    LIVE_STREAMS_PER_VISITOR: String(CAPS.perVisitor),
    LIVE_STREAMS_PER_ADDRESS: String(CAPS.perAddress),
  },
});

interface Site {
  owner: TestUser;
  id: string;
  key: string;
  domain: string;
}
async function newSite(): Promise<Site> {
  const owner = await t.createUser({ permissions: ALL_PERMISSIONS });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  return { owner, id: w.id, key: w.publicKey, domain: w.domain };
}

let base: string;
beforeAll(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});

/** The calls that must keep answering whatever the streams: health, sign-in and the content call, each over a new request. */
async function stillServed(s: Site) {
  const started = Date.now();
  const [health, login, content] = await Promise.all([
    fetch(`${base}/api/health`),
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: s.owner.email, password: s.owner.password }),
    }),
    fetch(`${base}/api/public/${s.key}/content?${new URLSearchParams({ visitorId: 'bystander', url: `https://${s.domain}/`, device: 'web' })}`),
  ]);
  return { statuses: [health.status, login.status, content.status], ms: Date.now() - started };
}

/**
 * `attempts` stream requests to `path`, over `sockets` kept-alive connections (plain HTTP/1.1 written
 * by hand: the client must cost far less than the server), each held until the server ends it, as a
 * browser would; rejects as soon as no stream ended for `stallMs`, which is what a server that keeps
 * every stream looks like. Resolves when every attempt was answered and at most `keep` streams are open.
 */
function flood(path: string, attempts: number, keep: number, { sockets = 48, stallMs = 4000 } = {}) {
  const { hostname, port } = new URL(base);
  const request = `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: keep-alive\r\n\r\n`;
  const tally = { answered: 0, ended: 0, refused: 0, open: 0, maxOpen: 0 };
  const all: net.Socket[] = [];
  let failed = false;
  const done = new Promise<typeof tally>((resolve, reject) => {
    let started = 0;
    let lastEnd = Date.now();
    const fail = (err: Error) => {
      if (failed) return;
      failed = true;
      clearInterval(watchdog);
      reject(err);
    };
    const watchdog = setInterval(() => {
      if (tally.answered === attempts && tally.open <= keep) {
        clearInterval(watchdog);
        resolve(tally);
      } else if (Date.now() - lastEnd > stallMs) {
        fail(new Error(`no stream ended for ${stallMs} ms after ${tally.answered} answers: the server keeps ${tally.open} streams of one token open`));
      }
    }, 50);
    const connection = () => {
      const socket = net.connect(Number(port), hostname);
      all.push(socket);
      let buffer = '';
      let status = 0;
      const send = () => {
        if (started >= attempts || failed) return void socket.end();
        started++;
        buffer = '';
        status = 0;
        socket.write(request);
      };
      socket.setEncoding('latin1');
      socket.on('connect', send);
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        if (!status) {
          const head = buffer.indexOf('\r\n\r\n');
          if (head < 0) return;
          status = Number(buffer.slice(9, 12));
          tally.answered++;
          if (status !== 200) {
            // Refused: counted; this connection is dropped and another takes its place.
            tally.refused++;
            lastEnd = Date.now();
            socket.destroy();
            if (!failed) connection();
            return;
          }
          tally.maxOpen = Math.max(tally.maxOpen, ++tally.open);
          buffer = buffer.slice(head + 4);
        }
        // The end of a chunked answer: the server ended the stream.
        if (buffer.endsWith('0\r\n\r\n') && (buffer.length === 5 || buffer.endsWith('\r\n0\r\n\r\n'))) {
          tally.open--;
          tally.ended++;
          lastEnd = Date.now();
          send();
        } else if (buffer.length > 8192) buffer = buffer.slice(-16);
      });
      socket.on('error', (err) => fail(err));
    };
    for (let i = 0; i < sockets; i++) connection();
  });
  return { done, stop: () => all.forEach((socket) => socket.destroy()) };
}

test(
  '20,000 stream attempts from one visitor token: it keeps at most its cap, and health, sign-in and the content call answer throughout',
  async () => {
    const s = await newSite();
    const token = await visitorToken(t, s, 'flooder');
    const attempts = Number(process.env.FLOOD_ATTEMPTS ?? 20_000);
    const attack = flood(`/api/public/${s.key}/messenger/live?token=${encodeURIComponent(token)}`, attempts, CAPS.perToken);
    const checks: { statuses: number[]; ms: number }[] = [];
    let flooding = true;
    const checking = (async () => {
      while (flooding) {
        checks.push(await stillServed(s));
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    try {
      const tally = await attack.done;
      // Each newer stream of the token ended its oldest: every attempt was admitted and every one but the last few ended.
      expect(tally).toMatchObject({ answered: attempts, ended: attempts - tally.open, refused: 0 });
      expect(t.app.liveHub.heldFor(`token|${sha256(token)}`)).toBeLessThanOrEqual(CAPS.perToken);
    } finally {
      flooding = false;
      await checking;
      attack.stop();
    }
    checks.push(await stillServed(s));
    for (const c of checks) expect(c.statuses).toEqual([200, 200, 200]);
    expect(Math.max(...checks.map((c) => c.ms))).toBeLessThan(5000);
    // The flood's connections are gone: their slots are free again.
    for (let i = 0; i < 50 && t.app.liveHub.heldFor(`token|${sha256(token)}`) > 0; i++) await new Promise((r) => setTimeout(r, 100));
    expect(t.app.liveHub.heldFor(`token|${sha256(token)}`)).toBe(0);
  },
  scaled(180_000),
);

test('over a token’s or a visitor’s cap the oldest stream ends first; the newest keeps receiving', async () => {
  const s = await newSite();
  const token = await visitorToken(t, s, 'reopener');
  const url = visitorStreamUrl(base, s.key, token);
  const first = await openStream(url);
  await first.next((e) => e.event === 'ready');
  const second = await openStream(url);
  await second.next((e) => e.event === 'ready');
  // A third tab with the same token: the first, the oldest, ends; the second stays.
  const third = await openStream(url);
  expect(third.status).toBe(200);
  await third.next((e) => e.event === 'ready');
  expect(await settlesWithin(first.ended, 2000)).toBe(true);
  expect(second.isEnded).toBe(false);

  // The same visitor with other tokens (a page reloaded gets a new one): the visitor's cap, oldest first again.
  const tokens = new VisitorTokens(t.config.authSecret);
  const otherToken = await tokens.sign({ websiteId: s.id, visitorId: 'reopener', personId: null }, 1800);
  const fourth = await openStream(visitorStreamUrl(base, s.key, otherToken));
  await fourth.next((e) => e.event === 'ready');
  expect(second.isEnded).toBe(false);
  const fifth = await openStream(visitorStreamUrl(base, s.key, await tokens.sign({ websiteId: s.id, visitorId: 'reopener', personId: null }, 1700)));
  await fifth.next((e) => e.event === 'ready');
  expect(await settlesWithin(second.ended, 2000)).toBe(true);
  expect(third.isEnded || fourth.isEnded || fifth.isEnded).toBe(false);

  // The newest still hears the team's answer.
  const conv = (await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/messages`, payload: { token, body: 'Hello?' } })).json().conversation;
  await t.request({ method: 'POST', url: `/api/conversations/${conv._id}/messages`, headers: s.owner.headers, payload: { body: 'Hello!' } });
  expect((await fifth.next((e) => e.event === 'message' && (e.data as { author: string }).author === 'staff')).data).toMatchObject({ body: 'Hello!' });
  for (const x of [third, fourth, fifth]) x.close();
});

test('past an address’s cap a new stream is refused (429, Retry-After) and no stream of that address ends; a closed one frees its slot', async () => {
  const s = await newSite();
  const streams = [];
  for (let i = 0; i < CAPS.perAddress; i++) {
    const stream = await openStream(visitorStreamUrl(base, s.key, await visitorToken(t, s, `neighbour-${i}`)));
    await stream.next((e) => e.event === 'ready');
    streams.push(stream);
  }
  const refused = await openStream(visitorStreamUrl(base, s.key, await visitorToken(t, s, 'one-too-many')));
  expect(refused.status).toBe(429);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
  await new Promise((r) => setTimeout(r, 200));
  expect(streams.filter((x) => x.isEnded)).toEqual([]);

  // A visitor leaving gives the address its slot back.
  streams[0].close();
  let again;
  for (let i = 0; i < 20; i++) {
    again = await openStream(visitorStreamUrl(base, s.key, await visitorToken(t, s, 'one-too-many')));
    if (again.status === 200) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(again!.status).toBe(200);
  for (const x of [...streams, again!]) x.close();
});

test('the process refuses new streams past its total (503, Retry-After) with staff streams counted apart, and a stream past its lifetime frees its slot', async () => {
  const s = await newSite();
  const config = { ...t.config, liveStreams: { ...t.config.liveStreams, perAddress: 100, max: 3, staffMax: 1, lifetimeSeconds: 2 } };
  const other = await buildApp(config, { database: t.database, logger: false });
  try {
    const otherBase = await other.listen({ port: 0, host: '127.0.0.1' });
    const streams = [];
    for (let i = 0; i < 3; i++) {
      const stream = await openStream(visitorStreamUrl(otherBase, s.key, await visitorToken(t, s, `full-${i}`)));
      await stream.next((e) => e.event === 'ready');
      streams.push(stream);
    }
    const refused = await openStream(visitorStreamUrl(otherBase, s.key, await visitorToken(t, s, 'full-3')));
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The console's stream is of its own pool: still admitted; a second user's is not (its pool holds one).
    const staff = await staffStream(otherBase, s.owner);
    const colleague = await t.createUser({ organisationId: s.owner.organisationId, permissions: [] });
    expect((await openStream(`${otherBase}/api/live`, colleague.headers)).status).toBe(503);
    const health = await fetch(`${otherBase}/api/health`);
    expect(health.status).toBe(200);
    // Two seconds on, every stream reached its lifetime: ended by the server, slots free.
    expect(await settlesWithin(Promise.all([...streams, staff].map((x) => x.ended)), 5000)).toBe(true);
    expect(other.liveHub.size).toBe(0);
    const later = await openStream(visitorStreamUrl(otherBase, s.key, await visitorToken(t, s, 'full-3')));
    expect(later.status).toBe(200);
    later.close();
  } finally {
    await other.close();
  }
});
