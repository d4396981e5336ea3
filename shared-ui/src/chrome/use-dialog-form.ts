import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { toaster } from '../toaster';
import { reportFormError } from './form-errors';

export interface DialogFormOptions<T extends FieldValues, R> {
  resolver: Resolver<T>;
  /** What the form starts with, and goes back to after a save or a close. */
  empty: DefaultValues<T>;
  /** The fields a server message may land on (the others become a toast). */
  fields: readonly Path<T>[];
  /** Sends the form (a mutation); its answer goes to `success` and `onSaved`. */
  save: (values: T) => Promise<R>;
  /** The success toast's text (from the answer, or from what was sent). */
  success: (answer: R, values: T) => string;
  /** Shown when the server gives no message. */
  errorFallback: string;
  onSaved: (answer: R) => void;
  onClose: () => void;
}

/**
 * The one path of a "create something" dialog (react-hook-form): what is typed stays until the save
 * succeeds or the dialog is closed; a success says so and starts over empty; a refusal puts the
 * server's field messages on their fields (else a toast), keeping everything typed. Spread `onSubmit`,
 * `close` and `submitting` into `<FormDialog>`.
 */
export function useDialogForm<T extends FieldValues, R>({ resolver, empty, fields, save, success, errorFallback, onSaved, onClose }: DialogFormOptions<T, R>) {
  const form = useForm<T>({ resolver, defaultValues: empty });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await save(values);
      toaster.create({ type: 'success', title: success(answer, values) });
      form.reset(empty);
      onSaved(answer);
    } catch (error) {
      reportFormError(error, form.setError, fields, errorFallback);
    }
  });
  return { form, close, onSubmit, submitting: form.formState.isSubmitting };
}
