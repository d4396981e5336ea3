import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useWatch,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { useEditorSubmit } from 'shared-content';
import { UnsavedChangesGuard } from 'shared-ui/overlays';
import type { CampaignOptions } from '../use-campaign-options';
import { DRAFT_INTENT, EditorLayout } from './EditorLayout';

/** Which submit button saved: the main one, or "Save as draft". */
export interface SaveIntent {
  asDraft: boolean;
}

export interface EditorFormProps<Input extends FieldValues, Output> {
  mode: 'create' | 'view' | 'update';
  defaultValues: DefaultValues<Input>;
  resolver: Resolver<Input, unknown, Output>;
  submitLabel: string;
  /** A second way to save on create: "Save as draft" (the item is created without going live). */
  draftLabel?: string;
  onSubmit: (body: Output, intent: SaveIntent) => Promise<unknown>;
  onFailure: (error: unknown, placedOnFields: boolean) => void;
  onCancel: () => void;
  extraActions?: ReactNode;
  testId: string;
  preview: (values: Input) => ReactNode;
  /** Called when the browser's validation refuses the values (e.g. to show the page holding the error). */
  onInvalid?: (errors: FieldErrors<Input>) => void;
  /** The form's sections; `serverError` is the last failed save (for nested widgets' field messages). */
  children: (form: UseFormReturn<Input, unknown, Output>, serverError: unknown) => ReactNode;
}

/**
 * The props of a service's editor (popup, banner, push): what its screens give, the editor itself
 * fixing the resolver, preview and sections. `options` feeds the targeting and organisation choices.
 */
export type CampaignFormProps<Input extends FieldValues, Output> = Pick<
  EditorFormProps<Input, Output>,
  'mode' | 'submitLabel' | 'draftLabel' | 'onSubmit' | 'onFailure' | 'onCancel' | 'extraActions'
> & { defaultValues: Input; options: CampaignOptions };

/**
 * The preview, fed by every value as it is typed. Watching here, not in the form, re-renders only
 * the preview on each key, not every field of the form.
 */
function LivePreview<Input extends FieldValues, Output>({
  control,
  render,
}: {
  control: Control<Input, unknown, Output>;
  render: (values: Input) => ReactNode;
}) {
  const values = useWatch({ control }) as Input;
  return <>{render(values)}</>;
}

/**
 * The frame the banner and push editors share: react-hook-form with the contract's resolver, the
 * server's per-field messages put on their fields on a failed save (nothing typed is lost), the
 * live preview fed by the values as they are typed, the read-only view, and the question before
 * leaving an edited editor (not after a save that succeeded: the save navigates while submitting).
 */
export function EditorForm<Input extends FieldValues, Output>({
  mode,
  defaultValues,
  resolver,
  submitLabel,
  draftLabel,
  onSubmit,
  onFailure,
  onCancel,
  extraActions,
  testId,
  preview,
  onInvalid,
  children,
}: EditorFormProps<Input, Output>) {
  const form = useForm<Input, unknown, Output>({ resolver, defaultValues });
  const { submit, serverError } = useEditorSubmit(form, {
    // The button that submitted tells the intent ("Save as draft" carries value="draft").
    onSubmit: (values, event) => {
      const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
      return onSubmit(values, { asDraft: submitter?.getAttribute('value') === DRAFT_INTENT });
    },
    onFailure,
    onInvalid,
  });
  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={mode !== 'view' && form.formState.isDirty && !form.formState.isSubmitting} />
      <EditorLayout
        onSubmit={submit}
        readOnly={mode === 'view'}
        submitting={form.formState.isSubmitting}
        submitLabel={submitLabel}
        draftLabel={mode === 'create' ? draftLabel : undefined}
        onCancel={onCancel}
        testId={testId}
        extraActions={extraActions}
        preview={<LivePreview control={form.control} render={preview} />}
      >
        {children(form, serverError)}
      </EditorLayout>
    </FormProvider>
  );
}
