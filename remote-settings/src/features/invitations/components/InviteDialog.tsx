import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { FormField, Input, NativeSelect, toaster } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { errorMessage, reportFormError } from 'shared-auth';
import { createInvitation, listRoleOptions } from '../api/invitation-calls';

type InviteForm = { email: string; roleId: string };
const EMPTY: InviteForm = { email: '', roleId: '' };

/**
 * "Invite" (create_invitations): an e-mail and one of the organisation's roles. The server mails the
 * link; its field messages (already a member, unknown role) show on their fields, nothing typed is lost.
 */
export function InviteDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation('settings');
  const [roles, setRoles] = useState<{ _id: string; name: string }[] | null>(null);
  const [rolesError, setRolesError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || roles) return;
    let live = true;
    listRoleOptions()
      .then((list) => live && setRoles(list))
      .catch((error) => live && setRolesError(errorMessage(error, t('invitations.form.rolesError'))));
    return () => {
      live = false;
    };
  }, [open, roles, t]);
  const schema = useMemo(
    () =>
      z.object({
        email: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('invitations.form.email') }))
          .email(t('invitations.form.emailInvalid')),
        roleId: z.string().min(1, t('validation.required', { ns: 'common', label: t('invitations.form.role') })),
      }),
    [t],
  );
  const { register, handleSubmit, setError, formState, reset } = useForm<InviteForm>({ resolver: zodResolver(schema), defaultValues: EMPTY });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await createInvitation(values);
      toaster.create({ type: 'success', title: t('invitations.sent') });
      reset(EMPTY);
      onSent();
    } catch (error) {
      reportFormError(error, setError, ['email', 'roleId'], t('invitations.sendError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={t('invitations.invite')}
      submitLabel={t('invitations.form.submit')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={close}
      testId="invitation-form"
    >
      <FormField label={t('invitations.form.email')} error={formState.errors.email?.message} required>
        <Input {...register('email')} type="email" dir="ltr" textAlign="start" autoComplete="off" placeholder="name@example.com" />
      </FormField>
      <FormField label={t('invitations.form.role')} error={formState.errors.roleId?.message ?? rolesError ?? undefined} required>
        <NativeSelect.Root disabled={!roles}>
          <NativeSelect.Field {...register('roleId')} data-testid="invitation-role">
            <option value="">{roles ? t('invitations.form.rolePlaceholder') : t('invitations.form.rolesLoading')}</option>
            {roles?.map((r) => (
              <option key={r._id} value={r._id}>
                {r.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
