import { ALL_PERMISSIONS } from 'contracts';
import { webhookDeliveries } from '../src/db/schema';
import { backoffMs, jobQueue, retryOrFail } from '../src/stores/job-queue';
import { emitWebhookEvent, webhooksStore } from '../src/stores/webhooks';
import { createTestApp, type TestApp } from './support/test-app';

/**
 * The durable job queue every sender uses (e-mails, web push, webhooks), on one of its tables: a
 * claimed job is leased (nobody else claims it until the lease ends), counted as a try, settled
 * once, and a temporary failure waits a doubling backoff until the tries run out.
 */
let t: TestApp;
const queue = jobQueue(webhookDeliveries);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function oneJob(): Promise<string> {
  const u = await t.createUser({ permissions: ALL_PERMISSIONS });
  await webhooksStore(t.ctx.db, u.websiteId).insert({ url: 'https://hooks.example.com/in', description: '', events: ['message.received'], createdBy: u.id });
  const eventId = await emitWebhookEvent(t.ctx.db, u.websiteId, 'message.received', {});
  return eventId;
}

const claim = (now: number, leaseMs = 1000) => t.ctx.db.transaction((tx) => queue(tx).claim(new Date(now), new Date(now + leaseMs), 1000));

test('a leased job is claimed by nobody else until its lease ends, then again as a new try', async () => {
  await oneJob();
  const now = Date.now() + 60_000;
  const first = await claim(now);
  expect(first).toHaveLength(1);
  expect(first[0].attempts).toBe(1);
  expect(await claim(now + 500)).toEqual([]);
  const again = await claim(now + 1001);
  expect(again).toEqual([{ id: first[0].id, attempts: 2 }]);
  // Settled once: the process whose lease ran out cannot settle it a second time.
  expect(await queue(t.ctx.db).settle(first[0].id, { sentAt: new Date(now) })).toBe(true);
  expect(await queue(t.ctx.db).settle(first[0].id, { failed: 'late' })).toBe(false);
  expect(await claim(now + 5000)).toEqual([]);
});

test('a retried job is due again only after its backoff', async () => {
  await oneJob();
  const now = Date.now() + 120_000;
  const [job] = await claim(now);
  await queue(t.ctx.db).settle(job.id, retryOrFail({ baseMs: 10_000, maxAttempts: 3 }, job.attempts, 'HTTP 503', now));
  expect(await claim(now + 9_999)).toEqual([]);
  expect((await claim(now + 10_000)).map((j) => j.id)).toEqual([job.id]);
});

test('the backoff doubles, and the last try gives up', () => {
  expect([1, 2, 3, 4].map((n) => backoffMs({ baseMs: 100 }, n))).toEqual([100, 200, 400, 800]);
  expect(retryOrFail({ baseMs: 100, maxAttempts: 3 }, 2, 'e', 0)).toEqual({ retryAt: new Date(200), error: 'e' });
  expect(retryOrFail({ baseMs: 100, maxAttempts: 3 }, 3, 'e', 0)).toEqual({ failed: 'e' });
});
