import { useEffect } from 'react';
import type { z } from 'zod';
import {
  WORKSPACE_ICONS,
  WORKSPACE_SERVICES,
  workspaceCreateBodySchema,
  type Workspace,
  type WorkspaceIcon as IconName,
  type WorkspaceService,
} from 'contracts';
import { FormField, HStack, Input, NativeSelect, SelectField, toaster, reportFormError, useContractForm } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';

import { useCreateWorkspace } from './api/create-workspace';
import { WorkspaceIcon } from './WorkspaceIcon';

/**
 * What the dialog holds: the body, but the selects start on '' ("choose…"). The contract's own body
 * schema (the server checks the same) reads it, and only lets a real choice through.
 */
type NewWorkspaceForm = { name: string; icon: IconName | ''; service: WorkspaceService | '' };
const schema: z.ZodType<z.output<typeof workspaceCreateBodySchema>, NewWorkspaceForm> = workspaceCreateBodySchema;

/** The dialog's wording of the name's messages (its icon and service messages are the contract's). */
const messages = {
  'validation.nameRequired': 'form.required',
  'validation.workspaceNameTooLong': 'form.workspaceNameTooLong',
} as const;

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
  const { register, handleSubmit, setError, watch, formState, reset } = useContractForm(schema, {
    messages,
    defaultValues: { name: '', icon: 'folder', service: initialService },
  });
  // Each opening starts from a blank form, on the service given (or the list's filter).
  useEffect(() => {
    if (open) reset({ name: '', icon: 'folder', service: initialService });
  }, [open, initialService, reset]);
  const icon = watch('icon');
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { data: created } = await create.mutateAsync({ body: values });
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
