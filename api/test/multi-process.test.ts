import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { emailDocumentSchema } from 'contracts';
import { scaled } from '../../tooling/test-time-scale.cjs';
import { openDatabase, type Database } from '../src/db/client';
import { clientMembers, emailJobs, users, websites } from '../src/db/schema';
import { emailRules } from '../src/services/campaign-kinds';
import { insertCampaign } from '../src/stores/campaigns';
import { emailsStore } from '../src/stores/emails';
import { bannerBody } from './support/campaigns';
import { spawnNode, stopChildren } from './support/child-processes';
import { TEST_ADMIN, TEST_AUTH_SECRET } from './support/constants';
import { openStream, type OpenStream } from './support/live-streams';
import { startSmtpServer } from './support/smtp';
import { createPostgresDatabase } from './support/test-app';

/**
 * Three API processes (real ones, `node --import tsx src/main.ts`, each on its own port as on three
 * machines behind a balancer) on one PostgreSQL database: TEST_DATABASE_URL's server, else a
 * throwaway cluster started here (skipped when PostgreSQL is not installed). They start together on
 * the new database (one migrates and seeds, the others wait for it). Whatever one process does, the
 * others see through the database alone: a visitor on one and staff on another converse live;
 * content published on one is served by the others within a second; the sign-in limiter counts an
 * attack spread over the three; a visitor's stream cut by a SIGKILL reconnects to a survivor and
 * misses nothing; and a campaign whose sender is killed mid-way reaches every recipient exactly once.
 */
jest.setTimeout(scaled(240_000));

const PROCESSES = 3;
const PEOPLE = 120;
/** Failed sign-ins per account and address before the limiter refuses (the API's default). */
const LOGIN_MAX_FAILURES = 5;
const EMAIL_LEASE_MS = 4_000;

let databaseUrl = '';
let dropDatabase: () => Promise<void> = async () => {};
let dataDir = '';
let smtp: { server: SMTPServer; url: string } | null = null;
/** What the SMTP server received: per recipient, the Message-IDs; and every delivery. */
const byRecipient = new Map<string, Set<string>>();
let deliveries = 0;

interface Api {
  child: ChildProcess;
  base: string;
}
const apis: Api[] = [];
let website: { id: string; key: string };
let staffHeaders: Record<string, string>;
let available = true;

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

