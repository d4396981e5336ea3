import { websiteCreateBodySchema, type MessageCode } from 'contracts';
import { FormField, Input, useDialogForm } from 'shared-ui';
import { useTranslation } from 'shared-i18n';

import { useCreateWebsite } from '../api/create-website';
import { FormDialog } from 'shared-ui/overlays';

const EMPTY = { name: '', domain: '' };
/** The dialog's wording of the contract's messages (the form checks with the call's own body schema). */
const MESSAGES: Partial<Record<MessageCode, MessageCode>> = {
  'validation.nameRequired': 'form.required',
  'validation.domainRequired': 'form.required',
  'validation.nameTooLong': 'form.websiteNameTooLong',
  'validation.domainInvalid': 'form.domainInvalid',
};

/** "Add website" (create_websites): name and domain; a duplicate shows 'Website already exists' on the domain field and as a toast. */
export function AddWebsiteDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateWebsite();
  const { form, dialogProps } = useDialogForm({
    schema: websiteCreateBodySchema,
    messages: MESSAGES,
    // The values go as typed: the server normalises the domain with the same schema.
    raw: true,
    empty: EMPTY,
    fields: ['name', 'domain'],
    save: (body) => create.mutateAsync({ body }),
    success: ({ data: site }) => t('websites.created', { name: site.name }),
    errorFallback: t('websites.createError'),
    onSaved: onCreated,
    onClose,
  });
  const { register, formState } = form;
  return (
    <FormDialog open={open} title={t('websites.add')} submitLabel={t('websites.form.submit')} testId="website-form" {...dialogProps}>
      <FormField label={t('websites.form.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('websites.form.domain')} error={formState.errors.domain?.message} helper={t('websites.form.domainHelp')} required>
        <Input {...register('domain')} dir="ltr" textAlign="start" placeholder="shop.example.com" autoComplete="off" />
      </FormField>
    </FormDialog>
  );
}
