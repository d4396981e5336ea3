import ar from '../locales/ar/messages.json';
import en from '../locales/en/messages.json';
import fr from '../locales/fr/messages.json';
import { LIMITS } from './limits';

export { msg, type MessageCode } from './message-code';

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

/** A message with values: the code and the values i18next interpolates into it. */
export type MessageParams = Record<string, string | number>;
