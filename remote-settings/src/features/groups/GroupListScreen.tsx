import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Eye, Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge, Button, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, ListSearch, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { useGroups, type GroupRow } from './api/list-groups';
import { useDeleteGroup } from './api/delete-group';
import { useDeleteGroups } from './api/delete-groups';
import { GroupPreviewDialog } from './components/GroupPreviewDialog';

/**
 * /group (get_group): the active website's groups (spec section 2: Group name, Id hidden, Members
 * number, Created at, Action; columns toggleable), with preview, edit (update_group), delete and
 * bulk delete of the selected rows (delete_group), and "Create group" (create_group).
 */
export default function GroupListScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const format = useFormatters();
  const list = useGroups(t('groups.loadError'));
  const removeOne = useDeleteGroup();
  const removeMany = useDeleteGroups();
  const [selection, setSelection] = useState<string[]>([]);
  const [previewing, setPreviewing] = useState<GroupRow | null>(null);
  const canCreate = useCan('create', 'group');
  const canUpdate = useCan('update', 'group');
  const canDelete = useCan('delete', 'group');
  // The list reads again on its own (the deletion invalidates the groups area); the selection drops the deleted.
  const afterDelete = useCallback((ids: string[]) => setSelection((current) => current.filter((id) => !ids.includes(id))), []);
  const deletion = useConfirmedAction<GroupRow>({
    run: (group) => removeOne.mutateAsync({ params: { id: group._id } }),
    success: (group) => t('groups.delete.done', { name: group.name }),
    errorFallback: t('groups.delete.failed'),
    onDone: (group) => afterDelete([group._id]),
  });
  const bulk = useConfirmedAction<string[]>({
    run: (ids) => removeMany.mutateAsync({ body: { groups: ids } }),
    success: (ids) => t('groups.bulkDelete.done', { count: ids.length }),
    errorFallback: t('groups.delete.failed'),
    onDone: (ids) => afterDelete(ids),
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<GroupRow>[]>(() => {
    const cols: ColumnDef<GroupRow>[] = [
      { id: 'name', header: t('groups.columns.name'), cell: ({ row }) => <Text fontWeight="medium">{row.original.name}</Text> },
      idColumn<GroupRow>(t('groups.columns.id')),
      {
        id: 'membersCount',
        header: t('groups.columns.members'),
        cell: ({ row }) => (
          <Badge colorPalette="brand" data-testid="group-members-count">
            {format.number(row.original.membersCount)}
          </Badge>
        ),
      },
      { id: 'createdAt', header: t('groups.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
      {
        id: 'action',
        header: t('groups.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              {
                label: t('groups.actionsMenu.preview', { name: row.original.name }),
                icon: <Eye />,
                onClick: () => setPreviewing(row.original),
                testId: 'group-preview',
              },
              {
                label: t('groups.actionsMenu.edit', { name: row.original.name }),
                icon: <Pencil />,
                link: <RouterLink to={`/group/${row.original._id}/update`} />,
                testId: 'group-edit',
                hidden: !canUpdate,
              },
              {
                label: t('groups.actionsMenu.delete', { name: row.original.name }),
                icon: <Trash2 />,
                onClick: () => askDelete(row.original),
                tone: 'danger',
                testId: 'group-delete',
                hidden: !canDelete,
              },
            ]}
          />
        ),
      },
    ];
    return cols;
  }, [t, format, canUpdate, canDelete, askDelete]);

  const toolbar =
    canDelete && selection.length > 0 ? (
      <Button size="sm" colorPalette="red" variant="outline" onClick={() => bulk.ask(selection)} data-testid="groups-bulk-delete">
        <Trash2 size={14} aria-hidden />
        {t('groups.bulkDelete.button', { count: selection.length })}
      </Button>
    ) : undefined;

  return (
    <>
      <PageHeader
        title={t('groups.title')}
        description={t('groups.description')}
        actions={
          canCreate && (
            <Button asChild colorPalette="brand" data-testid="group-create">
              <RouterLink to="/group/create">
                <Plus />
                {t('groups.create.button')}
              </RouterLink>
            </Button>
          )
        }
      />
      <ListSearch
        value={list.state.filters.name}
        onSearch={(name) => list.state.setFilters({ name })}
        label={t('groups.searchLabel')}
        placeholder={t('groups.searchPlaceholder')}
        testId="group-search"
      />
      <DataTable
        testId="groups-table"
        columns={columns}
        {...list.tableProps}
        selectable={canDelete}
        selection={selection}
        onSelectionChange={setSelection}
        toolbar={toolbar}
        empty={
          list.state.filters.name
            ? { title: t('groups.noMatch', { name: list.state.filters.name }) }
            : { title: t('groups.empty'), description: t('groups.emptyHelp') }
        }
      />
      <GroupPreviewDialog group={previewing} onClose={() => setPreviewing(null)} />
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="group-delete-dialog"
        title={t('groups.delete.title')}
        description={t('groups.delete.confirm', { name: deletion.target?.name ?? '' })}
        confirmLabel={tc('actions.delete')}
      />
      <ConfirmDialog
        {...bulk.dialogProps}
        testId="groups-bulk-delete-dialog"
        title={t('groups.bulkDelete.title', { count: bulk.target?.length ?? 0 })}
        description={t('groups.bulkDelete.confirm', { count: bulk.target?.length ?? 0 })}
        confirmLabel={tc('actions.delete')}
      />
    </>
  );
}
