import { useCallback } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'shared-i18n';

/**
 * The editors validate with the contract's own zod schemas (the server runs the same ones), whose
 * messages are English. They are shown through the `schemaMessages` table of the campaigns namespace,
 * keyed by the English text, so fr and ar readers see their language. A message not in the table
 * (the server's, already in the reader's language through accept-language) shows as it is.
 */
export function useFieldMessage<T extends FieldValues>(errors: FieldErrors<T>) {
  const { t } = useTranslation('campaigns');
  const table = t('schemaMessages', { returnObjects: true }) as unknown as Record<string, string>;
  return useCallback(
    (path: string): string | undefined => {
      // A list's own error (too many pages, no block) sits at `path.root` when the list is a field array.
      const found = (get(errors, path) ?? {}) as { message?: unknown; root?: { message?: unknown } };
      const raw = found.message ?? found.root?.message;
      const message = typeof raw === 'string' ? raw : undefined;
      if (!message) return undefined;
      return (table && typeof table === 'object' && table[message]) || message;
    },
    [errors, table],
  );
}
