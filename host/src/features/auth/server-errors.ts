import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from 'shared-auth';

/**
 * Puts the server's per-field messages (`errors: { field: message }`) on the form's fields.
 * Returns true when at least one field message was placed, so the caller can skip a toast.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  const errors = fieldErrors(error);
  let placed = false;
  for (const [field, message] of Object.entries(errors ?? {})) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Path<T>, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
