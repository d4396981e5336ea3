import { useMemo, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { WORKSPACE_SERVICES } from 'contracts';
import { Badge, Button, HStack, NativeSelect, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { DataTable, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { ConfirmDialog } from 'shared-ui/overlays';
import { useWorkspaces, type WorkspaceRow } from './api/list-workspaces';
import { useDeleteWorkspace } from './api/delete-workspace';
import { NewWorkspaceDialog, WorkspaceIcon } from 'shared-content';

/**
 * /settings/workspaces: the active website's workspaces, filterable by service (each belongs to one
 * service's side list), the filter in the URL. Reading is open to every member; creating and deleting
 * need create_workspaces and delete_workspaces (as the API).
 */
export default function WorkspaceListScreen() {
  const { t } = useTranslation('settings');
  const canCreate = useCan('create', 'workspaces');
  const canDelete = useCan('delete', 'workspaces');
  const format = useFormatters();
  const [adding, setAdding] = useState(false);
  const list = useWorkspaces(t('workspaces.loadError'));
  const remove = useDeleteWorkspace();
  const deletion = useConfirmedAction<WorkspaceRow>({
    run: (row) => remove.mutateAsync({ params: { id: row._id } }),
    success: t('workspaces.deleted'),
    errorFallback: t('workspaces.deleteError'),
  });
  const askDelete = deletion.ask;
  const columns = useMemo<ColumnDef<WorkspaceRow>[]>(
    () => [
      {
        id: 'name',
        header: t('workspaces.columns.name'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <HStack gap="2">
            <WorkspaceIcon name={row.original.icon} />
            <Text fontWeight="medium" textAlign="start">
              {row.original.name}
            </Text>
          </HStack>
        ),
      },
      idColumn<WorkspaceRow>(t('workspaces.columns.id')),
      {
        id: 'service',
        header: t('workspaces.columns.service'),
        cell: ({ row }) => <Badge variant="subtle">{t(`workspaces.services.${row.original.service}`)}</Badge>,
      },
      { id: 'createdAt', header: t('workspaces.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
      {
        id: 'action',
        header: t('workspaces.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              ...(canDelete
                ? [
                    {
                      label: t('workspaces.deleteLabel', { name: row.original.name }),
                      icon: <Trash2 size={16} aria-hidden />,
                      onClick: () => askDelete(row.original),
                      tone: 'danger' as const,
                      testId: `delete-workspace-${row.original.name}`,
                    },
                  ]
                : []),
            ]}
          />
        ),
      },
    ],
    [t, format, askDelete, canDelete],
  );
  const filter = (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field
        aria-label={t('workspaces.filter')}
        data-testid="workspace-service-filter"
        value={list.service ?? ''}
        onChange={(e) => list.state.setFilters({ service: e.target.value })}
      >
        <option value="">{t('workspaces.allServices')}</option>
        {WORKSPACE_SERVICES.map((s) => (
          <option key={s} value={s}>
            {t(`workspaces.services.${s}`)}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  return (
    <>
      <PageHeader
        title={t('workspaces.title')}
        description={t('workspaces.description')}
        actions={
          canCreate && (
            <Button colorPalette="brand" onClick={() => setAdding(true)} data-testid="add-workspace">
              <Plus size={16} aria-hidden />
              {t('workspaces.add')}
            </Button>
          )
        }
      />
      <DataTable testId="workspaces-table" columns={columns} {...list.tableProps} toolbar={filter} empty={{ title: t('workspaces.empty') }} />
      <NewWorkspaceDialog open={adding} defaultService={list.service} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('workspaces.deleteTitle')}
        description={t('workspaces.deleteConfirm', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('workspaces.deleteAction')}
        testId="delete-workspace-dialog"
      />
    </>
  );
}
