import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGES_NAMESPACE } from 'contracts/messages';

const CODE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)+$/;
// (Without an i18next instance, as in some component tests, a text shows as it is.)

/**
 * The one place the console turns a message code of the contracts' catalogue (what a contract schema
 * raises on a form field: `validation.titleRequired`) into the reader's language. A text that is no
 * code (the server's field messages, already in the reader's language) shows as it is. The
 * namespace is loaded by shared-i18n (bundled from contracts, in en, fr and ar).
 */
export function useMessageText() {
  const { t, i18n } = useTranslation(MESSAGES_NAMESPACE);
  return useCallback(
    (text: string | undefined, values?: Record<string, unknown>): string | undefined =>
      text && CODE.test(text) && typeof i18n?.exists === 'function' && i18n.exists(text, { ns: MESSAGES_NAMESPACE })
        ? t(text, { ns: MESSAGES_NAMESPACE, ...values })
        : text,
    [t, i18n],
  );
}
