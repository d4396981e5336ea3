import { useMemo, useState } from 'react';
import { WORKSPACE_SERVICES } from 'contracts';
import { Badge, HStack, NativeSelect, Text } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
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
  const deletion = useRowDeletion<WorkspaceRow>('workspaces', (row) => remove.mutateAsync({ params: { id: row._id } }), {
    params: (workspace) => ({ name: workspace.name }),
    testId: 'delete-workspace-dialog',
  });
  const askDelete = deletion.ask;
  const columns = useMemo<ColumnDef<WorkspaceRow>[]>(
    () => [
      titleColumn<WorkspaceRow>('name', t('workspaces.columns.name'), (row) => (
        <HStack gap="2">
          <WorkspaceIcon name={row.icon} />
          <Text fontWeight="medium" textAlign="start">
            {row.name}
          </Text>
        </HStack>
      )),
      idColumn<WorkspaceRow>(t('workspaces.columns.id')),
      {
        id: 'service',
        header: t('workspaces.columns.service'),
        cell: ({ row }) => <Badge variant="subtle">{t(`workspaces.services.${row.original.service}`)}</Badge>,
      },
      createdAtColumn<WorkspaceRow>(t('workspaces.columns.createdAt'), format.date),
      actionColumn<WorkspaceRow>(t('workspaces.columns.action'), (row) => [
        deleteAction(t('workspaces.deleteLabel', { name: row.name }), () => askDelete(row), `delete-workspace-${row.name}`, !canDelete),
      ]),
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
    <ListScreen
      title={t('workspaces.title')}
      description={t('workspaces.description')}
      actions={canCreate && <AddButton label={t('workspaces.add')} testId="add-workspace" onClick={() => setAdding(true)} />}
      table={{ testId: 'workspaces-table', columns, ...list.tableProps, toolbar: filter, empty: { title: t('workspaces.empty') } }}
      confirms={[deletion.confirm]}
    >
      <NewWorkspaceDialog open={adding} defaultService={list.service} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
    </ListScreen>
  );
}
