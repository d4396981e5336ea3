import type { Language, Locale, Texts } from '../texts';

/** The language and direction of the page the script runs on (no texts: the loader stays small). */
export function pageLanguage(doc: Document = document, nav: Navigator = navigator): { lang: Language; dir: 'ltr' | 'rtl' } {
  const wanted = (doc.documentElement.lang || nav.language || 'en').toLowerCase();
  const lang: Language = wanted.startsWith('ar') ? 'ar' : wanted.startsWith('fr') ? 'fr' : 'en';
  const dir = doc.documentElement.dir.toLowerCase() === 'rtl' || lang === 'ar' ? 'rtl' : 'ltr';
  return { lang, dir };
}

let loaded: Record<Language, Texts> | null = null;

/**
 * The surfaces' texts in the three languages: a chunk of their own, fetched beside the first surface
 * that shows (signpost.js carries none of them: a page that shows nothing never downloads them).
 */
export function loadTexts(): Promise<void> {
  return loaded ? Promise.resolve() : import(/* webpackChunkName: "texts" */ '../texts').then((m) => void (loaded = m.TEXTS));
}

/** The page's locale with its texts: only once `loadTexts()` has resolved (surfaces mount after it). */
export function loadedLocale(doc: Document = document, nav: Navigator = navigator): Locale {
  const { lang, dir } = pageLanguage(doc, nav);
  if (!loaded) throw new Error('the texts are not loaded yet');
  return { lang, dir, t: loaded[lang] };
}
