import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge, Button, HStack, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, ListSearch, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
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
      { id: 'name', header: t('roles.columns.name'), meta: { alwaysVisible: true }, cell: ({ row }) => <Text fontWeight="medium">{row.original.name}</Text> },
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
      { id: 'createdAt', header: t('roles.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
    ];
    if (canUpdate || canDelete) {
      cols.push({
        id: 'action',
        header: t('roles.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              {
                label: t('roles.actionsMenu.edit', { name: row.original.name }),
                icon: <Pencil />,
                link: <RouterLink to={`/role/${row.original._id}/edit`} />,
                testId: 'role-edit',
                hidden: !canUpdate,
              },
              {
                label: t('roles.actionsMenu.delete', { name: row.original.name }),
                icon: <Trash2 />,
                onClick: () => askDelete(row.original),
                tone: 'danger',
                testId: 'role-delete',
                hidden: !canDelete,
              },
            ]}
          />
        ),
      });
    }
    return cols;
  }, [t, format, canUpdate, canDelete, askDelete]);
  return (
    <>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        actions={
          canCreate && (
            <Button asChild colorPalette="brand" data-testid="role-create">
              <RouterLink to="/role/create">
                <Plus />
                {t('roles.create.button')}
              </RouterLink>
            </Button>
          )
        }
      />
      <ListSearch
        value={list.state.filters.name}
        onSearch={(name) => list.state.setFilters({ name })}
        label={t('roles.searchLabel')}
        placeholder={t('roles.searchPlaceholder')}
        testId="role-search"
      />
      <DataTable
        testId="roles-table"
        columns={columns}
        {...list.tableProps}
        empty={{ title: list.state.filters.name ? t('roles.noMatch', { name: list.state.filters.name }) : t('roles.empty') }}
      />
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="role-delete-dialog"
        title={t('roles.delete.title')}
        description={t('roles.delete.confirm', { name: deletion.target?.name ?? '' })}
        confirmLabel={tc('actions.delete')}
      />
    </>
  );
}
