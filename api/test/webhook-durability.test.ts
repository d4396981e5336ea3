import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../src/db/client';
import { users, webhookDeliveries, websites } from '../src/db/schema';
import { seedDatabase } from '../src/db/seed';
import { emitWebhookEvent, webhooksStore } from '../src/stores/webhooks';
import { TEST_ADMIN, TEST_AUTH_SECRET } from './support/constants';
import { spawnNode, stopChildren } from './support/child-processes';
import { createPostgresDatabase } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { scaled } = require('../../tooling/test-time-scale.cjs') as { scaled: (ms: number) => number };

/**
 * The webhook queue survives a crash: the API (a real process) is killed with SIGKILL while it
 * delivers 200 events, then started again on the same data. The receiver ends up with every event,
 * each under one `Signpost-Webhook-Id` (a delivery whose 2xx the killed process could not record is
 * sent again with the same id and body, which receivers keep once), and every delivery is recorded sent.
 */
const EVENTS = 200;
jest.setTimeout(scaled(180_000));

const receiver = new WebhookReceiver();
let dataDir: string;
let caFile: string;
let databaseUrl: string | null = null;
let dropDatabase: () => Promise<void> = async () => {};

async function openTestData(): Promise<Database> {
  return databaseUrl ? openDatabase({ databaseUrl, poolSize: 2 }) : openDatabase({ pgliteDataDir: path.join(dataDir, 'pglite') });
}

beforeAll(async () => {
  await receiver.start();
  dataDir = await mkdtemp(path.join(tmpdir(), 'signpost-webhook-durability-'));
  caFile = path.join(dataDir, 'receiver-ca.pem');
  await writeFile(caFile, receiver.tls.cert);
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) ({ url: databaseUrl, drop: dropDatabase } = await createPostgresDatabase(adminUrl, 'signpost_webhook_durability'));

  const database = await openTestData();
  await database.migrate();
  await seedDatabase(database.db, TEST_ADMIN);
  const [site] = await database.db.select({ id: websites.id }).from(websites).limit(1);
  const [owner] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, TEST_ADMIN.email));
  await webhooksStore(database.db, site.id).insert({ url: receiver.url, description: '', events: ['answer.received'], createdBy: owner.id });
  for (let i = 0; i < EVENTS; i++) await emitWebhookEvent(database.db, site.id, 'answer.received', { n: i });
  await database.close();
});

afterAll(async () => {
  await stopChildren();
  await receiver.stop();
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
      OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`,
      // The receiver's own certificate, trusted as Node trusts extra CAs.
      NODE_EXTRA_CA_CERTS: caFile,
      EMAIL_POLL_MS: '50',
      EMAIL_LEASE_MS: '1500',
      LOG_LEVEL: 'error',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

async function until(what: string, done: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + scaled(timeoutMs);
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

test('killed with SIGKILL mid-delivery and restarted, the API delivers every one of 200 events, each under one id', async () => {
  const first = startApi();
  await until('the first 60 deliveries', () => receiver.received.length >= 60, 90_000);
  first.kill('SIGKILL');
  await exited(first);
  const atKill = receiver.byEvent().size;
  expect(atKill).toBeLessThan(EVENTS);

  const second = startApi();
  await until('every event', () => receiver.byEvent().size >= EVENTS, 120_000);
  // Past the lease of the deliveries the killed process held, and a few polls: a repeat would be here by now.
  await new Promise((r) => setTimeout(r, 3000));
  second.kill('SIGTERM');
  await exited(second);

  const byEvent = receiver.byEvent();
  expect(byEvent.size).toBe(EVENTS);
  // Each repeat carries the same id and body: what the receiver keeps is one per event.
  const bodies = new Map<string, Set<string>>();
  for (const h of receiver.received) bodies.set(h.headers['signpost-webhook-id'], (bodies.get(h.headers['signpost-webhook-id']) ?? new Set()).add(h.body));
  expect([...bodies.values()].filter((b) => b.size !== 1)).toEqual([]);
  // At most the deliveries in flight at the kill went out twice on the wire.
  expect(receiver.received.length - EVENTS).toBeLessThanOrEqual(5);
  console.log(`webhook durability: killed after ${atKill} events; ${receiver.received.length} requests for ${EVENTS} events`);

  const database = await openTestData();
  try {
    const rows = await database.db.select({ status: webhookDeliveries.status }).from(webhookDeliveries);
    expect(rows).toHaveLength(EVENTS);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
  } finally {
    await database.close();
  }
});
