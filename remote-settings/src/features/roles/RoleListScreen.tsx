import { useMemo } from 'react';
import { Badge, HStack, PageHeader, Text } from 'shared-ui';
import { DataTable, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useApiList } from 'shared-auth';
import { LIST_ROLES_URL, type RoleRow } from './api/list-roles';

/** /role (get_role): the organisation's roles and the permissions each carries. */
export default function RoleListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const list = useApiList<RoleRow>(LIST_ROLES_URL, { fallbackError: t('roles.loadError') });
  const columns = useMemo<ColumnDef<RoleRow>[]>(
    () => [
      { id: 'name', header: t('roles.columns.name'), meta: { alwaysVisible: true }, cell: ({ row }) => <Text fontWeight="medium">{row.original.name}</Text> },
      {
        id: '_id',
        header: t('roles.columns.id'),
        meta: { hiddenByDefault: true },
        cell: ({ row }) => (
          <Text fontFamily="mono" fontSize="xs">
            {row.original._id}
          </Text>
        ),
      },
      {
        id: 'permissions',
        header: t('roles.columns.permissions'),
        cell: ({ row }) => (
          <HStack gap="1" wrap="wrap">
            <Badge colorPalette="brand">{t('roles.permissionCount', { count: row.original.permissions.length })}</Badge>
            {row.original.permissions.slice(0, 4).map((p) => (
              <Badge key={p} variant="outline" fontFamily="mono">
                {p}
              </Badge>
            ))}
          </HStack>
        ),
      },
      { id: 'createdAt', header: t('roles.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
    ],
    [t, format],
  );
  return (
    <>
      <PageHeader title={t('roles.title')} description={t('roles.description')} />
      <DataTable testId="roles-table" columns={columns} {...list.tableProps} empty={{ title: t('roles.empty') }} />
    </>
  );
}
