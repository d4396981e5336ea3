import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import type { z } from 'zod';
import { toaster } from '../toaster';
import { reportFormError } from './form-errors';
import { useContractForm, type ContractFormOptions } from './use-contract-form';

export interface DialogFormOptions<In extends FieldValues, Out extends FieldValues, R> extends Pick<ContractFormOptions<In, Out>, 'messages' | 'raw'> {
  /** The contract's schema of what the dialog sends (the server checks the same); it types the form. */
  schema: z.ZodType<Out, In>;
  /** What the form starts with, and goes back to after a save or a close. */
  empty: DefaultValues<In>;
  /** The fields a server message may land on (the others become a toast). */
  fields: readonly Path<In>[];
  /** Sends the form (a mutation); its answer goes to `success` and `onSaved`. */
  save: (values: Out) => Promise<R>;
  /** The success toast's text (from the answer, or from what was sent). */
  success: (answer: R, values: Out) => string;
  /** Shown when the server gives no message. */
  errorFallback: string;
  onSaved: (answer: R) => void;
  onClose: () => void;
}

/**
 * The one path of a "create something" dialog (react-hook-form over a contract's schema, see
 * `useContractForm`): what is typed stays until the save succeeds or the dialog is closed; a success
 * says so and starts over empty; a refusal puts the server's field messages on their fields (else a
 * toast), keeping everything typed. Spread `dialogProps` into `<FormDialog>`.
 */
export function useDialogForm<In extends FieldValues, Out extends FieldValues, R>({
  schema,
  messages,
  raw,
  empty,
  fields,
  save,
  success,
  errorFallback,
  onSaved,
  onClose,
}: DialogFormOptions<In, Out, R>) {
  const form = useContractForm(schema, { messages, raw, defaultValues: empty });
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
  const submitting = form.formState.isSubmitting;
  return { form, close, onSubmit, submitting, dialogProps: { onSubmit, onClose: close, submitting } };
}
