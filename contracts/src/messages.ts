import ar from '../locales/ar/messages.json';
import en from '../locales/en/messages.json';
import fr from '../locales/fr/messages.json';
import { LIMITS } from './limits';

/**
 * The one catalogue of messages the API answers and the contract schemas raise: an i18next
 * namespace (`messages`) keyed by codes (`auth.invalidCredentials`, `validation.titleRequired`), in
 * en, fr and ar. The API translates a code by `accept-language` before answering; the console
 * translates the codes of the contract schemas it validates forms with. Values are i18next
 * interpolations (`{{count}}`, `{{names}}`) and the limits of `LIMITS` (`{{nameMax}}`).
 */
export const MESSAGES_NAMESPACE = 'messages';
export const MESSAGE_CATALOGUE = { en, fr, ar } as const;

/** The limits are the default interpolation variables of every message. */
export const MESSAGE_VARIABLES: Record<string, number> = { ...LIMITS };

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/** A code of the catalogue, checked by the compiler (a typo does not build). */
export type MessageCode = WithoutPlural<Leaves<typeof en>>;

/** A message code for a zod schema or an answer; typed, so a code missing from the catalogue is a type error. */
export const msg = <C extends MessageCode>(code: C): C => code;

/** A message with values: the code and the values i18next interpolates into it. */
export type MessageParams = Record<string, string | number>;
