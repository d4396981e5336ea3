import { useEffect } from 'react';
import { z } from 'zod';
import { adminUserCreateBodySchema, adminUserUpdateBodySchema, type MessageCode } from 'contracts';
import { FormField, Input, toaster, reportFormError, useContractForm } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

import type { UserRow } from '../api/list-admin-users';
import { useCreateAdminUser } from '../api/create-admin-user';
import { useUpdateAdminUser } from '../api/update-admin-user';

const EMPTY = { name: '', email: '', password: '', domain: '' };
/** "Please enter {label}" for an empty field; the other messages are the contract's. */
const REQUIRED = {
  'validation.nameRequired': 'form.required',
  'validation.emailRequired': 'form.required',
  'validation.passwordRequired': 'form.required',
  'validation.domainRequired': 'form.required',
} satisfies Partial<Record<MessageCode, MessageCode>>;
/**
 * The contract's own body schemas, the fields the dialog shows (the account's create and update
 * calls differ: no password on update, so editing leaves the hidden password unchecked). The values
 * go as typed (`raw`): the server normalises the e-mail and domain with the same schemas.
 */
const createSchema = adminUserCreateBodySchema.pick({ name: true, email: true, password: true, domain: true });
const updateSchema = adminUserUpdateBodySchema.pick({ name: true, email: true, domain: true }).required({ domain: true }).extend({ password: z.string() });

/**
 * Create a client account (name, email, password, domain) or edit one (name, email, domain: the
 * password is neither shown nor sent back). Server field messages (email taken, domain) land on
 * their fields; the typed values stay.
 */
export function UserFormDialog({ open, user, onClose, onSaved }: { open: boolean; user: UserRow | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation('settings');
  const editing = user !== null;
  const create = useCreateAdminUser();
  const update = useUpdateAdminUser();
  const { register, handleSubmit, setError, formState, reset } = useContractForm(editing ? updateSchema : createSchema, {
    messages: REQUIRED,
    raw: true,
    defaultValues: EMPTY,
  });
  useEffect(() => {
    if (open) reset(user ? { name: user.name, email: user.email, password: '', domain: user.domain ?? '' } : EMPTY);
  }, [open, user, reset]);
  const onSubmit = handleSubmit(async ({ name, email, password, domain }) => {
    try {
      if (user) {
        await update.mutateAsync({ params: { id: user._id }, body: { name, email, domain } });
        toaster.create({ type: 'success', title: t('users.updated', { name }) });
      } else {
        await create.mutateAsync({ body: { name, email, password, domain } });
        toaster.create({ type: 'success', title: t('users.created', { name }) });
      }
      onSaved();
    } catch (error) {
      reportFormError(error, setError, ['name', 'email', 'password', 'domain'], t(user ? 'users.updateError' : 'users.createError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={editing ? t('users.editTitle') : t('users.add')}
      submitLabel={editing ? t('users.form.save') : t('users.form.submit')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="user-form"
    >
      <FormField label={t('users.form.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" data-testid="user-name" />
      </FormField>
      <FormField label={t('users.form.email')} error={formState.errors.email?.message} required>
        <Input {...register('email')} type="email" dir="ltr" textAlign="start" autoComplete="off" data-testid="user-email" />
      </FormField>
      {!editing && (
        <FormField label={t('users.form.password')} error={formState.errors.password?.message} helper={t('users.form.passwordHelp')} required>
          <Input {...register('password')} type="password" dir="ltr" autoComplete="new-password" data-testid="user-password" />
        </FormField>
      )}
      <FormField label={t('users.form.domain')} error={formState.errors.domain?.message} helper={t('users.form.domainHelp')} required>
        <Input {...register('domain')} dir="ltr" textAlign="start" placeholder="shop.example.com" autoComplete="off" data-testid="user-domain" />
      </FormField>
    </FormDialog>
  );
}
