import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Eye, Pencil } from 'lucide-react';
import { Badge, Text, useConfirmedAction } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction } from '../../components/list-screen';
import { useGroups, type GroupRow } from './api/list-groups';
import { useDeleteGroup } from './api/delete-group';
import { useDeleteGroups } from './api/delete-groups';
import { GroupPreviewDialog } from './components/GroupPreviewDialog';

/**
 * /group (get_group): the active website's groups (Group name, Id hidden, Members
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
      createdAtColumn<GroupRow>(t('groups.columns.createdAt'), format.date),
      actionColumn<GroupRow>(t('groups.columns.action'), (group) => [
        { label: t('groups.actionsMenu.preview', { name: group.name }), icon: <Eye />, onClick: () => setPreviewing(group), testId: 'group-preview' },
        {
          label: t('groups.actionsMenu.edit', { name: group.name }),
          icon: <Pencil />,
          link: <RouterLink to={`/group/${group._id}/update`} />,
          testId: 'group-edit',
          hidden: !canUpdate,
        },
        deleteAction(t('groups.actionsMenu.delete', { name: group.name }), () => askDelete(group), 'group-delete', !canDelete),
      ]),
    ];
    return cols;
  }, [t, format, canUpdate, canDelete, askDelete]);

  const name = list.state.filters.name;
  return (
    <ListScreen
      title={t('groups.title')}
      description={t('groups.description')}
      actions={canCreate && <AddButton label={t('groups.create.button')} testId="group-create" to="/group/create" />}
      search={{ state: list.state, filter: 'name', label: t('groups.searchLabel'), placeholder: t('groups.searchPlaceholder'), testId: 'group-search' }}
      table={{
        testId: 'groups-table',
        columns,
        ...list.tableProps,
        empty: name ? { title: t('groups.noMatch', { name }) } : { title: t('groups.empty'), description: t('groups.emptyHelp') },
      }}
      bulkDelete={
        canDelete && {
          selection,
          onSelectionChange: setSelection,
          label: t('groups.bulkDelete.button', { count: selection.length }),
          testId: 'groups-bulk-delete',
          onDelete: () => bulk.ask(selection),
        }
      }
      confirms={[
        {
          ...deletion.dialogProps,
          testId: 'group-delete-dialog',
          title: t('groups.delete.title'),
          description: t('groups.delete.confirm', { name: deletion.target?.name ?? '' }),
          confirmLabel: tc('actions.delete'),
        },
        {
          ...bulk.dialogProps,
          testId: 'groups-bulk-delete-dialog',
          title: t('groups.bulkDelete.title', { count: bulk.target?.length ?? 0 }),
          description: t('groups.bulkDelete.confirm', { count: bulk.target?.length ?? 0 }),
          confirmLabel: tc('actions.delete'),
        },
      ]}
    >
      <GroupPreviewDialog group={previewing} onClose={() => setPreviewing(null)} />
    </ListScreen>
  );
}
