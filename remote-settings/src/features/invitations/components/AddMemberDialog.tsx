import { zodResolver } from '@hookform/resolvers/zod';
import { invitationCreateBodySchema, orgUserCreateBodySchema } from 'contracts';
import { FormField, Input, useDialogForm, withFormMessages } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { RoleSelectField } from './RoleSelectField';
import { useTranslation } from 'shared-i18n';

import { useCreateOrgUser } from '../api/create-org-user';

/** `roles` holds the one role chosen here; the call takes a list, and its field message lands on it. */
type AddMemberForm = { name: string; email: string; password: string; roles: string };
const EMPTY: AddMemberForm = { name: '', email: '', password: '', roles: '' };
/**
 * The contract's own body schema; the form picks one role (checked as an invitation's role is, sent
 * as the call's list at submit), and words "please enter" and an invalid e-mail its own way. The
 * values go as typed (`raw`).
 */
const resolver = withFormMessages(zodResolver(orgUserCreateBodySchema.extend({ roles: invitationCreateBodySchema.shape.roleId }), undefined, { raw: true }), {
  'validation.nameRequired': 'form.required',
  'validation.emailRequired': 'form.required',
  'validation.emailInvalid': 'form.emailInvalid',
  'validation.passwordRequired': 'form.required',
  'validation.roleRequired': 'form.required',
});

/**
 * "Add member" (create_user): an organisation owner adds a teammate directly with a password,
 * through POST /api/users/org, instead of inviting them by e-mail. Server field messages (a member
 * already, unknown role) show on their fields; nothing typed is lost on an error.
 */
export function AddMemberDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateOrgUser();
  const { form, close, onSubmit, submitting } = useDialogForm<AddMemberForm, unknown>({
    resolver: resolver as never,
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
    <FormDialog
      open={open}
      title={t('invitations.member.title')}
      submitLabel={t('invitations.member.submit')}
      submitting={submitting}
      onSubmit={onSubmit}
      onClose={close}
      testId="add-member-form"
    >
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
