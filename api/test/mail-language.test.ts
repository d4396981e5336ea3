import { roles } from '../src/db/schema';
import { randomToken } from '../src/lib/crypto';
import { withTestApp, type TestApp } from './support/test-app';

/**
 * Mails come in the language of the request that sends them (accept-language):
 * the reset mail in the asker's, the e-mail confirmation in the account holder's, and an invitation
 * in the inviter's (the invitee's is not known yet). Arabic mails read right to left.
 */
let t: TestApp;
withTestApp((app) => (t = app));

const fresh = (tag: string) =>
  `${tag}-${randomToken()
    .slice(0, 8)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, 'x')}@example.test`;

test('a reset asked in French is mailed in French; in Arabic, right to left; otherwise English', async () => {
  const u = await t.createUser();
  for (const [lang, subject, phrase] of [
    ['fr-FR,fr;q=0.9', 'Réinitialisez votre mot de passe Signpost', 'Le lien ne fonctionne qu’une fois'],
    ['ar', 'إعادة تعيين كلمة مرور Signpost', 'يعمل الرابط مرة واحدة فقط'],
    ['de', 'Reset your Signpost password', 'The link works once'],
  ] as const) {
    const since = new Date();
    const res = await t.request({ method: 'POST', url: '/api/auth/forgot-password', headers: { 'accept-language': lang }, payload: { email: u.email } });
    expect(res.statusCode).toBe(200);
    const mail = await t.mailTo(u.email, since);
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(phrase);
    expect(mail.html).toContain(phrase);
    expect(mail.links.some((l) => l.startsWith('http://localhost:3000/reset-password?token='))).toBe(true);
    const dir = lang === 'ar' ? 'rtl' : 'ltr';
    expect(mail.html).toMatch(new RegExp(`^<div lang="${lang.slice(0, 2) === 'de' ? 'en' : lang.slice(0, 2)}" dir="${dir}">`));
  }
});

test('an invitation is mailed in the inviter’s language, with the role and the expiry day in it', async () => {
  const owner = await t.createUser({ permissions: ['create_invitations', 'get_invitations'] });
  const [role] = await t.ctx.db
    .insert(roles)
    .values({ organisationId: owner.organisationId, name: 'Rédacteur', permissions: ['create_invitations'] })
    .returning();
  const email = fresh('invitee');
  const since = new Date();
  const res = await t.request({
    method: 'POST',
    url: '/api/invitations',
    headers: { ...owner.headers, 'accept-language': 'fr' },
    payload: { email, roleId: role.id },
  });
  expect(res.statusCode).toBe(201);
  const mail = await t.mailTo(email, since);
  expect(mail.subject).toContain('vous invite à rejoindre');
  expect(mail.text).toContain('en tant que Rédacteur');
  expect(mail.text).toContain('Ouvrez ce lien pour choisir votre mot de passe et créer votre compte');
  expect(mail.text).toMatch(/expire le \d{1,2} \S+ \d{4}/);
  expect(mail.links).toHaveLength(1);
});

test('the new-address confirmation is mailed in Arabic when asked in Arabic', async () => {
  const u = await t.createUser();
  const email = `new-${u.email}`;
  const since = new Date();
  const res = await t.request({
    method: 'PUT',
    url: '/api/users/profile-update',
    headers: { ...u.headers, 'accept-language': 'ar' },
    payload: { name: 'Renamed', email, currentPassword: u.password },
  });
  expect(res.statusCode).toBe(200);
  const mail = await t.mailTo(email, since);
  expect(mail.subject).toBe('تأكيد بريدك الإلكتروني الجديد على Signpost');
  expect(mail.html).toMatch(/^<div lang="ar" dir="rtl">/);
  expect(mail.links.some((l) => l.includes('/confirm?email_token='))).toBe(true);
});
