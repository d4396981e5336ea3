import type { UseFormRegisterReturn } from 'react-hook-form';
import { SelectField } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-data';
import { useRoleOptions } from '../api/list-role-options';

/**
 * One of the organisation's roles, for a person joining it (by invitation or added directly). The
 * roles load the first time the dialog opens; until then, and if they cannot load, the select says so.
 */
export function RoleSelectField({ open, field, error, testId }: { open: boolean; field: UseFormRegisterReturn; error?: string; testId: string }) {
  const { t } = useTranslation('settings');
  // Asked when the dialog opens; the cache keeps them while it is closed.
  const query = useRoleOptions(open);
  const roles = query.data ?? null;
  const rolesError = query.isError ? errorMessage(query.error, t('invitations.form.rolesError')) : null;
  return (
    <SelectField
      {...field}
      label={t('invitations.form.role')}
      error={error ?? rolesError ?? undefined}
      required
      disabled={!roles}
      placeholder={roles ? t('invitations.form.rolePlaceholder') : t('invitations.form.rolesLoading')}
      options={roles?.map((r) => ({ value: r._id, label: r.name })) ?? []}
      testId={testId}
    />
  );
}
