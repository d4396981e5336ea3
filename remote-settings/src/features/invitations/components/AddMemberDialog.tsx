import { invitationCreateBodySchema, orgUserCreateBodySchema, type MessageCode } from 'contracts';
import { FormField, Input, useDialogForm } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { RoleSelectField } from './RoleSelectField';
import { useTranslation } from 'shared-i18n';

import { useCreateOrgUser } from '../api/create-org-user';

/**
 * The contract's own body schema, except that the form picks one role (checked as an invitation's
 * role is, sent as the call's list at submit): `roles` holds that role, and the call's field message
 * for its list lands on it.
 */
const SCHEMA = orgUserCreateBodySchema.extend({ roles: invitationCreateBodySchema.shape.roleId });
const EMPTY = { name: '', email: '', password: '', roles: '' };
/** "Please enter" and an invalid e-mail in the form's own words. */
const MESSAGES: Partial<Record<MessageCode, MessageCode>> = {
  'validation.nameRequired': 'form.required',
  'validation.emailRequired': 'form.required',
  'validation.emailInvalid': 'form.emailInvalid',
  'validation.passwordRequired': 'form.required',
  'validation.roleRequired': 'form.required',
};

/**
 * "Add member" (create_user): an organisation owner adds a teammate directly with a password,
 * through POST /api/users/org, instead of inviting them by e-mail. Server field messages (a member
 * already, unknown role) show on their fields; nothing typed is lost on an error.
 */
export function AddMemberDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateOrgUser();
  const { form, dialogProps } = useDialogForm({
    schema: SCHEMA,
    messages: MESSAGES,
    // The values go as typed.
    raw: true,
    empty: EMPTY,
    fields: ['name', 'email', 'password', 'roles'],
    save: ({ name, email, password, roles: roleId }) => create.mutateAsync({ body: { name, email, password, roles: [roleId] } }),
    // The server answers the same whether the address was free or has an account elsewhere (which
    // it must not tell): the words say both.
    success: (_answer, { name, email }) => t('invitations.member.added', { name, email }),
    errorFallback: t('invitations.member.addError'),
    onSaved: onAdded,
    onClose,
  });
  const { register, formState } = form;
  return (
    <FormDialog open={open} title={t('invitations.member.title')} submitLabel={t('invitations.member.submit')} testId="add-member-form" {...dialogProps}>
      <FormField label={t('invitations.member.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" data-testid="member-name" />
      </FormField>
      <FormField label={t('invitations.member.email')} error={formState.errors.email?.message} required>
        <Input {...register('email')} type="email" dir="ltr" textAlign="start" autoComplete="off" data-testid="member-email" />
      </FormField>
      <FormField label={t('invitations.member.password')} error={formState.errors.password?.message} helper={t('users.form.passwordHelp')} required>
        <Input {...register('password')} type="password" dir="ltr" autoComplete="new-password" data-testid="member-password" />
      </FormField>
      <RoleSelectField open={open} field={register('roles')} error={formState.errors.roles?.message} testId="member-role" />
    </FormDialog>
  );
}
