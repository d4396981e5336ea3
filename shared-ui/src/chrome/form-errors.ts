import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import type { MessageCode } from 'contracts';
import { toaster } from '../toaster';
import { errorMessage, fieldErrors } from 'shared-data';

/**
 * Puts the server's per-field messages (`errors: { field: message }`) on the form's
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
 * fallback when it gives none). `toastWhenPlaced: false` skips the toast when the
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

/**
 * A form validated with a contract's own schema (the server runs the same one) whose dialog words
 * some messages its own way: each contract code in `messages` shows as the form's code instead
 * (`'validation.nameRequired'` → `'form.required'`, which names the field's label). Both are codes
 * of the contracts' catalogue; FormField translates them.
 */
export function withFormMessages<T extends FieldValues, C = unknown, R extends FieldValues = T>(
  resolver: Resolver<T, C, R>,
  messages: Partial<Record<MessageCode, MessageCode>>,
): Resolver<T, C, R> {
  const swap = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    const error = node as { message?: unknown };
    if (typeof error.message === 'string' && error.message in messages) error.message = messages[error.message as MessageCode];
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') swap(child);
  };
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    swap(result.errors);
    return result;
  };
}
