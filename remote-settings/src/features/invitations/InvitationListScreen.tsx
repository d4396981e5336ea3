import { useMemo, useState } from 'react';
import { MailPlus, Trash2, UserPlus } from 'lucide-react';
import { Badge, Button, PageHeader, Text, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, ListSearch, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { Can, useCan } from 'shared-auth';
import { useInvitations, type InvitationRow } from './api/list-invitations';
import { useDeleteInvitation } from './api/delete-invitation';
import { useDeleteInvitations } from './api/delete-invitations';
import { InviteDialog } from './components/InviteDialog';
import { AddMemberDialog } from './components/AddMemberDialog';

const STATUS_PALETTE = { pending: 'orange', accepted: 'green', rejected: 'red', expired: 'gray' } as const;

/**
 * /invitations (get_invitations): the invitations the organisation sent, newest first, with a
 * search on the e-mail (sent only when non-empty). Inviting and deleting (one, or the selected
 * ones) need create_invitations: the API has no delete permission for invitations.
 */
export default function InvitationListScreen() {
  const { t } = useTranslation('settings');
  const format = useFormatters();
  const canManage = useCan('create', 'invitations');
  const [inviting, setInviting] = useState(false);
  const [addingMember, setAddingMember] = useState(false);
  const [selection, setSelection] = useState<string[]>([]);
  const list = useInvitations(t('invitations.loadError'));
  const search = list.state.filters.search;
  const removeOne = useDeleteInvitation();
  const removeMany = useDeleteInvitations();
  const deletion = useConfirmedAction<InvitationRow>({
    run: (row) => removeOne.mutateAsync({ params: { id: row._id } }),
    success: t('invitations.deleted'),
    errorFallback: t('invitations.deleteError'),
    onDone: (row) => setSelection((s) => s.filter((id) => id !== row._id)),
  });
  const bulk = useConfirmedAction<string[]>({
    run: (ids) => removeMany.mutateAsync({ body: { invitations: ids } }),
    success: t('invitations.bulkDeleted'),
    errorFallback: t('invitations.deleteError'),
    onDone: () => setSelection([]),
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<InvitationRow>[]>(
    () => [
      {
        id: 'email',
        header: t('invitations.columns.email'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <Text as="span" dir="ltr" fontWeight="medium">
            {row.original.email}
          </Text>
        ),
      },
      idColumn<InvitationRow>(t('invitations.columns.id')),
      { id: 'role', header: t('invitations.columns.role'), cell: ({ row }) => row.original.role?.name ?? '—' },
      {
        id: 'status',
        header: t('invitations.columns.status'),
        cell: ({ row }) => {
          const status = row.original.expired ? 'expired' : row.original.status;
          return (
            <Badge colorPalette={STATUS_PALETTE[status]} data-testid={`invitation-status-${status}`}>
              {t(`invitations.status.${status}`)}
            </Badge>
          );
        },
      },
      { id: 'createdAt', header: t('invitations.columns.createdAt'), cell: ({ row }) => format.dateTime(row.original.createdAt) },
      ...(canManage
        ? [
            {
              id: 'action',
              header: t('invitations.columns.action'),
              meta: { alwaysVisible: true, align: 'end' as const },
              cell: ({ row }: { row: { original: InvitationRow } }) => (
                <RowActions
                  actions={[
                    {
                      label: t('invitations.deleteLabel', { email: row.original.email }),
                      icon: <Trash2 size={16} aria-hidden />,
                      onClick: () => askDelete(row.original),
                      tone: 'danger',
                      testId: `delete-invitation-${row.original.email}`,
                    },
                  ]}
                />
              ),
            } satisfies ColumnDef<InvitationRow>,
          ]
        : []),
    ],
    [t, format, canManage, askDelete],
  );

  return (
    <>
      <PageHeader
        title={t('invitations.title')}
        description={t('invitations.description')}
        actions={
          <>
            {/* Adding a teammate directly (POST /api/users/org) is create_user, independent of inviting. */}
            <Can I="create" a="user">
              <Button variant="outline" onClick={() => setAddingMember(true)} data-testid="add-member-button">
                <UserPlus size={16} aria-hidden />
                {t('invitations.member.title')}
              </Button>
            </Can>
            {canManage && (
              <Button colorPalette="brand" onClick={() => setInviting(true)} data-testid="invite-button">
                <MailPlus size={16} aria-hidden />
                {t('invitations.invite')}
              </Button>
            )}
          </>
        }
      />
      <ListSearch
        value={search}
        onSearch={(value) => list.state.setFilters({ search: value })}
        label={t('invitations.search')}
        placeholder={t('invitations.search')}
        testId="invitation-search"
      />
      <DataTable
        testId="invitations-table"
        columns={columns}
        {...list.tableProps}
        empty={{ title: search ? t('invitations.noMatch') : t('invitations.empty') }}
        selectable={canManage}
        selection={selection}
        onSelectionChange={setSelection}
        toolbar={
          canManage &&
          selection.length > 0 && (
            <Button size="sm" colorPalette="red" variant="outline" onClick={() => bulk.ask(selection)} data-testid="delete-selected-invitations">
              <Trash2 size={14} aria-hidden />
              {t('invitations.deleteSelected', { count: selection.length })}
            </Button>
          )
        }
      />
      <Can I="create" a="user">
        <AddMemberDialog open={addingMember} onClose={() => setAddingMember(false)} onAdded={() => setAddingMember(false)} />
      </Can>
      {canManage && (
        <>
          <InviteDialog open={inviting} onClose={() => setInviting(false)} onSent={() => setInviting(false)} />
          <ConfirmDialog
            {...deletion.dialogProps}
            title={t('invitations.deleteTitle')}
            description={t('invitations.deleteConfirm', { email: deletion.target?.email ?? '' })}
            confirmLabel={t('invitations.deleteAction')}
            testId="delete-invitation-dialog"
          />
          <ConfirmDialog
            {...bulk.dialogProps}
            title={t('invitations.bulkDeleteTitle')}
            description={t('invitations.bulkDeleteConfirm', { count: bulk.target?.length ?? 0 })}
            confirmLabel={t('invitations.deleteAction')}
            testId="delete-invitations-dialog"
          />
        </>
      )}
    </>
  );
}
