import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { isValidDomain, type CallAnswer, type createWebsiteCall } from 'contracts';
import { FormField, Input } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useDialogForm } from 'shared-auth';
import { useCreateWebsite } from '../api/create-website';
import { FormDialog } from 'shared-ui/overlays';

type AddWebsiteForm = { name: string; domain: string };
const EMPTY: AddWebsiteForm = { name: '', domain: '' };

/** "Add website" (create_websites): name and domain; a duplicate shows 'Website already exists' on the domain field and as a toast. */
export function AddWebsiteDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('settings');
  const create = useCreateWebsite();
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('websites.form.name') }))
          .max(120, t('websites.form.tooLong', { max: 120 })),
        domain: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('websites.form.domain') }))
          .refine(isValidDomain, t('websites.form.domainInvalid')),
      }),
    [t],
  );
  const { form, close, onSubmit, submitting } = useDialogForm<AddWebsiteForm, CallAnswer<typeof createWebsiteCall>>({
    resolver: zodResolver(schema),
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
    <FormDialog
      open={open}
      title={t('websites.add')}
      submitLabel={t('websites.form.submit')}
      submitting={submitting}
      onSubmit={onSubmit}
      onClose={close}
      testId="website-form"
    >
      <FormField label={t('websites.form.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('websites.form.domain')} error={formState.errors.domain?.message} helper={t('websites.form.domainHelp')} required>
        <Input {...register('domain')} dir="ltr" textAlign="start" placeholder="shop.example.com" autoComplete="off" />
      </FormField>
    </FormDialog>
  );
}
