import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { GROUP_MAX_MEMBERS, GROUP_MEMBERS_REQUIRED_MESSAGE, groupBodySchema, type GroupBody } from 'contracts';
import { Button, FormField, HStack, Input, Stack, Text, useMessageText, reportFormError, useContractForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import type { ClientMember } from '../api/list-client-members';
import { MembersPicker } from './MembersPicker';
import { UnsavedChangesGuard } from 'shared-ui/overlays';

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
 * people. Browser validation mirrors the contract; the server's members error (spec section 5) and
 * name conflict land on their fields; nothing typed or picked is lost when the save fails.
 */
export function GroupForm({ defaultValues = { name: '', members: [] }, submitLabel, onSubmit, onCancel }: GroupFormProps) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const membersLabelId = useId();
  const membersErrorId = useId();
  const messageText = useMessageText();
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
    <form onSubmit={submit} noValidate data-testid="group-form">
      <UnsavedChangesGuard when={formState.isDirty && !formState.isSubmitting} />
      <Stack gap="6">
        <FormField label={t('groups.form.name')} error={formState.errors.name?.message} required>
          <Input maxW="md" autoComplete="off" {...register('name')} />
        </FormField>
        <Controller
          control={control}
          name="members"
          render={({ field, fieldState }) => (
            <Stack gap="2" role="group" aria-labelledby={membersLabelId} aria-describedby={fieldState.error ? membersErrorId : undefined}>
              <Text id={membersLabelId} fontWeight="medium" textAlign="start">
                {t('groups.form.members')}
                <Text as="span" color="fg.error" ms="1" aria-hidden>
                  *
                </Text>
              </Text>
              <Text color="fg.muted" fontSize="sm" textAlign="start">
                {t('groups.form.membersHelp')}
              </Text>
              {fieldState.error && (
                <Text id={membersErrorId} color="fg.error" fontSize="sm" textAlign="start" role="alert" data-testid="members-error">
                  {messageText(fieldState.error.message)}
                </Text>
              )}
              <MembersPicker value={field.value} onChange={field.onChange} invalid={Boolean(fieldState.error)} disabled={formState.isSubmitting} />
            </Stack>
          )}
        />
        <HStack gap="3" justify="flex-start">
          <Button type="submit" colorPalette="brand" loading={formState.isSubmitting} data-testid="group-submit">
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
