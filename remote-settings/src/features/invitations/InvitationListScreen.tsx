import { useMemo, useState } from 'react';
import { MailPlus, UserPlus } from 'lucide-react';
import { Badge, Button, Text, useConfirmedAction } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { Can, useCan } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
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
  const deletion = useRowDeletion<InvitationRow>('invitations', (row) => removeOne.mutateAsync({ params: { id: row._id } }), {
    params: (invitation) => ({ email: invitation.email }),
    testId: 'delete-invitation-dialog',
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
      titleColumn<InvitationRow>('email', t('invitations.columns.email'), (row) => (
        <Text as="span" dir="ltr" fontWeight="medium">
          {row.email}
        </Text>
      )),
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
      createdAtColumn<InvitationRow>(t('invitations.columns.createdAt'), format.dateTime),
      ...(canManage
        ? [
            actionColumn<InvitationRow>(t('invitations.columns.action'), (invitation) => [
              deleteAction(t('invitations.deleteLabel', { email: invitation.email }), () => askDelete(invitation), `delete-invitation-${invitation.email}`),
            ]),
          ]
        : []),
    ],
    [t, format, canManage, askDelete],
  );

  return (
    <ListScreen
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
            <AddButton label={t('invitations.invite')} testId="invite-button" onClick={() => setInviting(true)} icon={<MailPlus size={16} aria-hidden />} />
          )}
        </>
      }
      search={{ state: list.state, filter: 'search', label: t('invitations.search'), placeholder: t('invitations.search'), testId: 'invitation-search' }}
      table={{
        testId: 'invitations-table',
        columns,
        ...list.tableProps,
        empty: { title: search ? t('invitations.noMatch') : t('invitations.empty') },
      }}
      bulkDelete={
        canManage && {
          selection,
          onSelectionChange: setSelection,
          label: t('invitations.deleteSelected', { count: selection.length }),
          testId: 'delete-selected-invitations',
          onDelete: () => bulk.ask(selection),
        }
      }
      confirms={[
        canManage && deletion.confirm,
        canManage && {
          ...bulk.dialogProps,
          title: t('invitations.bulkDeleteTitle'),
          description: t('invitations.bulkDeleteConfirm', { count: bulk.target?.length ?? 0 }),
          confirmLabel: t('invitations.deleteAction'),
          testId: 'delete-invitations-dialog',
        },
      ]}
    >
      <Can I="create" a="user">
        <AddMemberDialog open={addingMember} onClose={() => setAddingMember(false)} onAdded={() => setAddingMember(false)} />
      </Can>
      {canManage && <InviteDialog open={inviting} onClose={() => setInviting(false)} onSent={() => setInviting(false)} />}
    </ListScreen>
  );
}
