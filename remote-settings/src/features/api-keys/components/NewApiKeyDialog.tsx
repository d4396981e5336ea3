import { useState, type FormEvent } from 'react';
import { KEY_GRANTABLE_PERMISSIONS, parsePermission, type Permission } from 'contracts';
import { Checkbox, FormField, Input, SimpleGrid, Text, toaster } from 'shared-ui';
import { FormDialog } from 'shared-ui/overlays';
import { useTranslation } from 'shared-i18n';
import { usePermissions } from 'shared-auth';
import { errorMessage, fieldErrors } from 'shared-data';
import { useCreateApiKey } from '../api/create-api-key';

/**
 * New API key: a name and its permissions, chosen among those the signed-in user holds (the API
 * refuses any other). On success the key goes up to the screen, which shows it this once.
 */
export function NewApiKeyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (key: string) => void }) {
  const { t } = useTranslation('settings');
  const held = new Set(usePermissions());
  const grantable = KEY_GRANTABLE_PERMISSIONS.filter((p) => held.has(p));
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<Permission[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const close = () => {
    setName('');
    setChosen([]);
    setErrors({});
    onClose();
  };
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      const answer = await create.mutateAsync({ body: { name, permissions: chosen } });
      toaster.create({ type: 'success', title: answer.message });
      setName('');
      setChosen([]);
      setErrors({});
      onCreated(answer.key);
    } catch (error) {
      setErrors(fieldErrors(error));
      toaster.create({ type: 'error', title: errorMessage(error, t('apiKeys.createError')) });
    }
  };
  const toggle = (permission: Permission, on: boolean) => setChosen((now) => (on ? [...now, permission] : now.filter((p) => p !== permission)));
  const permissionsError = errors.permissions ?? Object.entries(errors).find(([field]) => field.startsWith('permissions.'))?.[1];

  return (
    <FormDialog
      open={open}
      title={t('apiKeys.add')}
      submitLabel={t('apiKeys.form.submit')}
      submitting={create.isPending}
      onSubmit={submit}
      onClose={close}
      testId="api-key-form"
    >
      <FormField label={t('apiKeys.form.name')} error={errors.name} helper={t('apiKeys.form.nameHelp')} required>
        <Input value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" data-testid="api-key-name" />
      </FormField>
      <FormField label={t('apiKeys.form.permissions')} error={permissionsError} helper={t('apiKeys.form.permissionsHelp')} required>
        {grantable.length === 0 ? (
          <Text color="fg.muted">{t('apiKeys.form.nothingToGive')}</Text>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="1" width="full" maxH="64" overflowY="auto">
            {grantable.map((permission) => {
              const { action, resource } = parsePermission(permission);
              return (
                <Checkbox.Root
                  key={permission}
                  checked={chosen.includes(permission)}
                  onCheckedChange={(e) => toggle(permission, e.checked === true)}
                  data-testid={`api-key-permission-${permission}`}
                  size="sm"
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>
                    {t('roles.form.actionOf', { action: t(`roles.actions.${action}`), resource: t(`roles.resources.${resource}`) })}
                  </Checkbox.Label>
                </Checkbox.Root>
              );
            })}
          </SimpleGrid>
        )}
      </FormField>
    </FormDialog>
  );
}
