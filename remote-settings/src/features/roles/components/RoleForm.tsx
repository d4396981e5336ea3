import { Controller } from 'react-hook-form';
import { roleBodySchema, type RoleBody } from 'contracts';
import { reportFormError, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import { PermissionCards, orderPermissions } from './PermissionCards';
import { NamedForm, PickerField } from '../../../components/named-form';

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
  const { register, control, handleSubmit, setError, formState } = useContractForm(roleBodySchema, { messages: FORM_MESSAGES, defaultValues });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ name: values.name.trim(), permissions: orderPermissions(values.permissions) });
    } catch (error) {
      reportFormError(error, setError, ['name', 'permissions'], tc('errors.generic'), { toastWhenPlaced: false });
    }
  });
  return (
    <NamedForm
      testId="role-form"
      onSubmit={submit}
      dirty={formState.isDirty}
      submitting={formState.isSubmitting}
      nameLabel={t('roles.form.name')}
      nameError={formState.errors.name?.message}
      name={register('name')}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <Controller
        control={control}
        name="permissions"
        render={({ field, fieldState }) => (
          <PickerField
            label={t('roles.form.permissions')}
            help={t('roles.form.permissionsHelp', { count: field.value.length })}
            error={fieldState.error?.message}
            errorTestId="permissions-error"
            errorAfter
          >
            <PermissionCards value={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} disabled={formState.isSubmitting} />
          </PickerField>
        )}
      />
    </NamedForm>
  );
}
