import i18next from 'i18next';
import { MESSAGE_CATALOGUE, MESSAGE_VARIABLES, MESSAGES_NAMESPACE, type MessageParams } from 'contracts';
import type { Message } from '../lib/errors';

/**
 * The API's one i18next instance, loaded with the catalogue of contracts (en, fr, ar). Every
 * message the API answers is a code of that catalogue, translated here by `accept-language`,
 * English included, so the person reading a field message or a toast reads it in the
 * language they chose.
 */
export type Lang = 'en' | 'fr' | 'ar';

const i18n = i18next.createInstance();
void i18n.init({
  initAsync: false,
  resources: Object.fromEntries(Object.entries(MESSAGE_CATALOGUE).map(([lng, messages]) => [lng, { [MESSAGES_NAMESPACE]: messages }])),
  ns: [MESSAGES_NAMESPACE],
  defaultNS: MESSAGES_NAMESPACE,
  lng: 'en',
  fallbackLng: 'en',
  // A text that is not a code (zod's own wording, a framework message) is answered as it is.
  nsSeparator: false,
  interpolation: { escapeValue: false, defaultVariables: MESSAGE_VARIABLES },
});

export function languageOf(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '').split(',')[0].trim().slice(0, 2).toLowerCase();
  return first === 'fr' || first === 'ar' ? first : 'en';
}

/** Whether `code` is a code of the catalogue (plural forms included). */
export function isMessageCode(code: string): boolean {
  return /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/.test(code) && (i18n.exists(code, { lng: 'en' }) || i18n.exists(code, { lng: 'en', count: 2 }));
}

/** The text of a message code in `lang`; a text that is not a code stays as written. */
export function translateMessage(message: Message | string, lang: Lang, extra?: MessageParams): string {
  const code = typeof message === 'string' ? message : message.code;
  const params = typeof message === 'string' ? extra : { ...message.params, ...extra };
  if (!isMessageCode(code)) return code;
  return i18n.t(code, { lng: lang, ...params });
}
