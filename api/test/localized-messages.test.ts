import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createTestApp, randomId, type TestApp } from './support/test-app';
import { hasTranslation, languageOf, translateMessage } from '../src/i18n/messages';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

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

test('messages with a value keep it', () => {
  expect(translateMessage('Too many failed sign-in attempts. Try again in 12 minutes.', 'fr')).toBe(
    'Trop de tentatives de connexion échouées. Réessayez dans 12 minutes.',
  );
  expect(translateMessage('Too many failed sign-in attempts. Try again in 1 minute.', 'ar')).toContain('1');
  expect(languageOf('de-DE,de')).toBe('en');
});

/**
 * Every message the API can answer has fr and ar: the messages written in the API's routes,
 * services and errors, and the zod messages of the contracts.
 */
test('every message of the API and of the contracts has a translation', () => {
  const root = path.resolve(__dirname, '../..');
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.ts')) files.push(full);
    }
  };
  walk(path.join(root, 'api/src'));
  walk(path.join(root, 'contracts/src'));
  const found = new Set<string>();
  const patterns = [
    /(?:notFound|badRequest|conflict|unauthorized|forbidden|HttpError\(\d+,)\s*\(?\s*'([^']+)'/g,
    /\bmessage:\s*'([^']+)'/g,
    /\berror:\s*'([^']+)'/g,
    /\.(?:min|max|email|uuid|url|regex)\([^)]*?'([A-Z][^']+)'\)/g,
    /errors:\s*\{\s*\w+:\s*'([^']+)'/g,
    /_MESSAGE\s*=\s*'([^']+)'/g,
    /^export const [A-Z_]+\s*=\s*'([A-Z][^']+)';/gm,
  ];
  for (const file of files) {
    if (file.includes(`${path.sep}i18n${path.sep}`)) continue;
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) found.add(m[1]);
  }
  expect(found.size).toBeGreaterThan(30);
  // Constants that are data, not messages (the seed's demo names).
  const notMessages = new Set(['Demo Organisation', 'Demo website', 'Signpost-admin-1']);
  const missing = [...found].filter((m) => !notMessages.has(m) && !hasTranslation(m));
  expect(missing).toEqual([]);
});
