import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { outboundAgent } from '../src/lib/outbound-address';
import { emitPersonDeleted, emitWebhookEvent } from '../src/stores/webhooks';
import { popupBody } from './support/campaigns';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { WebhookReceiver } from './support/webhook-receiver';

/**
 * Webhooks: endpoints of a website, signed deliveries verifiable by the code docs/webhooks.md gives
 * (Node, and Python when python3 is installed), retries from the durable queue until the receiver
 * recovers, the endpoint disabled (and its creator told) after failures in a row, and the outbound
 * rules (no private, loopback or link-local address unless allow-listed).
 */
let t: TestApp;
const receiver = new WebhookReceiver();
let u: TestUser;

beforeAll(async () => {
  await receiver.start();
  t = await createTestApp({
    env: { OUTBOUND_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}`, WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_MAX_ATTEMPTS: '6', WEBHOOK_DISABLE_AFTER: '3' },
  });
  t.ctx.webhookSender.agent = outboundAgent(t.config.outbound, { ca: receiver.tls.cert });
  u = await t.createUser({ permissions: ALL_PERMISSIONS });
});
afterAll(async () => {
  await t?.close();
  await receiver.stop();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer = () => 200;
});

const docs = readFileSync(path.join(__dirname, '..', '..', 'docs', 'webhooks.md'), 'utf8');
const codeBlock = (lang: string) => new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(docs)![1];

async function createEndpoint(events: string[] = ['content.published'], url = receiver.url) {
  const res = await t.request({ method: 'POST', url: '/api/webhooks', headers: u.headers, payload: { url, events } });
  expect(res.statusCode).toBe(201);
  return res.json() as { data: { _id: string }; secret: string };
}

/** Runs the sender until `done` or the deadline (retries wait their backoff, a few ms here). */
async function sendUntil(done: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the webhook sender');
    await t.ctx.webhookSender.tick();
    await new Promise((r) => setTimeout(r, 10));
  }
}

async function publishPopup(): Promise<string> {
  const created = await t.request({ method: 'POST', url: '/api/popups?draft=true', headers: u.headers, payload: popupBody() });
  expect(created.statusCode).toBe(201);
  const id = (created.json() as { data: { _id: string } }).data._id;
  const published = await t.request({ method: 'PUT', url: `/api/popups/publish/${id}`, headers: u.headers });
  expect(published.statusCode).toBe(200);
  return id;
}

describe('signature', () => {
  test('a published popup is POSTed once, signed so that the documented Node and Python code accept it', async () => {
    const { data: endpoint, secret } = await createEndpoint();
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: no answer that lists endpoints carries it.
    const listed = await t.request({ method: 'GET', url: '/api/webhooks', headers: u.headers });
    expect(listed.body).not.toContain(secret);

    const popupId = await publishPopup();
    await sendUntil(() => receiver.received.length >= 1);
    const [hook] = receiver.received;
    const event = JSON.parse(hook.body) as { id: string; type: string; data: { id: string; kind: string } };
    expect(event).toMatchObject({ type: 'content.published', websiteId: u.websiteId, data: { id: popupId, kind: 'popup' } });
    expect(hook.headers['signpost-webhook-id']).toBe(event.id);

    const dir = mkdtempSync(path.join(tmpdir(), 'webhook-verify-'));
    try {
      writeFileSync(path.join(dir, 'verify.cjs'), codeBlock('js'));
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { verifySignpostWebhook } = require(path.join(dir, 'verify.cjs')) as {
        verifySignpostWebhook: (secret: string, headers: Record<string, string>, body: string) => { id: string };
      };
      expect(verifySignpostWebhook(secret, hook.headers, hook.body).id).toBe(event.id);
      expect(() => verifySignpostWebhook(secret, hook.headers, hook.body.replace('popup', 'banner'))).toThrow('bad signature');
      expect(() => verifySignpostWebhook(`${secret}x`, hook.headers, hook.body)).toThrow('bad signature');
      const old = { ...hook.headers, 'signpost-webhook-timestamp': String(Number(hook.headers['signpost-webhook-timestamp']) - 3600) };
      expect(() => verifySignpostWebhook(secret, old, hook.body)).toThrow('stale');

      let python = true;
      try {
        execFileSync('python3', ['--version'], { stdio: 'ignore' });
      } catch {
        python = false;
      }
      if (python) {
        writeFileSync(
          path.join(dir, 'verify.py'),
          codeBlock('python') +
            '\nimport sys\nargs = json.loads(sys.stdin.read())\ntry:\n    print(verify_signpost_webhook(args["secret"], args["headers"], args["body"].encode())["id"])\nexcept ValueError as e:\n    print("refused:", e)\n',
        );
        const py = (secretUsed: string, body: string) =>
          execFileSync('python3', [path.join(dir, 'verify.py')], { input: JSON.stringify({ secret: secretUsed, headers: hook.headers, body }) })
            .toString()
            .trim();
        expect(py(secret, hook.body)).toBe(event.id);
        expect(py(secret, hook.body.replace('popup', 'banner'))).toBe('refused: bad signature');
      } else {
        console.log('python3 is not installed: the Python verification code was not run');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const log = await t.request({ method: 'GET', url: `/api/webhooks/${endpoint._id}/deliveries`, headers: u.headers });
    expect(log.json()).toMatchObject({ data: [{ eventId: event.id, eventType: 'content.published', status: 'sent', attempts: 1, responseStatus: 200 }] });
    expect(typeof (log.json() as { data: { responseMs: number }[] }).data[0].responseMs).toBe('number');
  });
});

describe('delivery', () => {
  test('a receiver that fails, then recovers, gets the event on a later try, with the same id and body', async () => {
    const { data: endpoint } = await createEndpoint(['message.received']);
    let tries = 0;
    receiver.answer = () => (++tries <= 2 ? 503 : 204);
    await t.ctx.db.transaction((tx) => emitWebhookEvent(tx, u.websiteId, 'message.received', { body: 'Hello' }));
    await sendUntil(() => receiver.received.some((h) => h.headers['signpost-webhook-id'] && tries >= 3));
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((h) => h.body)).size).toBe(1);
    expect(new Set(receiver.received.map((h) => h.headers['signpost-webhook-id'])).size).toBe(1);
    const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint._id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, responseStatus: 204 });
    const [stored] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint._id));
    expect(stored.consecutiveFailures).toBe(0);
  });

  test('an event goes only to the endpoints subscribed to it, and a rolled-back change emits nothing', async () => {
    const { data: other } = await createEndpoint(['answer.received']);
    await t.ctx.db
      .transaction(async (tx) => {
        await emitWebhookEvent(tx, u.websiteId, 'answer.received', { rolledBack: true });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    await emitPersonDeleted(t.ctx.db, u.websiteId, { id: 'p1', memberId: 'm1' });
    const rows = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, other._id));
    expect(rows).toEqual([]);
  });

  test('"send test" queues a webhook.test event to that endpoint', async () => {
    const { data: endpoint } = await createEndpoint(['email.bounced']);
    const res = await t.request({ method: 'POST', url: `/api/webhooks/${endpoint._id}/test`, headers: u.headers });
    expect(res.statusCode).toBe(202);
    await sendUntil(() => receiver.received.some((h) => h.body.includes('webhook.test')));
  });

  test('failing tries in a row disable the endpoint, skip what is queued for it, and tell its creator', async () => {
    const { data: endpoint } = await createEndpoint(['email.unsubscribed']);
    receiver.answer = () => 500;
    const since = new Date();
    await emitWebhookEvent(t.ctx.db, u.websiteId, 'email.unsubscribed', { n: 1 });
    await sendUntil(() => receiver.received.length >= 3);
    const [stored] = await t.ctx.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint._id));
    expect(stored.disabledAt).not.toBeNull();
    const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint._id));
    expect(row.status).toBe('skipped');
    const mail = await t.mailTo(u.email, since);
    expect(mail.subject).toBe('A Signpost webhook endpoint was disabled');
    expect(mail.text).toContain(receiver.url);
    // Disabled: new events are not queued for it; turned on again, they are.
    await emitWebhookEvent(t.ctx.db, u.websiteId, 'email.unsubscribed', { n: 2 });
    expect(await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint._id))).toHaveLength(1);
    const on = await t.request({ method: 'PATCH', url: `/api/webhooks/${endpoint._id}`, headers: u.headers, payload: { enabled: true } });
    expect(on.json()).toMatchObject({ data: { enabled: true, consecutiveFailures: 0 } });
  });
});

test('a change that changes nothing (no known field) answers the endpoint as it is', async () => {
  const { data: endpoint } = await createEndpoint();
  for (const payload of [{}, { unknownField: 1 }]) {
    const res = await t.request({ method: 'PATCH', url: `/api/webhooks/${endpoint._id}`, headers: u.headers, payload });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ data: { _id: endpoint._id, url: receiver.url, enabled: true } });
  }
});

describe('outbound rules', () => {
  test.each([
    ['http://example.com/hooks', 'The endpoint must be an https:// URL'],
    ['https://10.0.0.8/hooks', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://[::1]/hooks', 'private'],
    ['https://localhost/hooks', 'private'],
    [`https://127.0.0.1:${Number(receiver.port) + 1 || 1}/hooks`, 'private'],
  ])('%s is refused (400, a message on the url field)', async (url, words) => {
    const res = await t.request({ method: 'POST', url: '/api/webhooks', headers: u.headers, payload: { url, events: ['content.published'] } });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { errors: { url: string } }).errors.url).toContain(words);
  });

  test('a name that resolves to a private address is refused when connecting: nothing is sent, and the delivery is given up', async () => {
    const { data: endpoint } = await createEndpoint(['content.published'], 'https://hooks.example.com/in');
    const agent = t.ctx.webhookSender.agent;
    t.ctx.webhookSender.agent = outboundAgent(t.config.outbound, {
      resolve: (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]),
    });
    try {
      await publishPopup();
      await t.ctx.webhookSender.drain();
      const [row] = await t.ctx.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint._id));
      expect(row).toMatchObject({ status: 'failed', attempts: 1, responseStatus: null });
      expect(row.lastError).toContain('non-public address 127.0.0.1');
    } finally {
      t.ctx.webhookSender.agent = agent;
    }
  });

  test('an endpoint of another website answers 404', async () => {
    const { data: endpoint } = await createEndpoint();
    const stranger = await t.createUser({ permissions: ALL_PERMISSIONS });
    for (const [method, url] of [
      ['GET', `/api/webhooks/${endpoint._id}/deliveries`],
      ['PATCH', `/api/webhooks/${endpoint._id}`],
      ['DELETE', `/api/webhooks/${endpoint._id}`],
      ['POST', `/api/webhooks/${endpoint._id}/test`],
      ['POST', `/api/webhooks/${endpoint._id}/rotate-secret`],
    ] as const) {
      const res = await t.request({ method, url, headers: stranger.headers, payload: method === 'PATCH' ? { enabled: false } : undefined });
      expect(res.statusCode).toBe(404);
    }
  });
});
