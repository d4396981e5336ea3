import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage, fieldErrors } from 'shared-auth';
import { toaster } from 'shared-ui';

/**
 * A failed create: the server's per-field messages go on their fields (the typed values stay), and
 * its message shows as a toast (spec section 8: the server's message is shown when it gives one).
 */
export function reportServerError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string): void {
  const errors = fieldErrors(error);
  for (const field of fields) {
    const message = errors[field];
    if (message) setError(field, { type: 'server', message });
  }
  toaster.create({ type: 'error', title: errorMessage(error, fallback) });
}
