import type { ReactNode } from 'react';
import { FormProvider, type DefaultValues, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button, HStack, useContractForm } from 'shared-ui';
import { UnsavedChangesGuard } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { OrganisationFields, TargetingFields, useEditorSubmit, useFieldMessage, type EditorOptions } from 'shared-content';

/** What the tour and checklist screens give their editor. */
export interface ItemFormProps<Body, Options> {
  defaultValues: Body;
  submitLabel: string;
  onSubmit: (body: Body) => Promise<unknown>;
  onFailure: (error: unknown) => void;
  onCancel: () => void;
  options: Options;
}

/**
 * A tour's or checklist's form: validated with the contract's schema (what is typed is its input,
 * what is saved its output), the server's field messages on their fields after a failed save.
 */
export function useItemForm<In extends FieldValues, Out extends FieldValues>(
  schema: z.ZodType<Out, In>,
  { defaultValues, onSubmit, onFailure }: { defaultValues: DefaultValues<In> } & Pick<ItemFormProps<Out, unknown>, 'onSubmit' | 'onFailure'>,
  onInvalid?: (errors: FieldErrors<In>) => void,
) {
  const form = useContractForm(schema, { defaultValues });
  const { submit, serverError } = useEditorSubmit(form, { onSubmit: (body) => onSubmit(body), onFailure, onInvalid });
  const message = useFieldMessage(form.formState.errors);
  return { form, submit, serverError, message };
}

/** The editor's frame: the form (asking before an edited one is left), its parts, then Save and Cancel. */
export function ItemEditor<In extends FieldValues, Out>({
  form,
  submit,
  testId,
  submitLabel,
  onCancel,
  children,
}: {
  form: UseFormReturn<In, unknown, Out>;
  submit: () => Promise<void>;
  testId: string;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t: tc } = useTranslation('common');
  const { isDirty, isSubmitting } = form.formState;
  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={isDirty && !isSubmitting} />
      <form onSubmit={submit} noValidate data-testid={testId}>
        {children}
        <HStack gap="3" mt="6">
          <Button type="submit" colorPalette="brand" loading={isSubmitting} data-testid="editor-submit">
            {submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={isSubmitting} data-testid="editor-cancel">
            {tc('actions.cancel')}
          </Button>
        </HStack>
      </form>
    </FormProvider>
  );
}

/** Who sees the item (the popups' targeting), then its tag and workspace. */
export function AudienceFields({
  options,
  serverError,
  message,
}: {
  options: EditorOptions;
  serverError: unknown;
  message: (path: string) => string | undefined;
}) {
  return (
    <>
      <TargetingFields options={options} serverError={serverError} fieldMessage={message} />
      <OrganisationFields options={options} namespace="toursChecklists" prefix="tours.fields" />
    </>
  );
}
