import { useEffect, useMemo, useState } from 'react';
import { MailPlus, Search, Trash2, UserPlus } from 'lucide-react';
import { Badge, Button, Input, InputGroup, PageHeader, Text } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { Can, useApiList, useCan, useConfirmedAction } from 'shared-auth';
import { LIST_INVITATIONS_URL, deleteInvitation, deleteInvitations, type InvitationRow } from './api/invitation-calls';
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
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [selection, setSelection] = useState<string[]>([]);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const params = useMemo(() => ({ search: search || undefined }), [search]);
  const list = useApiList<InvitationRow>(LIST_INVITATIONS_URL, { params, fallbackError: t('invitations.loadError') });
  const { reload } = list;
  const deletion = useConfirmedAction<InvitationRow>({
    run: (row) => deleteInvitation(row._id),
    success: t('invitations.deleted'),
    errorFallback: t('invitations.deleteError'),
    onDone: (row) => {
      setSelection((s) => s.filter((id) => id !== row._id));
      reload();
    },
  });
  const bulk = useConfirmedAction<string[]>({
    run: (ids) => deleteInvitations(ids),
    success: t('invitations.bulkDeleted'),
    errorFallback: t('invitations.deleteError'),
    onDone: () => {
      setSelection([]);
      reload();
    },
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
      <DataTable
        testId="invitations-table"
        columns={columns}
        {...list.tableProps}
        empty={{ title: search ? t('invitations.noMatch') : t('invitations.empty') }}
        selectable={canManage}
        selection={selection}
        onSelectionChange={setSelection}
        toolbar={
          <>
            <InputGroup startElement={<Search size={14} aria-hidden />} maxW="xs">
              <Input
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                placeholder={t('invitations.search')}
                aria-label={t('invitations.search')}
                type="search"
                data-testid="invitation-search"
              />
            </InputGroup>
            {canManage && selection.length > 0 && (
              <Button size="sm" colorPalette="red" variant="outline" onClick={() => bulk.ask(selection)} data-testid="delete-selected-invitations">
                <Trash2 size={14} aria-hidden />
                {t('invitations.deleteSelected', { count: selection.length })}
              </Button>
            )}
          </>
        }
      />
      <Can I="create" a="user">
        <AddMemberDialog open={addingMember} onClose={() => setAddingMember(false)} onAdded={() => setAddingMember(false)} />
      </Can>
      {canManage && (
        <>
          <InviteDialog
            open={inviting}
            onClose={() => setInviting(false)}
            onSent={() => {
              setInviting(false);
              reload();
            }}
          />
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
