import { pageLanguage } from './core/language';
import { TEXTS, type Locale } from './texts';

/**
 * The language and direction of the page the script runs on, with every text at hand: for what
 * bundles the texts anyway (the builder, the push prompt); the surfaces load theirs apart
 * (core/language.ts' loadTexts).
 */
export function pageLocale(doc: Document = document, nav: Navigator = navigator): Locale {
  const { lang, dir } = pageLanguage(doc, nav);
  return { lang, dir, t: TEXTS[lang] };
}
