import type { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS, type EmailBody } from 'contracts';
import { clientMembers, emailJobs, emailSuppressions, groupMembers, groups, segments } from '../src/db/schema';
import { loadConfig } from '../src/config';
import { emailsStore } from '../src/stores/emails';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';
import { startSmtpServer } from './support/smtp';

/**
 * E-mail campaigns end to end against a real SMTP server (smtp-server on a loopback port): who
 * receives one, what it carries (personalisation, List-Unsubscribe, rewritten links, pixel), the
 * unsubscribe, retries on temporary failures, bounces, and the figures counted once per person.
 */
interface Received {
  to: string;
  raw: string;
}
const received: Received[] = [];
/** Addresses the server answers with a code instead of accepting (set per test). */
const refuse = new Map<string, { code: number; times: number }>();

/** The schedules' clock: a test moves it ahead instead of sleeping until a start comes. */
let clockOffsetMs = 0;
const clock = { now: () => Date.now() + clockOffsetMs };
let server: SMTPServer;
let t: TestApp;
let me: TestUser;

beforeAll(async () => {
  const smtp = await startSmtpServer(
    (mail) => {
      const raw = decode(mail.raw);
      for (const to of mail.to) received.push({ to, raw });
    },
    {
      onRcptTo: (address, _session, callback) => {
        const rule = refuse.get(address.address);
        if (rule && rule.times > 0) {
          rule.times--;
          const err = new Error(rule.code >= 500 ? 'No such user here' : 'Try again later') as Error & { responseCode: number };
          err.responseCode = rule.code;
          return callback(err);
        }
        callback();
      },
    },
  );
  server = smtp.server;
  t = await createTestApp({
    env: { SMTP_URL: smtp.url, EMAIL_POLL_MS: '3600000', EMAIL_RETRY_BASE_MS: '1', EMAIL_RATE_PER_SECOND: '1000', EMAIL_MAX_ATTEMPTS: '3' },
    clock,
  });
  me = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes (as a mail client would) so the text reads whole. */
function decode(s: string) {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const body = (over: Partial<EmailBody> = {}): EmailBody => ({
  subject: 'Hello {{firstName|there}}',
  preheader: 'News for {{plan|everyone}}',
  senderName: 'Demo team',
  language: 'en',
  content: [
    { id: 'b1', kind: 'text', text: 'Hi {{firstName|there}}, your plan is {{plan|unknown}}.' },
    { id: 'b2', kind: 'button', label: 'Open reports', url: 'https://app.example.test/reports', color: '#0958d9' },
  ],
  ...over,
});

let seq = 0;
async function person(websiteId: string, over: { username?: string; email?: string | null; plan?: string } = {}) {
  seq++;
  const [row] = await t.ctx.db
    .insert(clientMembers)
    .values({
      websiteId,
      memberId: `m-${seq}-${Math.random().toString(36).slice(2, 8)}`,
      username: over.username ?? `person${seq}.test`,
      email: over.email === undefined ? `person${seq}@mail.example.test` : over.email,
      attributes: over.plan ? { plan: over.plan } : {},
    })
    .returning();
  return row;
}

const as = (user: TestUser) => user.headers;
async function create(payload: EmailBody, user = me) {
  const res = await t.request({ method: 'POST', url: '/api/emails', headers: as(user), payload });
  expect(res.statusCode).toBe(201);
  return res.json().data as { _id: string; status: string };
}
async function publish(id: string, user = me) {
  const res = await t.request({ method: 'PUT', url: `/api/emails/publish/${id}`, headers: as(user) });
  expect(res.statusCode).toBe(200);
}
async function stats(id: string, user = me) {
  const res = await t.request({ method: 'GET', url: `/api/emails/${id}/stats`, headers: as(user) });
  expect(res.statusCode).toBe(200);
  return res.json().data as Record<string, number>;
}
const mailsTo = (address: string) => received.filter((r) => r.to === address);
const drain = async () => {
  await t.ctx.emailSender.drain();
  await t.ctx.mailer.flush();
};

test('a new e-mail is a draft; nothing is sent until it is published', async () => {
  const p = await person(me.websiteId);
  const email = await create(body());
  expect(email.status).toBe('draft');
  await drain();
  expect(mailsTo(p.email!)).toHaveLength(0);
  expect((await stats(email._id)).recipients).toBe(0);
});

test('a campaign to an audience reaches exactly the matching identified people with an address, personalised', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  await t.request({ method: 'POST', url: '/api/attributes', headers: as(owner), payload: { name: 'plan', type: 'string' } });
  const pros = [await person(org.websiteId, { username: 'ada.lovelace', plan: 'pro' }), await person(org.websiteId, { plan: 'pro' })];
  const free = await person(org.websiteId, { plan: 'free' });
  const noAddress = await person(org.websiteId, { plan: 'pro', email: null });
  const [segment] = await t.ctx.db
    .insert(segments)
    .values({
      websiteId: org.websiteId,
      name: 'Pro',
      audience: { operator: 'and', predicates: [{ attribute: 'plan', comparison: 'is', selectedValue: 'pro' }] },
    })
    .returning();
  const targeting = { target: 'audiences' as const, audiences: [segment.id] };

  const count = await t.request({ method: 'POST', url: '/api/emails/recipients', headers: as(owner), payload: targeting });
  expect(count.json().data.count).toBe(2);

  const email = await create(body(targeting), owner);
  await publish(email._id, owner);
  await drain();

  expect(mailsTo(pros[0].email!)).toHaveLength(1);
  expect(mailsTo(pros[1].email!)).toHaveLength(1);
  expect(mailsTo(free.email!)).toHaveLength(0);
  expect(received.some((r) => r.raw.includes(noAddress.memberId))).toBe(false);
  const raw = mailsTo(pros[0].email!)[0].raw;
  expect(raw).toMatch(/^Subject: Hello Ada/m);
  expect(raw).toContain('Hi Ada, your plan is pro.');
  expect(raw).toMatch(/^From: Demo team <no-reply@signpost\.local>/m);
  expect(mailsTo(pros[1].email!)[0].raw).toContain('your plan is pro.');
  // RFC 8058 one-click unsubscribe, and the visible link.
  expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:4000\/api\/public\/emails\/unsubscribe\/[\w-]+>/m);
  expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
  expect(raw).toMatch(/Unsubscribe: http:\/\/localhost:4000\/api\/public\/emails\/unsubscribe\//);
  // The button goes through the click redirect; the HTML is MJML's (tables), with the pixel.
  expect(raw).toContain('/api/public/emails/click/');
  expect(raw).toContain('/api/public/emails/open/');
  expect(raw).toMatch(/<table/);

  expect(await stats(email._id, owner)).toMatchObject({ recipients: 2, sent: 2, failed: 0, queued: 0 });
  // Published again: nobody receives it twice.
  await t.request({ method: 'DELETE', url: `/api/emails/cancel/${email._id}`, headers: as(owner) });
  await publish(email._id, owner);
  await drain();
  expect(mailsTo(pros[0].email!)).toHaveLength(1);
});

test('groups target their members only', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const inGroup = await person(org.websiteId);
  const outside = await person(org.websiteId);
  const [group] = await t.ctx.db.insert(groups).values({ websiteId: org.websiteId, name: 'Beta' }).returning();
  await t.ctx.db.insert(groupMembers).values({ groupId: group.id, clientMemberId: inGroup.id });
  const email = await create(body({ target: 'groups', groups: [group.id] }), owner);
  await publish(email._id, owner);
  await drain();
  expect(mailsTo(inGroup.email!)).toHaveLength(1);
  expect(mailsTo(outside.email!)).toHaveLength(0);
});

/** The token of a recipient's links, read from the e-mail they got. */
function tokenIn(raw: string) {
  return /\/api\/public\/emails\/unsubscribe\/([\w-]+)/.exec(raw)![1];
}

test('one-click unsubscribe (RFC 8058): the person is skipped by every later campaign of the website', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const leaving = await person(org.websiteId);
  const staying = await person(org.websiteId);
  const first = await create(body(), owner);
  await publish(first._id, owner);
  await drain();
  const token = tokenIn(mailsTo(leaving.email!)[0].raw);

  // A GET (a link scanner) changes nothing; it shows the page with its button.
  const pageRes = await t.request({ method: 'GET', url: `/api/public/emails/unsubscribe/${token}` });
  expect(pageRes.statusCode).toBe(200);
  expect(pageRes.body).toContain('<form method="post">');
  const res = await t.request({
    method: 'POST',
    url: `/api/public/emails/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
  expect(res.statusCode).toBe(200);
  expect(res.body).toContain('You are unsubscribed');
  expect((await stats(first._id, owner)).unsubscribed).toBe(1);
  // The e-mail's recipients say who left, and that the website no longer e-mails them.
  const recipients = await t.request({ method: 'GET', url: `/api/emails/${first._id}/recipients?page=1&pageSize=10`, headers: as(owner) });
  expect(recipients.statusCode).toBe(200);
  const byId = new Map((recipients.json().docs as { _id: string }[]).map((r) => [r._id, r]));
  expect(byId.get(leaving.id)).toMatchObject({ status: 'sent', unsubscribedAt: expect.any(String), suppressed: 'unsubscribed' });
  expect(byId.get(staying.id)).toMatchObject({ status: 'sent', unsubscribedAt: null, suppressed: null });

  const count = await t.request({ method: 'POST', url: '/api/emails/recipients', headers: as(owner), payload: { target: 'all' } });
  expect(count.json().data.count).toBe(1);
  const second = await create(body({ subject: 'Second' }), owner);
  await publish(second._id, owner);
  await drain();
  expect(mailsTo(leaving.email!)).toHaveLength(1);
  expect(mailsTo(staying.email!)).toHaveLength(2);

  // The person's page says so.
  const people = await t.request({ method: 'GET', url: `/api/emails/people/${leaving.id}`, headers: as(owner) });
  expect(people.statusCode).toBe(200);
  expect(people.json().data).toMatchObject({ email: leaving.email, suppressed: { reason: 'unsubscribed' } });

  const unknown = await t.request({ method: 'POST', url: `/api/public/emails/unsubscribe/${'x'.repeat(43)}` });
  expect(unknown.statusCode).toBe(404);
});

test('a GET of the unsubscribe link (a mail scanner following it) changes nothing; the POST unsubscribes', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const reader = await person(org.websiteId);
  const first = await create(body(), owner);
  await publish(first._id, owner);
  await drain();
  const token = tokenIn(mailsTo(reader.email!)[0].raw);
  const standing = async () => ({
    suppressions: await t.ctx.db.$count(emailSuppressions, eq(emailSuppressions.websiteId, org.websiteId)),
    job: (await t.ctx.db.select().from(emailJobs).where(eq(emailJobs.token, token)))[0].unsubscribedAt,
    person: (await t.request({ method: 'GET', url: `/api/emails/people/${reader.id}`, headers: as(owner) })).json().data.suppressed,
    unsubscribed: (await stats(first._id, owner)).unsubscribed,
  });

  const pages = [];
  for (let i = 0; i < 3; i++) pages.push(await t.request({ method: 'GET', url: `/api/public/emails/unsubscribe/${token}` }));
  // The person's standing first: what the scanner did, whatever the page says.
  expect(await standing()).toEqual({ suppressions: 0, job: null, person: null, unsubscribed: 0 });
  for (const res of pages) {
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<form method="post">');
  }
  // Still a recipient: the next campaign reaches the person.
  const second = await create(body({ subject: 'Still here' }), owner);
  await publish(second._id, owner);
  await drain();
  expect(mailsTo(reader.email!)).toHaveLength(2);

  const res = await t.request({ method: 'POST', url: `/api/public/emails/unsubscribe/${token}` });
  expect(res.statusCode).toBe(200);
  expect(await standing()).toEqual({ suppressions: 1, job: expect.any(Date), person: expect.objectContaining({ reason: 'unsubscribed' }), unsubscribed: 1 });
  // Now the GET shows that it is done.
  expect((await t.request({ method: 'GET', url: `/api/public/emails/unsubscribe/${token}` })).body).toContain('You are unsubscribed');
});

test('an address that bounces while another campaign to it is queued: the queued e-mail is checked at send time and never sent', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const doomed = await person(org.websiteId);
  refuse.set(doomed.email!, { code: 550, times: 1 });
  // Both queued while the address is still good.
  const first = await create(body({ subject: 'First' }), owner);
  const second = await create(body({ subject: 'Second' }), owner);
  await publish(first._id, owner);
  await publish(second._id, owner);
  // The sender turns both orders into queued e-mails before it sends anything.
  await t.ctx.db.transaction((tx) => emailsStore(tx).enqueueDue(new Date()));
  const jobOf = async (contentId: string) =>
    (await t.ctx.db.select().from(emailJobs).where(eq(emailJobs.contentId, contentId))).find((j) => j.clientMemberId === doomed.id)!;
  expect((await jobOf(second._id)).status).toBe('queued');
  // The second waits until the first has been tried and refused for good.
  await t.ctx.db
    .update(emailJobs)
    .set({ runAt: new Date(Date.now() + 3_600_000) })
    .where(eq(emailJobs.contentId, second._id));
  await drain();
  expect((await jobOf(first._id)).status).toBe('failed');
  // The server would take the address now: only the send-time check keeps the second away.
  refuse.delete(doomed.email!);
  await t.ctx.db
    .update(emailJobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(eq(emailJobs.contentId, second._id));
  await drain();
  expect(mailsTo(doomed.email!)).toHaveLength(0);
  expect(await jobOf(second._id)).toMatchObject({ status: 'skipped', lastError: 'suppressed' });
  expect(await stats(second._id, owner)).toMatchObject({ sent: 0 });
});

test('e-mail links name the configured API address, never the Host of the publish request', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const reader = await person(org.websiteId);
  const forged = { host: 'evil.example.test', 'x-forwarded-host': 'evil.example.test', 'x-forwarded-proto': 'https' };
  const email = await create(body(), owner);
  const res = await t.request({ method: 'PUT', url: `/api/emails/publish/${email._id}`, headers: { ...as(owner), ...forged } });
  expect(res.statusCode).toBe(200);
  await drain();
  const raw = mailsTo(reader.email!)[0].raw;
  expect(raw).not.toContain('evil.example.test');
  expect(raw).toMatch(/^List-Unsubscribe:\s+<http:\/\/localhost:4000\/api\/public\/emails\/unsubscribe\/[\w-]+>/m);
  expect(raw).toContain('http://localhost:4000/api/public/emails/click/');
  // The preview and the test e-mail too.
  const preview = await t.request({ method: 'POST', url: '/api/emails/preview', headers: { ...as(owner), ...forged }, payload: body() });
  expect(preview.body).not.toContain('evil.example.test');
  const test = await t.request({ method: 'POST', url: `/api/emails/${email._id}/test`, headers: { ...as(owner), ...forged } });
  expect(test.statusCode).toBe(202);
  await t.ctx.mailer.flush();
  expect(mailsTo(owner.email).some((m) => m.raw.includes('evil.example.test'))).toBe(false);

  // PUBLIC_API_URL when set; else the API's own listen address.
  const base = { AUTH_SECRET: 'x'.repeat(32), DATA_DIR: t.config.dataDir };
  expect(loadConfig({ ...base, PUBLIC_API_URL: 'https://api.example.test/' }).apiBaseUrl).toBe('https://api.example.test');
  expect(loadConfig({ ...base, HOST: '127.0.0.1', PORT: '5000' }).apiBaseUrl).toBe('http://127.0.0.1:5000');
  expect(loadConfig({ ...base, HOST: '::', PORT: '4100' }).apiBaseUrl).toBe('http://localhost:4100');
  expect(loadConfig({ ...base, HOST: '::1', PORT: '4100' }).apiBaseUrl).toBe('http://[::1]:4100');
});

test('a temporary failure (4xx) is retried; a permanent one (5xx) is recorded and marks the address bounced', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const flaky = await person(org.websiteId);
  const gone = await person(org.websiteId);
  refuse.set(flaky.email!, { code: 451, times: 2 });
  refuse.set(gone.email!, { code: 550, times: 99 });
  const email = await create(body(), owner);
  await publish(email._id, owner);
  for (let i = 0; i < 5; i++) {
    await drain();
    await new Promise((r) => setTimeout(r, 20));
  }
  expect(mailsTo(flaky.email!)).toHaveLength(1);
  expect(mailsTo(gone.email!)).toHaveLength(0);
  const [flakyJob] = await t.ctx.db.select().from(emailJobs).where(eq(emailJobs.clientMemberId, flaky.id));
  expect(flakyJob).toMatchObject({ status: 'sent', attempts: 3 });
  const [goneJob] = await t.ctx.db.select().from(emailJobs).where(eq(emailJobs.clientMemberId, gone.id));
  expect(goneJob.status).toBe('failed');
  expect(goneJob.lastError).toMatch(/550/);
  expect(await stats(email._id, owner)).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
  // Bounced: the next campaign does not try the address again.
  const count = await t.request({ method: 'POST', url: '/api/emails/recipients', headers: as(owner), payload: { target: 'all' } });
  expect(count.json().data.count).toBe(1);
});

test('the click redirect follows only the e-mail’s own links; open and click count once per person', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const reader = await person(org.websiteId);
  const email = await create(body(), owner);
  await publish(email._id, owner);
  await drain();
  const raw = mailsTo(reader.email!)[0].raw;
  const click = /http:\/\/localhost:4000(\/api\/public\/emails\/click\/[\w-]+\?url=[^"\s]+)/.exec(raw)![1].replace(/&amp;/g, '&');
  const open = /http:\/\/localhost:4000(\/api\/public\/emails\/open\/[\w-]+)/.exec(raw)![1];

  const foreign = click.replace(/url=.*/, `url=${encodeURIComponent('https://evil.example.test/')}`);
  const refused = await t.request({ method: 'GET', url: foreign });
  expect(refused.statusCode).toBe(400);
  expect((await stats(email._id, owner)).clicked).toBe(0);

  for (let i = 0; i < 3; i++) {
    const followed = await t.request({ method: 'GET', url: click });
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('https://app.example.test/reports');
    const pixel = await t.request({ method: 'GET', url: open });
    expect(pixel.statusCode).toBe(200);
    expect(pixel.headers['content-type']).toBe('image/gif');
  }
  expect(await stats(email._id, owner)).toMatchObject({ opened: 1, clicked: 1 });

  // The dashboard's figures: the website's e-mails sent, opened and clicked in the range.
  const startDate = new Date(Date.now() - 3_600_000).toISOString();
  const endDate = new Date(Date.now() + 60_000).toISOString();
  const counts = await t.request({
    method: 'GET',
    url: `/api/count?startDate=${encodeURIComponent(startDate)}&endDate=${encodeURIComponent(endDate)}`,
    headers: as(owner),
  });
  expect(counts.statusCode).toBe(200);
  expect(counts.json().data).toMatchObject({ email: 1, emailsSent: 1, emailsOpened: 1, emailsClicked: 1 });
});

test('an address that is not one is checked before sending: recorded as failed, never sent', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const good = await person(org.websiteId);
  const broken = await person(org.websiteId, { email: 'broken@nowhere' });
  const email = await create(body(), owner);
  await publish(email._id, owner);
  await drain();
  expect(mailsTo(good.email!)).toHaveLength(1);
  expect(mailsTo(broken.email!)).toHaveLength(0);
  const [job] = await t.ctx.db.select().from(emailJobs).where(eq(emailJobs.clientMemberId, broken.id));
  expect(job).toMatchObject({ status: 'failed', lastError: 'invalid address', attempts: 0 });
  expect(await stats(email._id, owner)).toMatchObject({ recipients: 2, sent: 1, failed: 1 });
});

test('cancelling stops what is not sent yet', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const p = await person(org.websiteId);
  const email = await create(body(), owner);
  await publish(email._id, owner);
  // Queued (one job per recipient), not sent yet.
  await t.ctx.db.transaction((tx) => emailsStore(tx).enqueueDue(new Date()));
  expect(await stats(email._id, owner)).toMatchObject({ recipients: 1, queued: 1 });
  const cancel = await t.request({ method: 'DELETE', url: `/api/emails/cancel/${email._id}`, headers: as(owner) });
  expect(cancel.statusCode).toBe(200);
  await drain();
  expect(mailsTo(p.email!)).toHaveLength(0);
  expect(await stats(email._id, owner)).toMatchObject({ sent: 0, queued: 0, skipped: 1 });
});

test('a scheduled e-mail is sent once its start has come', async () => {
  const org = await t.createOrganisation();
  const owner = await t.createUser({ organisationId: org.id, permissions: [...ALL_PERMISSIONS] });
  const p = await person(org.websiteId);
  const email = await create(body(), owner);
  const startsAt = new Date(Date.now() + 1500).toISOString();
  const res = await t.request({ method: 'PUT', url: `/api/emails/schedule/${email._id}`, headers: as(owner), payload: { startsAt } });
  expect(res.statusCode).toBe(200);
  await drain();
  expect(mailsTo(p.email!)).toHaveLength(0);
  // The schedule's clock moved past the start, rather than the test waiting for it.
  clockOffsetMs = 1600;
  try {
    await drain();
  } finally {
    clockOffsetMs = 0;
  }
  expect(mailsTo(p.email!)).toHaveLength(1);
});

test('preview renders MJML to HTML (right to left in Arabic) and "send a test to me" reaches the caller', async () => {
  const preview = await t.request({ method: 'POST', url: '/api/emails/preview', headers: as(me), payload: body({ language: 'ar' }) });
  expect(preview.statusCode).toBe(200);
  const { html, text, subject } = preview.json().data;
  expect(subject).toBe('Hello there');
  expect(preview.json().data.from).toBe('Demo team <no-reply@signpost.local>');
  expect(html).toMatch(/dir="rtl"/);
  expect(text).toContain('Hi there, your plan is unknown.');
  const email = await create(body());
  const res = await t.request({ method: 'POST', url: `/api/emails/${email._id}/test`, headers: as(me) });
  expect(res.statusCode).toBe(202);
  await t.ctx.mailer.flush();
  expect(mailsTo(me.email).some((m) => /^Subject: \[Test\] Hello there/m.test(m.raw))).toBe(true);
});

test('validation: a button needs its link, the subject is required; 404 for another website’s e-mail', async () => {
  const bad = await t.request({
    method: 'POST',
    url: '/api/emails',
    headers: as(me),
    payload: { ...body(), subject: '', content: [{ id: 'b', kind: 'button', label: 'Go', url: '' }] },
  });
  expect(bad.statusCode).toBe(400);
  expect(bad.json().errors).toMatchObject({ subject: expect.any(String), 'content.0.url': expect.any(String) });
  const other = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  const mine = await create(body());
  for (const [method, url] of [
    ['GET', `/api/emails/${mine._id}`],
    ['GET', `/api/emails/${mine._id}/stats`],
    ['PUT', `/api/emails/publish/${mine._id}`],
  ] as const) {
    expect((await t.request({ method, url, headers: as(other) })).statusCode).toBe(404);
  }
});
