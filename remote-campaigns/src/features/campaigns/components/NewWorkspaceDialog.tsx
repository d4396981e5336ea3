import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { WORKSPACE_ICONS, type Workspace, type WorkspaceIcon as IconName, type WorkspaceService } from 'contracts';
import { FormField, HStack, Input, NativeSelect, toaster } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { reportFormError } from 'shared-auth';
import { createWorkspace } from '../api/create-workspace';
import { WorkspaceIcon } from './WorkspaceIcon';

type Values = { name: string; icon: IconName };

/** A new workspace of one service (the side list's service): a name and an icon. */
export function NewWorkspaceDialog({
  open,
  service,
  onClose,
  onCreated,
}: {
  open: boolean;
  service: WorkspaceService;
  onClose: () => void;
  onCreated: (workspace: Workspace) => void;
}) {
  const { t } = useTranslation('campaigns');
  const { t: tc } = useTranslation('common');
  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .trim()
          .min(1, tc('validation.required', { label: t('workspaces.name') }))
          .max(60, t('validation.tooLong', { max: 60 })),
        icon: z.enum(WORKSPACE_ICONS),
      }),
    [t, tc],
  );
  const { register, handleSubmit, setError, watch, formState, reset } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', icon: 'folder' },
  });
  useEffect(() => {
    if (open) reset({ name: '', icon: 'folder' });
  }, [open, reset]);
  const icon = watch('icon');
  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await createWorkspace({ ...values, service });
      toaster.create({ type: 'success', title: t('workspaces.created', { name: created.name }) });
      onCreated(created);
    } catch (error) {
      reportFormError(error, setError, ['name', 'icon'], t('workspaces.createError'));
    }
  });
  return (
    <FormDialog
      open={open}
      title={t('workspaces.new')}
      submitLabel={t('workspaces.create')}
      submitting={formState.isSubmitting}
      onSubmit={onSubmit}
      onClose={onClose}
      testId="new-workspace-dialog"
    >
      <FormField label={t('workspaces.name')} error={formState.errors.name?.message} required>
        <Input {...register('name')} autoComplete="off" data-testid="new-workspace-name" />
      </FormField>
      <FormField label={t('workspaces.icon')} error={formState.errors.icon?.message}>
        <HStack gap="2" width="full">
          <WorkspaceIcon name={icon} size={20} />
          <NativeSelect.Root>
            <NativeSelect.Field {...register('icon')}>
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
    </FormDialog>
  );
}
