import { useState, type BaseSyntheticEvent } from 'react';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { applyServerFieldErrors } from 'shared-ui';
import { fieldErrors } from 'shared-data';

/**
 * An editor's submit: the values the schema parsed go to `onSubmit`; when saving fails, the server's
 * per-field messages land on their fields (nothing typed is lost) and `onFailure` hears whether they
 * did. `serverError` is the last failed save, for nested widgets' own field messages (targeting).
 */
export function useEditorSubmit<In extends FieldValues, Out>(
  form: UseFormReturn<In, unknown, Out>,
  {
    onSubmit,
    onFailure,
    onInvalid,
  }: {
    onSubmit: (values: Out, event?: BaseSyntheticEvent) => Promise<unknown>;
    onFailure: (error: unknown, placedOnFields: boolean) => void;
    /** Called when the schema refuses the values (e.g. to show the page or step holding the error). */
    onInvalid?: (errors: FieldErrors<In>) => void;
  },
) {
  const [serverError, setServerError] = useState<unknown>(null);
  const submit = form.handleSubmit(async (values, event) => {
    setServerError(null);
    try {
      await onSubmit(values, event);
    } catch (error) {
      setServerError(error);
      const placed = applyServerFieldErrors(error, form.setError, Object.keys(fieldErrors(error)) as Path<In>[]);
      onFailure(error, placed);
    }
  }, onInvalid);
  return { submit, serverError };
}
