import { useId, type FormEventHandler, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button, FormField, HStack, Input, Stack, Text, useMessageText } from 'shared-ui';
import { UnsavedChangesGuard } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

/**
 * The create and edit form of a named resource (a group, a role): a guard against leaving unsaved
 * changes, the name, the resource's own fields, then save and cancel.
 */
export function NamedForm({
  testId,
  onSubmit,
  dirty,
  submitting,
  nameLabel,
  nameError,
  name,
  submitLabel,
  onCancel,
  children,
}: {
  /** The form's test id; its submit button's is `<testId>`'s resource with `-submit` (`group-form` → `group-submit`). */
  testId: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  dirty: boolean;
  submitting: boolean;
  nameLabel: string;
  nameError: string | undefined;
  name: UseFormRegisterReturn;
  submitLabel: string;
  onCancel: () => void;
  children: ReactNode;
}) {
  const { t: tc } = useTranslation('common');
  return (
    <form onSubmit={onSubmit} noValidate data-testid={testId}>
      <UnsavedChangesGuard when={dirty && !submitting} />
      <Stack gap="6">
        <FormField label={nameLabel} error={nameError} required>
          <Input maxW="md" autoComplete="off" {...name} />
        </FormField>
        {children}
        <HStack gap="3" justify="flex-start">
          <Button type="submit" colorPalette="brand" loading={submitting} data-testid={testId.replace(/-form$/, '-submit')}>
            {submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={submitting}>
            {tc('actions.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * A required field made of a picker (members, permission cards): its label, help and error, named
 * for assistive tech as a group. Not a Field.Root: its context would label and require every
 * control inside the picker.
 */
export function PickerField({
  label,
  help,
  error,
  errorTestId,
  errorAfter = false,
  children,
}: {
  label: string;
  help: string;
  error: string | undefined;
  errorTestId: string;
  /** The error below the picker rather than above it. */
  errorAfter?: boolean;
  children: ReactNode;
}) {
  const labelId = useId();
  const errorId = useId();
  const messageText = useMessageText();
  const shownError = error !== undefined && (
    <Text id={errorId} color="fg.error" fontSize="sm" textAlign="start" role="alert" data-testid={errorTestId}>
      {messageText(error)}
    </Text>
  );
  return (
    <Stack gap="2" role="group" aria-labelledby={labelId} aria-describedby={error !== undefined ? errorId : undefined}>
      <Text id={labelId} fontWeight="medium" textAlign="start">
        {label}
        <Text as="span" color="fg.error" ms="1" aria-hidden>
          *
        </Text>
      </Text>
      <Text color="fg.muted" fontSize="sm" textAlign="start">
        {help}
      </Text>
      {!errorAfter && shownError}
      {children}
      {errorAfter && shownError}
    </Stack>
  );
}
