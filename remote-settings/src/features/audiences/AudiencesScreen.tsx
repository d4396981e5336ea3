import { useMemo, useRef, useState } from 'react';
import { Pencil } from 'lucide-react';
import { Heading, PageHeader, Stack, Text } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useSession } from 'shared-auth';
import { AddButton, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
import { useDeleteSegment } from './api/delete-segment';
import { useAudienceAttributes } from './api/list-attributes';
import { useSegments, type SegmentRow } from './api/list-segments';
import { describeAudience } from './audience-summary';
import { SegmentEditor } from './components/SegmentEditor';

/**
 * /settings/audiences (no permission, so any signed-in member, as the API): build
 * a dynamic audience with the rule builder, watch the people it selects in the live preview, save
 * it as a segment; below, the website's saved segments to edit or delete.
 */
export default function AudiencesScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const format = useFormatters();
  const { activeWebsite } = useSession();
  const list = useSegments(t('audiences.loadError'));
  const remove = useDeleteSegment();
  const attributes = useAudienceAttributes();
  const [editing, setEditing] = useState<SegmentRow | null>(null);
  // Remounts the editor (fresh form) for "new segment", after a save, and on another website.
  const [formKey, setFormKey] = useState(0);

  // Another website: its own segments and attributes, and a fresh editor (the key below).
  const [siteId, setSiteId] = useState(activeWebsite?._id);
  if (siteId !== activeWebsite?._id) {
    setSiteId(activeWebsite?._id);
    setEditing(null);
  }
  const editingRef = useRef(editing);
  editingRef.current = editing;

  const startNew = () => {
    setEditing(null);
    setFormKey((k) => k + 1);
  };
  const deletion = useRowDeletion<SegmentRow>('audiences', (row) => remove.mutateAsync({ params: { id: row._id } }), {
    params: (segment) => ({ name: segment.name }),
    testId: 'segment-delete-dialog',
    onDone: (row) => {
      // The segment open in the editor is gone: the editor starts a new one.
      if (editingRef.current?._id === row._id) {
        setEditing(null);
        setFormKey((k) => k + 1);
      }
    },
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<SegmentRow>[]>(
    () => [
      titleColumn<SegmentRow>('name', t('audiences.columns.name'), (row) => <Text fontWeight="medium">{row.name}</Text>),
      idColumn<SegmentRow>(t('audiences.columns.id')),
      {
        id: 'rules',
        header: t('audiences.columns.rules'),
        cell: ({ row }) => (
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {describeAudience(row.original.audience, tc)}
          </Text>
        ),
      },
      createdAtColumn<SegmentRow>(t('audiences.columns.createdAt'), format.date),
      actionColumn<SegmentRow>(t('audiences.columns.action'), (segment) => [
        {
          label: t('audiences.editLabel', { name: segment.name }),
          icon: <Pencil />,
          onClick: () => {
            setEditing(segment);
            setFormKey((k) => k + 1);
          },
          testId: 'segment-edit',
        },
        deleteAction(t('audiences.deleteLabel', { name: segment.name }), () => askDelete(segment), 'segment-delete'),
      ]),
    ],
    [t, tc, format, askDelete],
  );

  return (
    <>
      <PageHeader
        title={t('audiences.title')}
        description={t('audiences.description')}
        actions={<AddButton label={t('audiences.add')} testId="segment-create" onClick={startNew} />}
      />
      <Stack gap="8">
        <SegmentEditor
          key={`${activeWebsite?._id ?? ''}:${formKey}`}
          segment={editing}
          attributes={attributes}
          onSaved={(saved) => {
            setEditing(saved);
            setFormKey((k) => k + 1);
          }}
          onCancel={startNew}
        />
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('audiences.savedTitle')}
          </Heading>
          <DataTable
            testId="segments-table"
            columns={columns}
            {...list.tableProps}
            empty={{ title: t('audiences.empty'), description: t('audiences.emptyHint') }}
          />
        </Stack>
      </Stack>
      <ConfirmDialog {...deletion.confirm} />
    </>
  );
}
