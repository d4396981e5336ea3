import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { emailDocumentSchema } from 'contracts';
import { openDatabase, type Database } from '../src/db/client';
import { clientMembers, emailJobs, users, websites } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { emailRules } from '../src/services/campaign-kinds';
import { insertCampaign } from '../src/stores/campaigns';
import { emailsStore } from '../src/stores/emails';
import { TEST_ADMIN, TEST_AUTH_SECRET } from './support/constants';
import { spawnNode, stopChildren } from './support/child-processes';
import { startSmtpServer } from './support/smtp';
import { createPostgresDatabase } from './support/test-app';
import { scaled } from '../../tooling/test-time-scale.cjs';

/**
 * The queue survives a crash: the API (a real process, `node --import tsx src/main.ts`) is killed
 * with SIGKILL while it sends a campaign to 500 people, then started again on the same data (a PGlite
 * data folder, or a PostgreSQL database when TEST_DATABASE_URL is set). Every recipient ends up with
 * exactly one message (one Message-ID: a message whose acceptance the killed process could not
 * record is sent again as the same message, which mailboxes keep once), and every job is recorded sent.
 */
const PEOPLE = 500;
jest.setTimeout(scaled(180_000));

/** What the SMTP server received: per recipient, the Message-IDs (and how many deliveries in all). */
const byRecipient = new Map<string, Set<string>>();
let deliveries = 0;
let server: SMTPServer;
let smtpUrl: string;
let dataDir: string;
let databaseUrl: string | null = null;
let dropDatabase: () => Promise<void> = async () => {};

async function openTestData(): Promise<Database> {
  return databaseUrl ? openDatabase({ databaseUrl, poolSize: 2 }) : openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
}

beforeAll(async () => {
  const smtp = await startSmtpServer(
    (mail) => {
      const id = /^Message-ID:\s*(<[^>]+>)/im.exec(mail.raw.replace(/\r?\n\s+/g, ' '))?.[1] ?? 'none';
      for (const to of mail.to) {
        const seen = byRecipient.get(to) ?? new Set<string>();
        seen.add(id);
        byRecipient.set(to, seen);
        deliveries++;
      }
    },
    // A little latency, as a real server has: the kill lands while messages are in flight. The killed
    // API drops its SMTP connections mid-message (ECONNRESET): the crash under test.
    { latencyMs: 3 },
  );
  server = smtp.server;
  smtpUrl = smtp.url;
  dataDir = await mkdtemp(path.join(tmpdir(), 'signpost-email-durability-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase(adminUrl, 'signpost_durability'));

  // The data: the seeded product, 500 people with an address, and a published campaign to all of them.
  const database = await openTestData();
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  const [site] = await database.db.select({ id: websites.id }).from(websites).limit(1);
  const [author] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  await database.db
    .insert(clientMembers)
    .values(
      Array.from({ length: PEOPLE }, (_, i) => ({ websiteId: site.id, memberId: `durable-${i}`, username: `reader${i}`, email: `reader${i}@durable.test` })),
    );
  const doc = emailDocumentSchema.parse({
    subject: 'Hello {{firstName|there}}',
    content: [{ id: 'b1', kind: 'text', text: 'One of 500' }],
    target: 'dynamic',
    dynamicAudience: { operator: 'and', predicates: [{ attribute: 'memberId', comparison: 'starts_with', selectedValue: 'durable-' }] },
    status: 'public',
  });
  await database.db.transaction(async (tx) => {
    const id = await insertCampaign(tx, emailRules, site.id, author.id, doc);
    await emailsStore(tx).orderSend(id, site.id, 'http://localhost:4000');
  });
  await database.close();
});

// Whatever the test's outcome (a failed expectation or a time-out leaves an API running): the APIs
// first, before the data folder and the database they use go.
afterAll(async () => {
  await stopChildren();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dropDatabase();
  await rm(dataDir, { recursive: true, force: true });
});

function startApi(): ChildProcess {
  return spawnNode(['--import', 'tsx', path.join(__dirname, '..', 'src', 'main.ts')], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      AUTH_SECRET: TEST_AUTH_SECRET,
      SEED_ADMIN_EMAIL: TEST_ADMIN.email,
      SEED_ADMIN_PASSWORD: TEST_ADMIN.password,
      SMTP_URL: smtpUrl,
      EMAIL_POLL_MS: '50',
      EMAIL_RATE_PER_SECOND: '100',
      EMAIL_LEASE_MS: '1500',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(what: string, done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('killed with SIGKILL mid-campaign and restarted, the API delivers every one of 500 e-mails exactly once', async () => {
  const first = startApi();
  await until('the first 150 e-mails', () => deliveries >= 150, 90_000);
  first.kill('SIGKILL');
  await exited(first);
  const atKill = byRecipient.size;
  expect(atKill).toBeLessThan(PEOPLE);

  const second = startApi();
  await until('every recipient', () => byRecipient.size >= PEOPLE, 120_000);
  // Past the lease of the jobs the killed process held, and a few polls: anything sent twice would be by now.
  await new Promise((r) => setTimeout(r, 3000));
  second.kill('SIGTERM');
  await exited(second);

  expect(byRecipient.size).toBe(PEOPLE);
  const twice = [...byRecipient.entries()].filter(([, ids]) => ids.size !== 1);
  expect(twice).toEqual([]);
  // At most the messages in flight at the kill went out twice at the SMTP level (the same message).
  expect(deliveries - PEOPLE).toBeLessThanOrEqual(5);
  console.log(`e-mail durability: killed after ${atKill} recipients; ${deliveries} SMTP deliveries for ${PEOPLE} recipients`);

  const database = await openTestData();
  try {
    const jobs = await database.db.select({ status: emailJobs.status }).from(emailJobs);
    expect(jobs).toHaveLength(PEOPLE);
    expect(jobs.every((j) => j.status === 'sent')).toBe(true);
  } finally {
    await database.close();
  }
});
