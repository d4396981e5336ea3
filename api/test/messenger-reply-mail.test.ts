import { eq } from 'drizzle-orm';
import { ALL_PERMISSIONS } from 'contracts';
import { clientMembers, visitors, websites } from '../src/db/schema';
import { listOutbox } from '../src/mail/outbox';
import { ReplyMailer } from '../src/services/reply-mailer';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';

/**
 * The messenger's answers by e-mail: an answer to an anonymous visitor who left an address is
 * e-mailed only if still unread after MESSENGER_REPLY_MAIL_DELAY_SECONDS, once per burst of answers;
 * one read within the delay (the visitor's open window marks it read) sends nothing. The wait is in
 * the database: a mailer that never saw the answer (a restarted process) sends it.
 */
let t: TestApp;
/** The product's clock: the test moves it past the delay instead of waiting. */
let offsetMs = 0;
const DELAY_S = 60;

beforeAll(async () => {
  t = await createTestApp({
    // Passes run when the test drains the mailer, never on their own.
    env: { EMAIL_POLL_MS: '3600000', MESSENGER_REPLY_MAIL_DELAY_SECONDS: String(DELAY_S) },
    clock: { now: () => Date.now() + offsetMs },
  });
});
afterAll(() => t?.close());
beforeEach(() => {
  offsetMs = 0;
});

interface Site {
  owner: TestUser;
  key: string;
  domain: string;
  id: string;
}

async function newSite(): Promise<Site> {
  const owner = await t.createUser({ permissions: [...ALL_PERMISSIONS] });
  const [w] = await t.ctx.db.select().from(websites).where(eq(websites.id, owner.websiteId));
  return { owner, key: w.publicKey, domain: w.domain, id: w.id };
}

async function visitorToken(s: Site, visitorId: string): Promise<string> {
  const res = await t.request({
    method: 'GET',
    url: `/api/public/${s.key}/content?${new URLSearchParams({ visitorId, url: `https://${s.domain}/`, device: 'web' })}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

/** A visitor who wrote and left `address`: their conversation's id. */
async function conversationWith(s: Site, visitorId: string, address: string): Promise<{ id: string; token: string }> {
  const token = await visitorToken(s, visitorId);
  const res = await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/messages`, payload: { token, body: 'Call me back', email: address } });
  expect(res.statusCode).toBe(201);
  return { id: res.json().conversation._id as string, token };
}

const answer = async (s: Site, id: string, body: string, lang = 'en') => {
  const res = await t.request({
    method: 'POST',
    url: `/api/conversations/${id}/messages`,
    headers: { ...s.owner.headers, 'accept-language': lang },
    payload: { body },
  });
  expect(res.statusCode).toBe(201);
};

const read = async (s: Site, c: { id: string; token: string }) => {
  const res = await t.request({ method: 'POST', url: `/api/public/${s.key}/messenger/conversations/${c.id}/read`, payload: { token: c.token } });
  expect(res.statusCode).toBeLessThan(300);
};

/** The mails to `address` once every due one went out. */
async function mailsTo(address: string, mailer = t.ctx.replyMailer) {
  await mailer.drain();
  await t.ctx.mailer.flush();
  return (await listOutbox(t.config.dataDir)).filter((m) => m.to.includes(address));
}

const passDelay = () => {
  offsetMs = (DELAY_S + 1) * 1000;
};

test('an answer left unread is e-mailed after the delay, once for a burst, every answer in it', async () => {
  const s = await newSite();
  const address = `unread-${Date.now()}@example.test`;
  const c = await conversationWith(s, 'unread', address);
  await answer(s, c.id, 'First answer');
  await answer(s, c.id, 'Second answer');
  // Within the delay, nothing goes.
  expect(await mailsTo(address)).toHaveLength(0);
  passDelay();
  const mails = await mailsTo(address);
  expect(mails).toHaveLength(1);
  expect(mails[0].text).toContain('First answer');
  expect(mails[0].text).toContain('Second answer');
  // Nothing more is due: the burst made one e-mail.
  offsetMs += 3600_000;
  expect(await mailsTo(address)).toHaveLength(1);
});

test('an answer read within the delay (the visitor reading live) sends no e-mail', async () => {
  const s = await newSite();
  const address = `read-${Date.now()}@example.test`;
  const c = await conversationWith(s, 'reader', address);
  await answer(s, c.id, 'Seen at once');
  await read(s, c);
  passDelay();
  expect(await mailsTo(address)).toHaveLength(0);
});

test('a later burst, after the first was e-mailed, makes its own e-mail in the staff member’s language', async () => {
  const s = await newSite();
  const address = `again-${Date.now()}@example.test`;
  const c = await conversationWith(s, 'again', address);
  await answer(s, c.id, 'One');
  passDelay();
  expect(await mailsTo(address)).toHaveLength(1);
  await read(s, c);
  await answer(s, c.id, 'Deux', 'fr');
  offsetMs += (DELAY_S + 1) * 1000;
  const mails = await mailsTo(address);
  expect(mails).toHaveLength(2);
  expect(mails[1].text).toContain('Deux');
  expect(mails[1].text).not.toContain('One');
  expect(mails[1].subject).toMatch(/^Une réponse de /);
});

test('the wait survives a restart: a mailer that never saw the answer sends it', async () => {
  const s = await newSite();
  const address = `restart-${Date.now()}@example.test`;
  const c = await conversationWith(s, 'restart', address);
  await answer(s, c.id, 'Kept in the database');
  passDelay();
  const fresh = new ReplyMailer(t.ctx.db, t.ctx.mailer, 3600_000, t.ctx.clock, t.ctx.log);
  const mails = await mailsTo(address, fresh);
  expect(mails).toHaveLength(1);
  expect(mails[0].text).toContain('Kept in the database');
});

test('an identified visitor reads answers on the site: no e-mail', async () => {
  const s = await newSite();
  const [member] = await t.ctx.db.insert(clientMembers).values({ websiteId: s.id, memberId: 'ada', username: 'Ada' }).returning();
  await t.ctx.db.insert(visitors).values({ websiteId: s.id, visitorId: 'ada-visitor', clientMemberId: member.id });
  const address = `ada-${Date.now()}@example.test`;
  const c = await conversationWith(s, 'ada-visitor', address);
  await answer(s, c.id, 'For Ada');
  passDelay();
  expect(await mailsTo(address)).toHaveLength(0);
});
