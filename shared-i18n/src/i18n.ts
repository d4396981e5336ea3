import i18next, { type i18n as I18n } from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { MESSAGE_VARIABLES, MESSAGES_NAMESPACE } from 'contracts/messages';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, SUPPORTED_LANGUAGES, directionOf, isSupportedLanguage } from './languages';

/**
 * THE i18next instance of the console. This package is a module-federation singleton, so the host
 * and every remote import this very object: one language, one set of loaded namespaces.
 */
export const i18n: I18n = i18next.createInstance();

/**
 * Where each namespace's files live. `common` (and the host's own namespace) are same-origin;
 * a remote registers its namespace with its own origin, so its deploy carries its texts.
 */
const namespaceBaseUrls = new Map<string, string>();

export function translationUrl(lng: string, ns: string): string {
  const base = namespaceBaseUrls.get(ns) ?? '';
  return `${base.replace(/\/$/, '')}/locales/${lng}/${ns}.json`;
}

function applyDocumentLanguage(lng: string) {
  if (typeof document === 'undefined') return;
  const code = isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE;
  document.documentElement.lang = code;
  document.documentElement.dir = directionOf(code);
}

/**
 * The `messages` namespace: the catalogue of contracts (contracts/locales), keyed by codes, which the
 * contract schemas raise and the API answers. Served beside `common` by every app (each build copies
 * it to /locales) and fetched in the reader's language only, like any namespace: bundled in three
 * languages it was 40 KB of gzip JavaScript on the sign-in page, which shows none of it. Its limits
 * (`{{nameMax}}`) come from `LIMITS`, the default interpolation variables.
 */
export { MESSAGES_NAMESPACE };
export const messageInterpolation = { defaultVariables: MESSAGE_VARIABLES };

let initPromise: Promise<unknown> | null = null;

/** Initialises the instance once; later calls return the same promise. */
export function initI18n(options: { namespaces?: string[]; defaultNamespace?: string } = {}) {
  if (initPromise) return initPromise;
  i18n.on('languageChanged', applyDocumentLanguage);
  initPromise = i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: SUPPORTED_LANGUAGES,
      nonExplicitSupportedLngs: true,
      load: 'languageOnly',
      // No fallback language (a missing key shows as its key, and a test fails on
      // any key missing in one of the three languages); an unsupported browser language means en.
      fallbackLng: false,
      lng: undefined,
      ns: options.namespaces ?? ['common'],
      defaultNS: options.defaultNamespace ?? 'common',
      fallbackNS: 'common',
      // Up to 10 parallel reads, 5 retries, 350 ms initial delay doubling each retry.
      maxParallelReads: 10,
      maxRetries: 5,
      retryTimeout: 350,
      interpolation: { escapeValue: false, prefix: '{{', suffix: '}}', maxReplaces: 1000, ...messageInterpolation },
      detection: {
        order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
        lookupQuerystring: 'lng',
        lookupLocalStorage: LANGUAGE_STORAGE_KEY,
        caches: ['localStorage'],
        convertDetectedLanguage: (lng: string) => {
          const short = lng.split('-')[0];
          return isSupportedLanguage(short) ? short : DEFAULT_LANGUAGE;
        },
      },
      backend: {
        loadPath: (lngs: string[], namespaces: string[]) => translationUrl(lngs[0], namespaces[0]),
        // 5xx or no status is retryable, 4xx is not (the http backend's own rule).
      },
      // Re-render on a language change only, not on every namespace that loads: with 'loaded' bound,
      // each remote's texts arriving after sign-in re-rendered the whole console (four to six full
      // renders before the dashboard's first figure, about a second at 4x CPU slowdown). A component
      // suspends until the namespaces it names are there; the sidebar names other namespaces through
      // manifests, and re-renders when a remote becomes ready, which is after its texts loaded.
      react: { useSuspense: true, bindI18n: 'languageChanged' },
      returnNull: false,
    })
    .then(() => {
      const lng = isSupportedLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
      if (lng !== i18n.language) return i18n.changeLanguage(lng);
      applyDocumentLanguage(lng);
    });
  return initPromise;
}

/** A remote (or the host for its own namespace) says where its translation files are served from. */
export function registerNamespace(ns: string, baseUrl: string): Promise<void> {
  namespaceBaseUrls.set(ns, baseUrl);
  return i18n.loadNamespaces(ns);
}

export function changeLanguage(lng: string) {
  return i18n.changeLanguage(isSupportedLanguage(lng) ? lng : DEFAULT_LANGUAGE);
}
