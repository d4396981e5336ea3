import { useMemo, useState } from 'react';
import { HStack, Text } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
import { useTags, type TagRow } from './api/list-tags';
import { useDeleteTag } from './api/delete-tag';
import { ColorSwatch } from './components/ColorSwatch';
import { NewTagDialog } from './components/NewTagDialog';

/**
 * /settings/tags: the active website's tags (content lists use them as filters). Creating and deleting need
 * create_tags and delete_tags; reading is open to every member.
 * Switching the website in the header reloads the list (its cache key holds the active website).
 */
export default function TagListScreen() {
  const { t } = useTranslation('settings');
  const canCreate = useCan('create', 'tags');
  const canDelete = useCan('delete', 'tags');
  const format = useFormatters();
  const [adding, setAdding] = useState(false);
  const list = useTags(t('tags.loadError'));
  const remove = useDeleteTag();
  const deletion = useRowDeletion<TagRow>('tags', (row) => remove.mutateAsync({ params: { id: row._id } }), {
    params: (tag) => ({ name: tag.name }),
    testId: 'delete-tag-dialog',
  });
  const askDelete = deletion.ask;
  const columns = useMemo<ColumnDef<TagRow>[]>(
    () => [
      titleColumn<TagRow>('name', t('tags.columns.name'), (row) => (
        <HStack gap="2">
          <ColorSwatch color={row.color} />
          <Text fontWeight="medium" textAlign="start">
            {row.name}
          </Text>
        </HStack>
      )),
      idColumn<TagRow>(t('tags.columns.id')),
      {
        id: 'color',
        header: t('tags.columns.color'),
        cell: ({ row }) => (
          <Text as="span" fontFamily="mono" dir="ltr">
            {row.original.color}
          </Text>
        ),
      },
      createdAtColumn<TagRow>(t('tags.columns.createdAt'), format.date),
      actionColumn<TagRow>(t('tags.columns.action'), (row) => [
        deleteAction(t('tags.deleteLabel', { name: row.name }), () => askDelete(row), `delete-tag-${row.name}`, !canDelete),
      ]),
    ],
    [t, format, askDelete, canDelete],
  );
  return (
    <ListScreen
      title={t('tags.title')}
      description={t('tags.description')}
      actions={canCreate && <AddButton label={t('tags.add')} testId="add-tag" onClick={() => setAdding(true)} />}
      table={{ testId: 'tags-table', columns, ...list.tableProps, empty: { title: t('tags.empty') } }}
      confirms={[deletion.confirm]}
    >
      <NewTagDialog open={adding} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
    </ListScreen>
  );
}
