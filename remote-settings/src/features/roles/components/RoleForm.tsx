import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { roleBodySchema, type RoleBody } from 'contracts';
import { Button, FormField, HStack, Input, Stack, Text, useMessageText, reportFormError, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import { PermissionCards, orderPermissions } from './PermissionCards';
import { UnsavedChangesGuard } from 'shared-ui/overlays';

type RoleFormValues = { name: string; permissions: string[] };
/** The contract's own body schema (the server checks the same), with the form's wording of "please enter". */
const FORM_MESSAGES = { 'validation.nameRequired': 'form.required' } as const;

export interface RoleFormProps {
  defaultValues?: RoleFormValues;
  submitLabel: string;
  /** Saves the role; a rejection with `errors: { name | permissions }` is shown on those fields. */
  onSubmit: (body: RoleBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The create and edit form of a role: its name and one permission card per resource. Browser
 * validation mirrors the contract; the server's field messages land on their fields; nothing the
 * user typed or ticked is lost when the save fails.
 */
export function RoleForm({ defaultValues = { name: '', permissions: [] }, submitLabel, onSubmit, onCancel }: RoleFormProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const permissionsLabelId = useId();
  const permissionsErrorId = useId();
  const messageText = useMessageText();
  const { register, control, handleSubmit, setError, formState } = useContractForm(roleBodySchema, { messages: FORM_MESSAGES, defaultValues });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ name: values.name.trim(), permissions: orderPermissions(values.permissions) });
    } catch (error) {
      reportFormError(error, setError, ['name', 'permissions'], tc('errors.generic'), { toastWhenPlaced: false });
    }
  });
  return (
    <form onSubmit={submit} noValidate data-testid="role-form">
      <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
      <Stack gap="6">
        <FormField label={t('roles.form.name')} error={formState.errors.name?.message} required>
          <Input maxW="md" autoComplete="off" {...register('name')} />
        </FormField>
        <Controller
          control={control}
          name="permissions"
          render={({ field, fieldState }) => (
            // Not a Field.Root: its context would label and require every checkbox of the cards.
            <Stack gap="2" role="group" aria-labelledby={permissionsLabelId} aria-describedby={fieldState.error ? permissionsErrorId : undefined}>
              <Text id={permissionsLabelId} fontWeight="medium" textAlign="start">
                {t('roles.form.permissions')}
                <Text as="span" color="fg.error" ms="1" aria-hidden>
                  *
                </Text>
              </Text>
              <Text color="fg.muted" fontSize="sm" textAlign="start">
                {t('roles.form.permissionsHelp', { count: field.value.length })}
              </Text>
              <PermissionCards value={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} disabled={formState.isSubmitting} />
              {fieldState.error && (
                <Text id={permissionsErrorId} color="fg.error" fontSize="sm" textAlign="start" role="alert" data-testid="permissions-error">
                  {messageText(fieldState.error.message)}
                </Text>
              )}
            </Stack>
          )}
        />
        <HStack gap="3" justify="flex-start">
          <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} data-testid="role-submit">
            {submitLabel}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={formState.isSubmitting}>
            {tc('actions.cancel')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
