import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toaster } from 'shared-ui';
import { errorMessage, fieldErrors } from './api-client';

/**
 * Puts the server's per-field messages (`errors: { field: message }`, spec section 5) on the form's
 * fields — the typed values stay — and focuses the first one. Returns whether any was placed.
 */
export function applyServerFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  const errors = fieldErrors(error);
  let placed = false;
  for (const field of fields) {
    const message = errors[field];
    if (!message) continue;
    setError(field, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

/**
 * A failed submit: field messages on their fields, and the server's message as a toast (the
 * fallback when it gives none, spec section 8). `toastWhenPlaced: false` skips the toast when the
 * fields already say what is wrong.
 */
export function reportFormError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  fallback: string,
  { toastWhenPlaced = true }: { toastWhenPlaced?: boolean } = {},
): void {
  const placed = applyServerFieldErrors(error, setError, fields);
  if (!placed || toastWhenPlaced) toaster.create({ type: 'error', title: errorMessage(error, fallback) });
}
