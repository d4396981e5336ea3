import type { SMTPServer } from 'smtp-server';
import { startSmtpServer } from './support/smtp';
import { createTestApp, type TestApp } from './support/test-app';

/** Real SMTP delivery: SMTP_URL points at an smtp-server on a loopback port. */
let t: TestApp;
let server: SMTPServer;
const received: { to: string[]; raw: string }[] = [];

beforeAll(async () => {
  const smtp = await startSmtpServer((mail) => received.push(mail));
  server = smtp.server;
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, as a mail client would. */
const decodeQuotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

test('forgot-password delivers the reset link over SMTP', async () => {
  const u = await t.createUser();
  expect(t.ctx.mailer.transport).toBe('smtp');
  const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: u.email } });
  expect(res.statusCode).toBe(200);
  await t.ctx.background.settled();
  await t.ctx.mailer.flush();
  const mail = received.find((m) => m.to.includes(u.email));
  expect(mail).toBeDefined();
  const text = decodeQuotedPrintable(mail!.raw);
  expect(text).toMatch(/^Subject: Reset your Signpost password/m);
  expect(text).toMatch(/^From: Signpost <no-reply@signpost\.local>/m);
  const link = /http:\/\/localhost:3000\/reset-password\?token=[\w-]+/.exec(text);
  expect(link).not.toBeNull();
  // The delivered link really resets the password.
  const token = new URL(link![0]).searchParams.get('token')!;
  const reset = await t.request({
    method: 'PUT',
    url: '/api/auth/reset-password',
    payload: { token, password: 'Via-smtp-pass-1', confirmPassword: 'Via-smtp-pass-1' },
  });
  expect(reset.statusCode).toBe(200);
});
