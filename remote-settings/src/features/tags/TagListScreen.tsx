import { useMemo, useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { Button, HStack, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { DataTable, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useCan } from 'shared-auth';
import { ConfirmDialog } from 'shared-ui/overlays';
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
  const deletion = useConfirmedAction<TagRow>({
    run: (row) => remove.mutateAsync({ params: { id: row._id } }),
    success: t('tags.deleted'),
    errorFallback: t('tags.deleteError'),
  });
  const askDelete = deletion.ask;
  const columns = useMemo<ColumnDef<TagRow>[]>(
    () => [
      {
        id: 'name',
        header: t('tags.columns.name'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <HStack gap="2">
            <ColorSwatch color={row.original.color} />
            <Text fontWeight="medium" textAlign="start">
              {row.original.name}
            </Text>
          </HStack>
        ),
      },
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
      { id: 'createdAt', header: t('tags.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
      {
        id: 'action',
        header: t('tags.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              ...(canDelete
                ? [
                    {
                      label: t('tags.deleteLabel', { name: row.original.name }),
                      icon: <Trash2 size={16} aria-hidden />,
                      onClick: () => askDelete(row.original),
                      tone: 'danger' as const,
                      testId: `delete-tag-${row.original.name}`,
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
  return (
    <>
      <PageHeader
        title={t('tags.title')}
        description={t('tags.description')}
        actions={
          canCreate && (
            <Button colorPalette="brand" onClick={() => setAdding(true)} data-testid="add-tag">
              <Plus size={16} aria-hidden />
              {t('tags.add')}
            </Button>
          )
        }
      />
      <DataTable testId="tags-table" columns={columns} {...list.tableProps} empty={{ title: t('tags.empty') }} />
      <NewTagDialog open={adding} onClose={() => setAdding(false)} onCreated={() => setAdding(false)} />
      <ConfirmDialog
        {...deletion.dialogProps}
        title={t('tags.deleteTitle')}
        description={t('tags.deleteConfirm', { name: deletion.target?.name ?? '' })}
        confirmLabel={t('tags.deleteAction')}
        testId="delete-tag-dialog"
      />
    </>
  );
}
