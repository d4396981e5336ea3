import { withTestApp, randomId, type TestApp } from './support/test-app';
import { languageOf, translateMessage } from '../src/i18n/messages';

let t: TestApp;
withTestApp((app) => (t = app));

test('a failed sign-in answers in the language of accept-language', async () => {
  const email = `nobody-${randomId()}@example.test`;
  const fr = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'fr' }, payload: { email, password: 'wrong-password' } });
  expect(fr.statusCode).toBe(401);
  expect(fr.json().message).toBe('E-mail ou mot de passe incorrect');
  const ar = await t.request({ method: 'POST', url: '/api/auth/login', headers: { 'accept-language': 'ar' }, payload: { email, password: 'wrong-password' } });
  expect(ar.json().message).toBe('البريد الإلكتروني أو كلمة المرور غير صحيحة');
  const en = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'wrong-password' } });
  expect(en.json().message).toBe('Invalid email or password');
});

test('field messages of a validation error are translated too', async () => {
  const res = await t.request({
    method: 'PUT',
    url: '/api/auth/reset-password',
    headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    payload: { token: 'x', password: 'short', confirmPassword: 'other' },
  });
  expect(res.statusCode).toBe(400);
  expect(res.json().errors.password).toBe('Le mot de passe doit comporter au moins 8 caractères');
});

test('messages with a value keep it, in the plural form of each language', () => {
  const attempts = (count: number, lang: 'en' | 'fr' | 'ar') => translateMessage({ code: 'auth.tooManyAttempts', params: { count } }, lang);
  expect(attempts(12, 'en')).toBe('Too many failed sign-in attempts. Try again in 12 minutes.');
  expect(attempts(1, 'en')).toBe('Too many failed sign-in attempts. Try again in 1 minute.');
  expect(attempts(12, 'fr')).toBe('Trop de tentatives de connexion échouées. Réessayez dans 12 minutes.');
  // Arabic: one, two, few (3-10) and many each have their own form.
  expect(attempts(1, 'ar')).toContain('بعد دقيقة واحدة.');
  expect(attempts(2, 'ar')).toContain('بعد دقيقتين.');
  expect(attempts(5, 'ar')).toContain('بعد 5 دقائق.');
  expect(attempts(15, 'ar')).toContain('بعد 15 دقيقة.');
  const seconds = (count: number, lang: 'en' | 'fr' | 'ar') => translateMessage({ code: 'auth.tooManyAttemptsSeconds', params: { count } }, lang);
  expect(seconds(45, 'en')).toBe('Too many failed sign-in attempts. Try again in 45 seconds.');
  expect(seconds(1, 'en')).toBe('Too many failed sign-in attempts. Try again in 1 second.');
  expect(seconds(45, 'fr')).toBe('Trop de tentatives de connexion échouées. Réessayez dans 45 secondes.');
  expect(seconds(7, 'ar')).toContain('بعد 7 ثوانٍ.');
  expect(seconds(45, 'ar')).toContain('بعد 45 ثانية.');
  const held = (count: number, lang: 'en' | 'fr' | 'ar') => translateMessage({ code: 'roles.stillHeld', params: { count } }, lang);
  expect(held(1, 'en')).toBe('This role is still held by 1 user. Remove it from that user before deleting it.');
  expect(held(3, 'en')).toBe('This role is still held by 3 users. Remove it from them before deleting it.');
  expect(held(1, 'ar')).toBe('هذا الدور ما زال مسندًا إلى مستخدم واحد. أزِله عنه قبل حذفه.');
  expect(held(11, 'ar')).toBe('هذا الدور ما زال مسندًا إلى 11 مستخدمين. أزِله عنهم قبل حذفه.');
  expect(languageOf('de-DE,de')).toBe('en');
});

test('limits reach the messages from LIMITS, and a text that is not a code stays as it is', () => {
  expect(translateMessage('validation.tagNameTooLong', 'en')).toBe('Name must be at most 60 characters');
  expect(translateMessage('validation.passwordTooShort', 'fr')).toBe('Le mot de passe doit comporter au moins 8 caractères');
  expect(translateMessage('Route GET /api/nothing not found', 'fr')).toBe('Route GET /api/nothing not found');
});