async function startApi(): Promise<Api> {
  const port = await freePort();
  const child = spawnNode(['--import', 'tsx', path.join(__dirname, '..', 'src', 'main.ts')], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_ADMIN_EMAIL: TEST_ADMIN.email,
      SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
      SMTP_URL: smtp!.url,
      EMAIL_POLL_MS: '50',
      // Each process claims 20 e-mails a second and sends them 5 at a time at 250 ms each: busy all
      // through the campaign, so the one killed holds claimed e-mails it never sends; and a claim's
      // lease is sixteen times what sending it takes, so no e-mail is taken over from a living process.
      EMAIL_RATE_PER_SECOND: '20',
      EMAIL_LEASE_MS: String(EMAIL_LEASE_MS),
      LOGIN_MAX_FAILURES: String(LOGIN_MAX_FAILURES),
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + scaled(120_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`an API process exited (${child.exitCode ?? child.signalCode})`);
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { child, base };
    if (Date.now() > deadline) throw new Error(`the API on ${base} did not start`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** SIGTERM, and SIGKILL if it is still there after 5 s; resolves once it exited. */
async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  child.kill('SIGTERM');
  await exited(child);
  clearTimeout(timer);
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A throwaway cluster held by a child process (test/support/throwaway-postgres.mjs): its URL, or why there is none. */
function throwawayPostgres(): Promise<{ url: string } | { error: string }> {
  const child = spawnNode([path.join(__dirname, 'support', 'throwaway-postgres.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(JSON.parse(out.split('\n')[0]) as { url: string } | { error: string });
    });
    child.once('exit', (code) => resolve({ error: `the throwaway PostgreSQL process exited (${code})` }));
  });
}

async function openTestData(): Promise<Database> {
  return openDatabase({ databaseUrl, poolSize: 2 });
}

beforeAll(async () => {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const got = await throwawayPostgres();
    if ('error' in got) {
      available = false;
      console.warn(`multi-process test skipped: ${got.error}`);
      return;
    }
    adminUrl = got.url;
  }
  ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase(adminUrl, 'signpost_multi'));
  dataDir = await mkdtemp(path.join(tmpdir(), 'signpost-multi-process-'));
  smtp = await startSmtpServer(
    (mail) => {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw.replace(/\r?\n\s+/g, ' '))?.[1] ?? 'none';
      for (const to of mail.to) {
        const seen = byRecipient.get(to) ?? new Set<string>();
        seen.add(id);
        byRecipient.set(to, seen);
        deliveries++;
      }
    },
    { latencyMs: 250 },
  );

  // The three start together on the new database, as machines behind a balancer would: one applies
  // the migrations and seeds while the others wait for it (an advisory lock each), then all serve.
  apis.push(...(await Promise.all(Array.from({ length: PROCESSES }, () => startApi()))));
  const database = await openTestData();
  try {
    const [w] = await database.db.select({ id: websites.id, key: websites.publicKey }).from(websites).limit(1);
    website = w;
  } finally {
    await database.close();
  }
  const login = await fetch(`${apis[1].base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(TEST_ADMIN),
  });
  expect(login.status).toBe(200);
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  staffHeaders = { authorization: `Bearer ${token}`, activewebsite: website.id };
});

// The processes first (a failed expectation or a time-out leaves them running), then what they use.
afterAll(async () => {
  await Promise.all(apis.map(({ child }) => stopProcess(child)));
  if (smtp) await new Promise<void>((resolve) => smtp!.server.close(() => resolve()));
  await dropDatabase().catch(() => {});
  // Last, the throwaway cluster's process (its cluster goes with it).
  await stopChildren();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A test that needs PostgreSQL: skipped (and says so) when none could be started. */
const pgTest = (name: string, fn: () => Promise<void>) => test(name, async () => (available ? fn() : undefined));

const PAGE = 'http://localhost:3005/';
async function contentOn(api: Api, visitorId: string): Promise<{ token: string; items: { id: string }[] }> {
  const res = await fetch(`${api.base}/api/public/${website.key}/content?${new URLSearchParams({ visitorId, url: PAGE, device: 'web' })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { token: string; items: { id: string }[] };
}

const visitorStream = (api: Api, token: string, lastEventId?: string) =>
  openStream(`${api.base}/api/public/${website.key}/messenger/live?${new URLSearchParams({ token, ...(lastEventId ? { lastEventId } : {}) })}`);

async function visitorWrites(api: Api, token: string, body: string, conversationId?: string): Promise<string> {
  const res = await fetch(`${api.base}/api/public/${website.key}/messenger/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, body, ...(conversationId ? { conversationId } : {}) }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { conversation: { _id: string } }).conversation._id;
}

async function staffAnswers(api: Api, conversationId: string, body: string) {
  const res = await fetch(`${api.base}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { ...staffHeaders, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  });
  expect(res.status).toBe(201);
}

const carries = (text: string) => (e: { event: string; data: unknown }) => e.event === 'message' && JSON.stringify(e.data).includes(text);

pgTest('a visitor on one process and staff on another converse live', async () => {
  const [visitorSide, staffSide] = [apis[0], apis[1]];
  const { token } = await contentOn(visitorSide, 'live-visitor');
  const visitor = await visitorStream(visitorSide, token);
  const staff = await openStream(`${staffSide.base}/api/live`, staffHeaders);
  try {
    await visitor.next((e) => e.event === 'ready');
    await staff.next((e) => e.event === 'ready');
    const conversation = await visitorWrites(visitorSide, token, 'Hello from process one');
    await staff.next(carries('Hello from process one'), scaled(5000));
    // The answer is written on the third process: the visitor's stream is on the first.
    await staffAnswers(apis[2], conversation, 'Hello from process three');
    await visitor.next(carries('Hello from process three'), scaled(5000));
  } finally {
    visitor.close();
    staff.close();
  }
});

pgTest('content published on one process is served by the others within a second', async () => {
  // The others have the website's content cached before the publish.
  for (const api of apis.slice(1)) await contentOn(api, 'cached-visitor');
  const created = await fetch(`${apis[0].base}/api/banners`, {
    method: 'POST',
    headers: { ...staffHeaders, 'content-type': 'application/json' },
    body: JSON.stringify(bannerBody({ titleOfBanner: 'Published on process one' })),
  });
  expect(created.status).toBe(201);
  const publishedAt = Date.now();
  const id = ((await created.json()) as { data: { _id: string } }).data._id;
  const servedAfter = await Promise.all(
    apis.slice(1).map(async (api) => {
      await until('the banner on another process', async () => (await contentOn(api, 'cached-visitor')).items.some((i) => i.id === id), scaled(1000));
      return Date.now() - publishedAt;
    }),
  );
  console.log(`published on one process, served by the others after ${servedAfter.join(' ms, ')} ms`);
});

pgTest('the sign-in limiter counts an attack spread over the processes', async () => {
  const statuses: number[] = [];
  for (let i = 0; i <= LOGIN_MAX_FAILURES; i++) {
    const res = await fetch(`${apis[i % PROCESSES].base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: TEST_ADMIN.email.replace('admin', 'attacked'), password: `wrong-${i}` }),
    });
    statuses.push(res.status);
  }
  // Each process saw at most two of the six attempts: only a count they share refuses the sixth.
  expect(statuses).toEqual([...Array(LOGIN_MAX_FAILURES).fill(401), 429]);
});

pgTest('a stream cut by a SIGKILL reconnects to a surviving process and misses no message (Last-Event-ID)', async () => {
  const [doomed, survivor] = [apis[0], apis[2]];
  const { token } = await contentOn(doomed, 'reconnecting-visitor');
  const conversation = await visitorWrites(doomed, token, 'Is anyone there?');
  let stream: OpenStream = await visitorStream(doomed, token);
  await stream.next((e) => e.event === 'ready');
  await staffAnswers(apis[1], conversation, 'First answer');
  const seen = await stream.next(carries('First answer'), scaled(5000));

  doomed.child.kill('SIGKILL');
  await exited(doomed.child);
  await stream.ended;
  // Written while the visitor has no stream at all.
  await staffAnswers(apis[1], conversation, 'Second answer');
  await staffAnswers(apis[1], conversation, 'Third answer');

  stream = await visitorStream(survivor, token, seen.id);
  try {
    await stream.next(carries('Third answer'), scaled(5000));
    const answers = stream.events.filter((e) => e.event === 'message').map((e) => JSON.stringify(e.data));
    expect(answers.filter((a) => a.includes('Second answer'))).toHaveLength(1);
    expect(answers.filter((a) => a.includes('Third answer'))).toHaveLength(1);
    expect(answers.some((a) => a.includes('First answer'))).toBe(false);
  } finally {
    stream.close();
  }
});

pgTest('a process killed with SIGKILL mid-campaign: every recipient gets exactly one e-mail', async () => {
  // The first process is gone (above): a fresh one joins, as a balancer's replacement would.
  const survivors = apis.filter((a) => a.child.exitCode === null && a.child.signalCode === null);
  if (survivors.length < PROCESSES) survivors.push(await startApi());
  const database = await openTestData();
  try {
    const [author] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
    await database.db
      .insert(clientMembers)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({ websiteId: website.id, memberId: `multi-${i}`, username: `reader${i}`, email: `reader${i}@multi.test` })),
      );
    const doc = emailDocumentSchema.parse({
      subject: 'Hello {{firstName|there}}',
      content: [{ id: 'b1', kind: 'text', text: 'One of many' }],
      target: 'dynamic',
      dynamicAudience: { operator: 'and', predicates: [{ attribute: 'memberId', comparison: 'starts_with', selectedValue: 'multi-' }] },
      status: 'public',
    });
    await database.db.transaction(async (tx) => {
      const id = await insertCampaign(tx, emailRules, website.id, author.id, doc);
      await emailsStore(tx).orderSend(id, website.id, 'http://localhost:4000');
    });

    await until('the first 40 e-mails', () => deliveries >= 40, scaled(60_000));
    const victim = survivors[1];
    victim.child.kill('SIGKILL');
    await exited(victim.child);
    const atKill = byRecipient.size;
    expect(atKill).toBeLessThan(PEOPLE);
    await until('every recipient', () => byRecipient.size >= PEOPLE, scaled(90_000));
    // Past the lease of what the killed process held, and many polls: anything sent twice would be by now.
    await new Promise((r) => setTimeout(r, EMAIL_LEASE_MS + 1000));

    const twice = [...byRecipient.entries()].filter(([, ids]) => ids.size !== 1);
    expect(twice).toEqual([]);
    expect(byRecipient.size).toBe(PEOPLE);
    // At most what the killed process had in flight (5 at a time) reached the server twice, as the same message.
    expect(deliveries - PEOPLE).toBeLessThanOrEqual(5);
    const jobs = await database.db.select({ status: emailJobs.status, attempts: emailJobs.attempts }).from(emailJobs);
    expect(jobs).toHaveLength(PEOPLE);
    expect(jobs.filter((j) => j.status !== 'sent')).toEqual([]);
    console.log(
      `campaign: killed a sender after ${atKill} recipients; ${deliveries} SMTP deliveries for ${PEOPLE} recipients; ` +
        `${jobs.filter((j) => j.attempts > 1).length} e-mails taken over from the killed process`,
    );
  } finally {
    await database.close();
  }
});
