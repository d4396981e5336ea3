import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Pencil } from 'lucide-react';
import { Badge, HStack, Text, useConfirmedAction } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn } from '../../components/list-screen';
import { useRoles, type RoleRow } from './api/list-roles';
import { useDeleteRole } from './api/delete-role';
import { parsePermission } from 'contracts';

/**
 * /role (get_role): the organisation's roles and the permissions each carries. Create, edit and
 * delete are offered only to users holding create_role, update_role and delete_role.
 */
export default function RoleListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const { t: tc } = useTranslation('common');
  const list = useRoles(t('roles.loadError'));
  const remove = useDeleteRole();
  const deletion = useConfirmedAction<RoleRow>({
    run: (role) => remove.mutateAsync({ params: { id: role._id } }),
    success: (role) => t('roles.delete.done', { name: role.name }),
    errorFallback: t('roles.delete.failed'),
  });
  const askDelete = deletion.ask;
  const canCreate = useCan('create', 'role');
  const canUpdate = useCan('update', 'role');
  const canDelete = useCan('delete', 'role');
  const columns = useMemo<ColumnDef<RoleRow>[]>(() => {
    const cols: ColumnDef<RoleRow>[] = [
      titleColumn<RoleRow>('name', t('roles.columns.name'), (row) => <Text fontWeight="medium">{row.name}</Text>),
      idColumn<RoleRow>(t('roles.columns.id')),
      {
        id: 'permissions',
        header: t('roles.columns.permissions'),
        cell: ({ row }) => (
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette="brand">{t('roles.permissionCount', { count: row.original.permissions.length })}</Badge>
            {row.original.permissions.slice(0, 4).map((p) => {
              // The names the permission cards use ("View · Popups"), the raw string on hover.
              const { action, resource } = parsePermission(p);
              return (
                <Badge key={p} variant="outline" title={p}>
                  {t('roles.form.actionOf', { action: t(`roles.actions.${action}`), resource: t(`roles.resources.${resource}`) })}
                </Badge>
              );
            })}
            {row.original.permissions.length > 4 && (
              <Text as="span" color="fg.muted" fontSize="xs">
                {t('roles.morePermissions', { count: row.original.permissions.length - 4 })}
              </Text>
            )}
          </HStack>
        ),
      },
      createdAtColumn<RoleRow>(t('roles.columns.createdAt'), format.date),
    ];
    if (canUpdate || canDelete) {
      cols.push(
        actionColumn<RoleRow>(t('roles.columns.action'), (role) => [
          {
            label: t('roles.actionsMenu.edit', { name: role.name }),
            icon: <Pencil />,
            link: <RouterLink to={`/role/${role._id}/edit`} />,
            testId: 'role-edit',
            hidden: !canUpdate,
          },
          deleteAction(t('roles.actionsMenu.delete', { name: role.name }), () => askDelete(role), 'role-delete', !canDelete),
        ]),
      );
    }
    return cols;
  }, [t, format, canUpdate, canDelete, askDelete]);
  const name = list.state.filters.name;
  return (
    <ListScreen
      title={t('roles.title')}
      description={t('roles.description')}
      actions={canCreate && <AddButton label={t('roles.create.button')} testId="role-create" to="/role/create" />}
      search={{ state: list.state, filter: 'name', label: t('roles.searchLabel'), placeholder: t('roles.searchPlaceholder'), testId: 'role-search' }}
      table={{ testId: 'roles-table', columns, ...list.tableProps, empty: { title: name ? t('roles.noMatch', { name }) : t('roles.empty') } }}
      confirms={[
        {
          ...deletion.dialogProps,
          testId: 'role-delete-dialog',
          title: t('roles.delete.title'),
          description: t('roles.delete.confirm', { name: deletion.target?.name ?? '' }),
          confirmLabel: tc('actions.delete'),
        },
      ]}
    />
  );
}
