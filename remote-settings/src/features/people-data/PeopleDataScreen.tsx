import { useMemo, useState } from 'react';
import { Pencil } from 'lucide-react';
import { Badge, Text } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
import { useDeleteAttribute } from './api/delete-attribute';
import { useAttributes, type AttributeRow } from './api/list-attributes';
import { AttributeFormDialog } from './components/AttributeFormDialog';
import { SnippetPanel } from './components/SnippetPanel';

/**
 * /settings/people-data (no permission, so any signed-in member, as the API):
 * the active website's people-data attributes. Creating one shows the message telling the
 * user to start sending it from their code, with the snippet to paste.
 */
export default function PeopleDataScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const list = useAttributes(t('peopleData.loadError'));
  const remove = useDeleteAttribute();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AttributeRow | null>(null);
  const [created, setCreated] = useState<AttributeRow | null>(null);
  const deletion = useRowDeletion<AttributeRow>('peopleData', (row) => remove.mutateAsync({ params: { id: row._id } }), {
    params: (attribute) => ({ name: attribute.name }),
    testId: 'attribute-delete-dialog',
    onDone: (row) => setCreated((c) => (c?._id === row._id ? null : c)),
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<AttributeRow>[]>(
    () => [
      titleColumn<AttributeRow>('name', t('peopleData.columns.name'), (row) => (
        <Text as="span" fontFamily="mono" fontWeight="medium" dir="ltr">
          {row.name}
        </Text>
      )),
      idColumn<AttributeRow>(t('peopleData.columns.id')),
      { id: 'type', header: t('peopleData.columns.type'), cell: ({ row }) => <Badge variant="outline">{t(`peopleData.types.${row.original.type}`)}</Badge> },
      createdAtColumn<AttributeRow>(t('peopleData.columns.createdAt'), format.date),
      actionColumn<AttributeRow>(t('peopleData.columns.action'), (attribute) => [
        { label: t('peopleData.editLabel', { name: attribute.name }), icon: <Pencil />, onClick: () => setEditing(attribute), testId: 'attribute-edit' },
        deleteAction(t('peopleData.deleteLabel', { name: attribute.name }), () => askDelete(attribute), 'attribute-delete'),
      ]),
    ],
    [t, format, askDelete],
  );

  return (
    <ListScreen
      title={t('peopleData.title')}
      description={t('peopleData.description')}
      actions={<AddButton label={t('peopleData.add')} testId="attribute-create" onClick={() => setCreating(true)} />}
      notice={created && <SnippetPanel attribute={created} onClose={() => setCreated(null)} />}
      table={{ testId: 'attributes-table', columns, ...list.tableProps, empty: { title: t('peopleData.empty'), description: t('peopleData.emptyHint') } }}
      confirms={[deletion.confirm]}
    >
      <AttributeFormDialog
        open={creating || editing !== null}
        attribute={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSaved={(saved, wasCreated) => {
          setCreating(false);
          setEditing(null);
          if (wasCreated) setCreated(saved);
          else setCreated((c) => (c?._id === saved._id ? saved : c));
        }}
      />
    </ListScreen>
  );
}
