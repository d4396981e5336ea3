/**
 * The real instance, initialised as the host does, with translations served by a stub fetch:
 * detection order, caching in localStorage, and <html lang dir> following the language.
 */
const files: Record<string, unknown> = {
  '/locales/en/common.json': { hello: 'Hello' },
  '/locales/fr/common.json': { hello: 'Bonjour' },
  '/locales/ar/common.json': { hello: 'مرحبا' },
};

beforeEach(() => {
  jest.resetModules();
  localStorage.clear();
  global.fetch = jest.fn(async (url: string) => {
    const body = files[String(url)];
    return { ok: Boolean(body), status: body ? 200 : 404, json: async () => body, text: async () => JSON.stringify(body) } as Response;
  }) as typeof fetch;
});

it('detects the language from the query parameter lng first and caches it in i18nextLng', async () => {
  window.history.replaceState(null, '', '/login?lng=ar');
  localStorage.setItem('i18nextLng', 'fr');
  const { initI18n, i18n } = await import('./i18n');
  await initI18n();
  expect(i18n.language).toBe('ar');
  expect(localStorage.getItem('i18nextLng')).toBe('ar');
  expect(document.documentElement.dir).toBe('rtl');
  expect(document.documentElement.lang).toBe('ar');
  expect(i18n.t('hello')).toBe('مرحبا');
});

it('falls back to en for an unsupported browser language, and changing language flips the direction', async () => {
  window.history.replaceState(null, '', '/login');
  Object.defineProperty(window.navigator, 'language', { value: 'de-DE', configurable: true });
  Object.defineProperty(window.navigator, 'languages', { value: ['de-DE'], configurable: true });
  const { initI18n, i18n, changeLanguage } = await import('./i18n');
  await initI18n();
  expect(i18n.language).toBe('en');
  expect(document.documentElement.dir).toBe('ltr');
  await changeLanguage('ar');
  expect(document.documentElement.dir).toBe('rtl');
  await changeLanguage('fr');
  expect(document.documentElement.dir).toBe('ltr');
  expect(i18n.t('hello')).toBe('Bonjour');
});
