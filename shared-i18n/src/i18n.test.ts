import { directionOf, isSupportedLanguage, LANGUAGES } from './languages';
import { translationUrl, registerNamespace, i18n } from './i18n';

describe('languages', () => {
  it('supports exactly en, fr and ar, with ar right-to-left', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual(['en', 'fr', 'ar']);
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('fr')).toBe('ltr');
    expect(isSupportedLanguage('de')).toBe(false);
  });
});

describe('translation files', () => {
  it('are same-origin /locales/{lng}/{ns}.json unless a remote registered its own origin', async () => {
    expect(translationUrl('fr', 'common')).toBe('/locales/fr/common.json');
    jest.spyOn(i18n, 'loadNamespaces').mockResolvedValue(undefined as never);
    await registerNamespace('settings', 'http://localhost:3003/');
    expect(translationUrl('ar', 'settings')).toBe('http://localhost:3003/locales/ar/settings.json');
  });
});
