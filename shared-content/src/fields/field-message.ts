import { useCallback } from 'react';
import { get, type FieldErrors, type FieldValues } from 'react-hook-form';
import { useMessageText } from 'shared-ui';

/**
 * The editors validate with the contract's own zod schemas (the server runs the same ones), whose
 * messages are codes of the contracts' message catalogue: shown in the reader's language through
 * `useMessageText`. A message that is no code (the server's, already in the reader's language
 * through accept-language) shows as it is.
 */
export function useFieldMessage<T extends FieldValues>(errors: FieldErrors<T>) {
  const text = useMessageText();
  return useCallback(
    (path: string): string | undefined => {
      // A list's own error (too many pages, no block) sits at `path.root` when the list is a field array.
      const found = (get(errors, path) ?? {}) as { message?: unknown; root?: { message?: unknown } };
      const raw = found.message ?? found.root?.message;
      return text(typeof raw === 'string' ? raw : undefined);
    },
    [errors, text],
  );
}
