import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  WORKSPACE_ICONS,
  WORKSPACE_SERVICES,
  workspaceCreateBodySchema,
  type Workspace,
  type WorkspaceIcon as IconName,
  type WorkspaceService,
} from 'contracts';
import { FormField, HStack, Input, NativeSelect, SelectField, toaster, reportFormError, withFormMessages } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

import { useCreateWorkspace } from './api/create-workspace';
import { WorkspaceIcon } from './WorkspaceIcon';

type NewWorkspaceForm = { name: string; icon: IconName | ''; service: WorkspaceService | '' };

/**
 * The contract's own body schema (the server checks the same; its icon and service messages are the
 * dialog's), with the dialog's wording of the name's messages.
 */
const resolver = withFormMessages(zodResolver(workspaceCreateBodySchema), {
  'validation.nameRequired': 'form.required',
  'validation.workspaceNameTooLong': 'form.workspaceNameTooLong',
});

/**
 * A new workspace: a name, an icon and the service whose side list shows it. A service's own side
 * list passes `service` (the dialog then does not ask for it); the settings screen passes
 * `defaultService` (its list's filter, if any) and the user chooses.
 */
export function NewWorkspaceDialog({
  open,
  onClose,
  onCreated,
  service,
  defaultService,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (workspace: Workspace) => void;
  service?: WorkspaceService;
  defaultService?: WorkspaceService;
}) {
  const { t } = useTranslation('common');
  const create = useCreateWorkspace();
  const initialService = service ?? defaultService ?? '';
  const { register, handleSubmit, setError, watch, formState, reset } = useForm<NewWorkspaceForm>({
    // The selects start on '' ("choose…"); the schema only lets a real choice through.
    resolver: resolver as never,
    defaultValues: { name: '', icon: 'folder', service: initialService },
  });
  // Each opening starts from a blank form, on the service given (or the list's filter).
  useEffect(() => {
    if (open) reset({ name: '', icon: 'folder', service: initialService });
  }, [open, initialService, reset]);
  const icon = watch('icon');
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data: created } = await create.mutateAsync({ body: values as { name: string; icon: IconName; service: WorkspaceService } });
      toaster.create({ type: 'success', title: t('workspaces.created', { name: created.name }) });
      onCreated(created);
    } catch (error) {
      reportFormError(error, setError, ['name', 'icon', 'service'], t('workspaces.createError'));
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
      <FormField label={t('workspaces.icon')} error={formState.errors.icon?.message} required>
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
      {!service && (
        <SelectField
          label={t('workspaces.service')}
          error={formState.errors.service?.message}
          required
          placeholder={t('workspaces.chooseService')}
          options={WORKSPACE_SERVICES.map((s) => ({ value: s, label: t(`workspaces.services.${s}`) }))}
          testId="workspace-service"
          {...register('service')}
        />
      )}
    </FormDialog>
  );
}
