import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { GROUP_MAX_MEMBERS, GROUP_MEMBERS_REQUIRED_MESSAGE, groupBodySchema, type GroupBody } from 'contracts';
import { reportFormError, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import type { ClientMember } from '../api/list-client-members';
import { MembersPicker } from './MembersPicker';
import { NamedForm, PickerField } from '../../../components/named-form';

/**
 * The contract's own body schema (the server checks the same), with the form's wording of "please
 * enter"; the picker holds whole members (shown by name), so the form checks their count itself.
 */
const SCHEMA = groupBodySchema.extend({
  members: z.array(z.custom<ClientMember>()).min(1, GROUP_MEMBERS_REQUIRED_MESSAGE).max(GROUP_MAX_MEMBERS, 'validation.membersTooMany'),
});
type GroupFormValues = z.input<typeof SCHEMA>;

export interface GroupFormProps {
  defaultValues?: GroupFormValues;
  submitLabel: string;
  /** Saves the group; a rejection with `errors: { name | members }` is shown on those fields. */
  onSubmit: (body: GroupBody) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * The create and edit form of a group: its name and its members, picked among the website's
 * people. Browser validation mirrors the contract; the server's members error and
 * name conflict land on their fields; nothing typed or picked is lost when the save fails.
 */
export function GroupForm({ defaultValues = { name: '', members: [] }, submitLabel, onSubmit, onCancel }: GroupFormProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const { register, control, handleSubmit, setError, formState } = useContractForm(SCHEMA, {
    messages: { 'validation.nameRequired': 'form.required' },
    defaultValues,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit({ name: values.name.trim(), members: values.members.map((m) => m._id) });
    } catch (error) {
      reportFormError(error, setError, ['name', 'members'], tc('errors.generic'), { toastWhenPlaced: false });
    }
  });
  return (
    <NamedForm
      testId="group-form"
      onSubmit={submit}
      dirty={formState.isDirty}
      submitting={formState.isSubmitting}
      nameLabel={t('groups.form.name')}
      nameError={formState.errors.name?.message}
      name={register('name')}
      submitLabel={submitLabel}
      onCancel={onCancel}
    >
      <Controller
        control={control}
        name="members"
        render={({ field, fieldState }) => (
          <PickerField label={t('groups.form.members')} help={t('groups.form.membersHelp')} error={fieldState.error?.message} errorTestId="members-error">
            <MembersPicker value={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} disabled={formState.isSubmitting} />
          </PickerField>
        )}
      />
    </NamedForm>
  );
}
