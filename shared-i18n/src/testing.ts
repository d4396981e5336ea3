/**
 * Component tests only (`shared-i18n/testing`, never imported by product code): the real i18n
 * instance loaded with real texts, synchronously, for the namespaces a test renders. A missing key
 * shows as the key itself, so an assertion on the English text fails when a translation is missing.
 */
import { initReactI18next } from 'react-i18next';
import { MESSAGE_CATALOGUE, MESSAGES_NAMESPACE } from 'contracts/messages';
import { i18n, messageInterpolation } from './i18n';
import commonEn from '../locales/en/common.json';

type Texts = Record<string, unknown>;

let ready: Promise<unknown> | null = null;

/**
 * `namespaces`: namespace → language → texts, e.g. `{ settings: { en } }`. The common namespace's
 * English texts are always loaded. The first call initialises; later calls reuse it (one instance
 * per test file, like the product's one instance per page).
 */
export function initTestI18n(namespaces: Record<string, Record<string, Texts>>): Promise<unknown> {
  const resources: Record<string, Record<string, Texts>> = { en: { common: commonEn } };
  // The message catalogue of contracts, in its three languages, as in the product.
  for (const [language, messages] of Object.entries(MESSAGE_CATALOGUE)) (resources[language] ??= {})[MESSAGES_NAMESPACE] = messages;
  for (const [namespace, byLanguage] of Object.entries(namespaces))
    for (const [language, texts] of Object.entries(byLanguage)) (resources[language] ??= {})[namespace] = texts;
  ready ??= i18n.use(initReactI18next).init({
    lng: 'en',
    resources,
    ns: ['common', ...Object.keys(namespaces)],
    defaultNS: 'common',
    fallbackNS: 'common',
    fallbackLng: false,
    interpolation: { escapeValue: false, ...messageInterpolation },
    react: { useSuspense: false },
  });
  return ready;
}
