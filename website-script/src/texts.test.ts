import { TEXTS } from './texts';
import { pageLocale } from './page-locale';

describe('the script texts', () => {
  it('has every key in en, fr and ar, none empty', () => {
    const keys = Object.keys(TEXTS.en).sort();
    for (const lang of ['fr', 'ar'] as const) expect(Object.keys(TEXTS[lang]).sort()).toEqual(keys);
    for (const lang of ['en', 'fr', 'ar'] as const) for (const key of keys) expect(TEXTS[lang][key as keyof (typeof TEXTS)['en']].trim()).not.toBe('');
  });

  afterEach(() => {
    document.documentElement.lang = '';
    document.documentElement.dir = '';
  });

  it("follows the page's lang, then the browser's language", () => {
    document.documentElement.lang = 'fr-CA';
    expect(pageLocale()).toMatchObject({ lang: 'fr', dir: 'ltr', t: { close: 'Fermer' } });
    document.documentElement.lang = '';
    expect(pageLocale(document, { language: 'ar-EG' } as Navigator)).toMatchObject({ lang: 'ar', dir: 'rtl' });
    expect(pageLocale(document, { language: 'de' } as Navigator).lang).toBe('en');
  });

  it('is right-to-left for Arabic or <html dir="rtl">', () => {
    document.documentElement.lang = 'ar';
    expect(pageLocale().dir).toBe('rtl');
    document.documentElement.lang = 'he';
    document.documentElement.dir = 'rtl';
    expect(pageLocale()).toMatchObject({ lang: 'en', dir: 'rtl' });
  });
});
