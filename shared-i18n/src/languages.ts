export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'fr', label: 'Français', dir: 'ltr' },
  { code: 'ar', label: 'العربية', dir: 'rtl' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const SUPPORTED_LANGUAGES: LanguageCode[] = LANGUAGES.map((l) => l.code);
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** localStorage entry the chosen language is cached in. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

export function isSupportedLanguage(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as string[]).includes(value);
}

export function directionOf(lng: string): 'ltr' | 'rtl' {
  return LANGUAGES.find((l) => l.code === lng)?.dir ?? 'ltr';
}
