import type { LightMyRequestResponse } from 'fastify';
import { translateMessage } from '../src/i18n/messages';
import { runAs } from '../src/lib/traffic-class';
import { newSite, type Site } from './support/sites';
import { withTestApp, type TestApp } from './support/test-app';
import { scaled } from '../../tooling/test-time-scale.cjs';

/*
 * The console is served before the public: on PGlite, its calls go ahead of the public's in the
 * queue in front of the one connection; on PostgreSQL, they have a pool of their own. The public
 * waits a bounded time, else is answered 503 with Retry-After before it touches the database.
 * To see a queue form, the tests hold the database: PGlite's one connection (a transaction), or
 * every connection of the public's pool on PostgreSQL (the test app opens pools of 5).
 */

// Several floods of a few hundred calls in one process: more than the default time on a loaded machine.
jest.setTimeout(scaled(90_000));

// The floods are of new visitors from one address: this file is about the database's queue, not the
// budgets that would refuse such a flood first (api/test/public-budgets.test.ts).
const savedEnv = { ...process.env };
process.env.PUBLIC_NEW_VISITORS_PER_MINUTE = '1000000';
process.env.PUBLIC_CONTENT_PER_MINUTE = '1000000';
process.env.PUBLIC_WEBSITE_CONTENT_PER_MINUTE = '1000000';
afterAll(() => {
  process.env = savedEnv;
});

let t: TestApp;
let s: Site;
withTestApp(async (app) => {
  t = app;
  s = await newSite(t);
});

const BUSY = translateMessage('generic.busy', 'en');
const PUBLIC_POOL = 5;

const content = (visitor: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/${s.key}/content?visitorId=${visitor}&url=${encodeURIComponent(`https://${s.domain}/`)}&device=web` });
const consoleCall = () => t.request({ method: 'GET', url: '/api/roles', headers: s.u.headers });

/** Holds the database until `release` is called (see above), the hold taking its connections first. */
async function hold(): Promise<() => Promise<void>> {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const holders = t.kind === 'pglite' ? 1 : PUBLIC_POOL;
  const started: Promise<void>[] = [];
  const done = Array.from({ length: holders }, () => {
    let began!: () => void;
    started.push(new Promise<void>((r) => (began = r)));
    return runAs(t.kind === 'pglite' ? 'staff' : 'public', () =>
      t.ctx.db.transaction(async () => {
        began();
        await released;
      }),
    );
  });
  await Promise.all(started);
  return async () => {
    release();
    await Promise.all(done);
  };
}

async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Calls that must be answered while the database is held: a failure, not a hang, when they are not. */
function answeredWithin<T>(answers: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`not answered within ${ms} ms`)), ms)));
  return Promise.race([answers, late]).finally(() => clearTimeout(timer));
}

const publicWaiting = () => t.database.traffic.waiting().public;

function expectBusy(res: LightMyRequestResponse) {
  expect(res.statusCode).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect(res.json()).toEqual({ message: BUSY });
}

beforeEach(async () => {
  // The website's content cached and the caller's session known, so that what waits is the calls' own queries.
  expect((await content('warm-up')).statusCode).toBe(200);
  expect((await consoleCall()).statusCode).toBe(200);
});

afterEach(() => t.database.traffic.setBounds(t.config.database.publicBounds));

test('a console call is answered at once while a backlog of public calls waits for the database', async () => {
  const flood = 300;
  t.database.traffic.setBounds({ concurrency: 10_000, queueMax: 10_000, waitMaxMs: 60_000 });
  const release = await hold();
  let lastPublicAt = 0;
  const publicCalls = Array.from({ length: flood }, (_, i) =>
    content(`v-${i}`).then((res) => {
      lastPublicAt = performance.now();
      return res;
    }),
  );
  await until(() => publicWaiting() >= flood, `${flood} public calls wait`);
  const consoleStart = performance.now();
  const answered = consoleCall().then((res) => ({ res, ms: performance.now() - consoleStart }));
  const releasedAt = performance.now();
  await release();
  const { res, ms } = await answered;
  const publicAnswers = await Promise.all(publicCalls);
  const floodMs = lastPublicAt - releasedAt;
  expect(res.statusCode).toBe(200);
  expect(publicAnswers.map((r) => r.statusCode).filter((status) => status !== 200)).toEqual([]);
  // Behind the backlog it would wait for one query of every public call (a third of the flood's time
  // or more); ahead of it, for a few queries of its own. On PostgreSQL the console has a pool of its own
  // and waits only for the event loop the flood's answers keep busy: a looser bound, still far from a third.
  expect(ms).toBeLessThan(floodMs / (t.kind === 'pglite' ? 8 : 4));
});

test('past the queue bound, new public calls are answered 503 with Retry-After at once, before the database; the console still is served', async () => {
  t.database.traffic.setBounds({ concurrency: 10_000, queueMax: 20, waitMaxMs: 60_000 });
  const release = await hold();
  try {
    const admitted = Array.from({ length: 40 }, (_, i) => content(`a-${i}`));
    await until(() => publicWaiting() >= 20, '20 public calls wait');
    // Answered while the database is still held: they never reached it.
    const refused = await answeredWithin(Promise.all(Array.from({ length: 20 }, (_, i) => content(`r-${i}`))));
    refused.forEach(expectBusy);
    const consoleAnswer = consoleCall();
    await release();
    expect((await consoleAnswer).statusCode).toBe(200);
    for (const res of await Promise.all(admitted)) {
      if (res.statusCode !== 200) expectBusy(res);
    }
  } finally {
    await release();
  }
});

test('a public call that waited past the wait bound is answered 503 with Retry-After instead of running', async () => {
  t.database.traffic.setBounds({ concurrency: 10_000, queueMax: 10_000, waitMaxMs: 200 });
  const release = await hold();
  const waited = Array.from({ length: 5 }, (_, i) => content(`w-${i}`));
  await until(() => publicWaiting() >= 5, '5 public calls wait');
  await new Promise((r) => setTimeout(r, 400));
  await release();
  (await Promise.all(waited)).forEach(expectBusy);
  // Once the database is free, the public is served again.
  expect((await content('after')).statusCode).toBe(200);
});

test('the public is served a few at a time: the others wait their turn, past the queue bound they are answered 503 at once', async () => {
  t.database.traffic.setBounds({ concurrency: 2, queueMax: 5, waitMaxMs: 60_000 });
  const release = await hold();
  try {
    const served = Array.from({ length: 2 }, (_, i) => content(`s-${i}`));
    await until(() => publicWaiting() >= 2, 'the 2 public calls served reach the database');
    const queued = Array.from({ length: 5 }, (_, i) => content(`q-${i}`));
    await until(() => t.app.publicTurns.waiting() >= 5, '5 public calls wait their turn');
    expect(t.app.publicTurns.serving()).toBe(2);
    // Only the two served reach the database; the five others wait their turn before reading anything.
    const refused = await answeredWithin(Promise.all(Array.from({ length: 3 }, (_, i) => content(`r-${i}`))));
    refused.forEach(expectBusy);
    const consoleAnswer = consoleCall();
    await release();
    expect((await consoleAnswer).statusCode).toBe(200);
    expect((await Promise.all([...served, ...queued])).map((r) => r.statusCode)).toEqual(Array(7).fill(200));
  } finally {
    await release();
  }
});
