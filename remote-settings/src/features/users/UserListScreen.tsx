import { useMemo, useState } from 'react';
import { Eye, Pencil, Plus, ShieldAlert, Trash2 } from 'lucide-react';
import { Avatar, Badge, Button, HStack, PageHeader, StatePanel, Text, useConfirmedAction } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/overlays';
import { DataTable, ListSearch, RowActions, idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useSession } from 'shared-auth';
import { useAdminUsers, type UserRow } from './api/list-admin-users';
import { useDeleteAdminUser } from './api/delete-admin-user';
import { UserFormDialog } from './components/UserFormDialog';
import { UserViewDialog } from './components/UserViewDialog';

/**
 * /user (get_user): the client list of the super-admin, every client account of every organisation
 * (spec section 2). The route asks get_user as the spec says; the list and its calls are the admin
 * calls (/api/admin/*), which only the super-admin may use, so a user holding get_user who is not
 * the super-admin sees an "administrators only" panel instead of a table that could only fail.
 */
export default function UserListScreen() {
  const { user } = useSession();
  if (!user?.isSuperAdmin) return <AdminsOnly />;
  return <ClientList />;
}

function AdminsOnly() {
  const { t } = useTranslation('settings');
  return (
    <>
      <PageHeader title={t('users.title')} />
      <StatePanel
        tone="warning"
        icon={<ShieldAlert aria-hidden />}
        title={t('users.adminsOnly.title')}
        description={t('users.adminsOnly.description')}
        testId="users-admins-only"
      />
    </>
  );
}

function ClientList() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const format = useFormatters();
  const { user: me } = useSession();
  const list = useAdminUsers(t('users.loadError'));
  const name = list.state.filters.name;
  const remove = useDeleteAdminUser();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<UserRow | null>(null);
  const deletion = useConfirmedAction<UserRow>({
    run: (row) => remove.mutateAsync({ params: { id: row._id } }),
    success: (row) => t('users.deleted', { name: row.name }),
    errorFallback: t('users.deleteError'),
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<UserRow>[]>(
    () => [
      {
        id: 'user',
        header: t('users.columns.user'),
        meta: { alwaysVisible: true },
        cell: ({ row }) => (
          <HStack gap="3">
            <Avatar.Root size="sm">
              <Avatar.Fallback name={row.original.name} />
              {row.original.avatar && <Avatar.Image src={row.original.avatar} />}
            </Avatar.Root>
            {/* The e-mail has its own column (spec's Mail): not repeated here. */}
            <Text fontWeight="medium">{row.original.name}</Text>
          </HStack>
        ),
      },
      idColumn<UserRow>(t('users.columns.id')),
      {
        id: 'mail',
        header: t('users.columns.mail'),
        cell: ({ row }) => (
          <Text as="span" dir="ltr">
            {row.original.email}
          </Text>
        ),
      },
      {
        id: 'roles',
        header: t('users.columns.roles'),
        cell: ({ row }) => (
          <HStack gap="1" wrap="wrap">
            {row.original.isSuperAdmin && <Badge colorPalette="purple">{t('users.superAdmin')}</Badge>}
            {row.original.roles.map((r) => (
              <Badge key={r._id} variant="outline">
                {r.name}
              </Badge>
            ))}
          </HStack>
        ),
      },
      {
        id: 'domain',
        header: t('users.columns.domain'),
        meta: { hiddenByDefault: true },
        cell: ({ row }) => (
          <Text as="span" dir="ltr">
            {row.original.domain ?? '—'}
          </Text>
        ),
      },
      { id: 'createdAt', header: t('users.columns.createdAt'), cell: ({ row }) => format.date(row.original.createdAt) },
      {
        id: 'action',
        header: t('users.columns.action'),
        meta: { alwaysVisible: true, align: 'end' },
        cell: ({ row }) => (
          <RowActions
            actions={[
              { label: t('users.viewLabel', { name: row.original.name }), icon: <Eye />, onClick: () => setViewing(row.original), testId: 'user-view-button' },
              {
                label: t('users.editLabel', { name: row.original.name }),
                icon: <Pencil />,
                onClick: () => setEditing(row.original),
                testId: 'user-edit-button',
              },
              {
                label: t('users.deleteLabel', { name: row.original.name }),
                icon: <Trash2 />,
                onClick: () => askDelete(row.original),
                tone: 'danger',
                testId: 'user-delete-button',
                hidden: !(row.original._id !== me?._id),
              },
            ]}
          />
        ),
      },
    ],
    [t, format, me?._id, askDelete],
  );

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        actions={
          <Button colorPalette="brand" onClick={() => setCreating(true)} data-testid="user-create">
            <Plus size={16} aria-hidden />
            {t('users.add')}
          </Button>
        }
      />
      <ListSearch
        value={name}
        onSearch={(value) => list.state.setFilters({ name: value })}
        label={t('users.searchLabel')}
        placeholder={t('users.searchPlaceholder')}
        testId="user-search"
      />
      <DataTable testId="users-table" columns={columns} {...list.tableProps} empty={{ title: name ? t('users.noMatch', { name }) : t('users.empty') }} />
      <UserFormDialog
        open={creating || editing !== null}
        user={editing}
        onClose={() => {
          setCreating(false);
          setEditing(null);
        }}
        onSaved={() => {
          setCreating(false);
          setEditing(null);
        }}
      />
      <UserViewDialog user={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        {...deletion.dialogProps}
        testId="user-delete-dialog"
        title={t('users.deleteTitle')}
        description={t('users.deleteConfirm', { name: deletion.target?.name ?? '', email: deletion.target?.email ?? '' })}
        confirmLabel={tc('actions.delete')}
      />
    </>
  );
}
