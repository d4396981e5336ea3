import { useMemo, useState } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { Badge, Button, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';

import { useDeleteAttribute } from './api/delete-attribute';
import { useAttributes, type AttributeRow } from './api/list-attributes';
import { AttributeFormDialog } from './components/AttributeFormDialog';
import { SnippetPanel } from './components/SnippetPanel';

/**
 * /settings/people-data (no permission in spec section 2, so any signed-in member, as the API):
 * the active website's people-data attributes. Creating one shows the spec's message telling the
 * user to start sending it from their code, with the snippet to paste.
 */
export default function PeopleDataScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const format = useFormatters();
  const list = useAttributes(t('peopleData.loadError'));
  const remove = useDeleteAttribute();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AttributeRow | null>(null);
  const [created, setCreated] = useState<AttributeRow | null>(null);
  const deletion = useConfirmedAction<AttributeRow>({
    run: (row) => remove.mutateAsync({ params: { id: row._id } }),
    success: (row) => t('peopleData.deleted', { name: row.name }),
    errorFallback: t('peopleData.deleteError'),
    onDone: (row) => setCreated((c) => (c?._id === row._id ? null : c)),
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<AttributeRow>[]>(
    () => [
      {
        id: 'name',
        header: t('peopleData.columns.name'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <Text as="span" fontFamily="mono" fontWeight="medium" dir="ltr">
            {row.original.name}
          </Text>
        ),
      },
      idColumn<AttributeRow>(t('peopleData.columns.id')),
      { id: 'type', header: t('peopleData.columns.type'), cell: ({ row }) => <Badge variant="outline">{t(`peopleData.types.${row.original.type}`)}</Badge> },
      { id: 'createdAt', header: t('peopleData.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
      {
        id: 'action',
        header: t('peopleData.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              {
                label: t('peopleData.editLabel', { name: row.original.name }),
                icon: <Pencil />,
                onClick: () => setEditing(row.original),
                testId: 'attribute-edit',
              },
              {
                label: t('peopleData.deleteLabel', { name: row.original.name }),
                icon: <Trash2 />,
                onClick: () => askDelete(row.original),
                tone: 'danger',
                testId: 'attribute-delete',
              },
            ]}
          />
        ),
      },
    ],
    [t, format, askDelete],
  );

  return (
    <>
      <PageHeader
        title={t('peopleData.title')}
        description={t('peopleData.description')}
        actions={
          <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="attribute-create">
            <Plus size={16} aria-hidden />
            {t('peopleData.add')}
          </Button>
        }
      />
      {created && <SnippetPanel attribute={created} onClose={() => setCreated(null)} />}
      <DataTable
        testId="attributes-table"
        columns={columns}
        {...list.tableProps}
        empty={{ title: t('peopleData.empty'), description: t('peopleData.emptyHint') }}
      />
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
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="attribute-delete-dialog"
        title={t('peopleData.deleteTitle')}
        description={t('peopleData.deleteConfirm', { name: deletion.target?.name ?? '' })}
        confirmLabel={tc('actions.delete')}
      />
    </>
  );
}
