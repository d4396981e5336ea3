import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { WORKSPACE_ICONS, WORKSPACE_SERVICES, type WorkspaceIcon as IconName, type WorkspaceService } from 'contracts';
import { FormField, HStack, Input, NativeSelect, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { reportFormError } from 'shared-auth';
import { FormDialog } from 'shared-ui/overlays';
import { useCreateWorkspace } from '../api/create-workspace';
import { WorkspaceIcon } from './WorkspaceIcon';

type NewWorkspaceForm = { name: string; icon: IconName | ''; service: WorkspaceService | '' };

/** New workspace: a name, an icon and the service whose side list shows it. */
export function NewWorkspaceDialog({
  open,
  onClose,
  onCreated,
  defaultService,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
  defaultService?: WorkspaceService;
}) {
  const { t } = useTranslation('settings');
  const create = useCreateWorkspace();
  const empty: NewWorkspaceForm = { name: '', icon: 'folder', service: defaultService ?? '' };
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, t('validation.required', { ns: 'common', label: t('workspaces.form.name') }))
          .max(60, t('websites.form.tooLong', { max: 60 })),
        icon: z.enum(WORKSPACE_ICONS, { error: t('workspaces.form.iconRequired') }),
        service: z.enum(WORKSPACE_SERVICES, { error: t('workspaces.form.serviceRequired') }),
      }),
    [t],
  );
  const { register, handleSubmit, setError, watch, formState, reset } = useForm<NewWorkspaceForm>({
    // The selects start on '' ("choose…"); the schema only lets a real choice through.
    resolver: zodResolver(schema) as never,
    defaultValues: empty,
  });
  // Each opening starts from a blank form, on the service the list is filtered by.
  useEffect(() => {
    if (open) reset({ name: '', icon: 'folder', service: defaultService ?? '' });
  }, [open, defaultService, reset]);
  const icon = watch('icon');
  const close = () => {
    reset(empty);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data: ws } = await create.mutateAsync({ body: values as { name: string; icon: IconName; service: WorkspaceService } });
      toaster.create({ type: 'success', title: t('workspaces.created', { name: ws.name }) });
      reset(empty);
      onCreated();
    } catch (error) {
      reportFormError(error, setError, ['name', 'icon', 'service'], t('workspaces.createError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={t('workspaces.add')}
      submitLabel={t('workspaces.form.submit')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={close}
      testId="workspace-form"
    >
      <FormField label={t('workspaces.form.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" />
      </FormField>
      <FormField label={t('workspaces.form.icon')} error={formState.errors.icon?.message} required>
        <HStack gap="2" width="full">
          {icon && <WorkspaceIcon name={icon} size={20} />}
          <NativeSelect.Root>
            <NativeSelect.Field {...register('icon')} data-testid="workspace-icon">
              {WORKSPACE_ICONS.map((name) => (
                <option key={name} value={name}>
                  {t(`workspaces.icons.${name}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </HStack>
      </FormField>
      <FormField label={t('workspaces.form.service')} error={formState.errors.service?.message} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...register('service')} data-testid="workspace-service">
            <option value="">{t('workspaces.form.chooseService')}</option>
            {WORKSPACE_SERVICES.map((s) => (
              <option key={s} value={s}>
                {t(`workspaces.services.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
    </FormDialog>
  );
}
