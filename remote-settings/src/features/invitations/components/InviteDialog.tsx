import { invitationCreateBodySchema } from 'contracts';
import { FormField, Input, toaster, reportFormError, useContractForm } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { RoleSelectField } from './RoleSelectField';
import { useTranslation } from 'shared-i18n';

import { useCreateInvitation } from '../api/create-invitation';

type InviteForm = { email: string; roleId: string };
const EMPTY: InviteForm = { email: '', roleId: '' };
/** The contract's own body schema, with the dialog's wording of its messages; the e-mail goes as typed (`raw`). */
const FORM_MESSAGES = {
  'validation.emailRequired': 'form.required',
  'validation.emailInvalid': 'form.emailInvalid',
  'validation.roleRequired': 'form.required',
} as const;

/**
 * "Invite" (create_invitations): an e-mail and one of the organisation's roles. The server mails the
 * link; its field messages (already a member, unknown role) show on their fields, nothing typed is lost.
 */
export function InviteDialog({ open, onClose, onSent }: { open: boolean; onClose: () => void; onSent: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateInvitation();
  const { register, handleSubmit, setError, formState, reset } = useContractForm(invitationCreateBodySchema, {
    raw: true,
    messages: FORM_MESSAGES,
    defaultValues: EMPTY,
  });
  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync({ body: values });
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
      <RoleSelectField open={open} field={register('roleId')} error={formState.errors.roleId?.message} testId="invitation-role" />
    </FormDialog>
  );
}
