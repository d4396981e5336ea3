import { useMemo, useState } from 'react';
import { Eye, Pencil, ShieldAlert } from 'lucide-react';
import { Avatar, Badge, HStack, PageHeader, StatePanel, Text } from 'shared-ui';
import { idColumn, type ColumnDef } from 'shared-ui/data-table';
import { useFormatters, useTranslation } from 'shared-i18n';
import { useSession } from 'shared-auth';
import { AddButton, ListScreen, actionColumn, createdAtColumn, deleteAction, titleColumn, useRowDeletion } from '../../components/list-screen';
import { useAdminUsers, type UserRow } from './api/list-admin-users';
import { useDeleteAdminUser } from './api/delete-admin-user';
import { UserFormDialog } from './components/UserFormDialog';
import { UserViewDialog } from './components/UserViewDialog';

/**
 * /user (get_user): the client list of the super-admin, every client account of every organisation
 *. The route asks get_user, the permission the console has always used; the list and its calls are the admin
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
  const format = useFormatters();
  const { user: me } = useSession();
  const list = useAdminUsers(t('users.loadError'));
  const name = list.state.filters.name;
  const remove = useDeleteAdminUser();
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<UserRow | null>(null);
  const deletion = useRowDeletion<UserRow>('users', (row) => remove.mutateAsync({ params: { id: row._id } }), {
    params: (user) => ({ name: user.name, email: user.email }),
    testId: 'user-delete-dialog',
  });
  const askDelete = deletion.ask;

  const columns = useMemo<ColumnDef<UserRow>[]>(
    () => [
      titleColumn<UserRow>('user', t('users.columns.user'), (row) => (
        <HStack gap="3">
          <Avatar.Root size="sm">
            <Avatar.Fallback name={row.name} />
            {row.avatar && <Avatar.Image src={row.avatar} />}
          </Avatar.Root>
          {/* The e-mail has its own column (Mail): not repeated here. */}
          <Text fontWeight="medium">{row.name}</Text>
        </HStack>
      )),
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
      createdAtColumn<UserRow>(t('users.columns.createdAt'), format.date),
      actionColumn<UserRow>(t('users.columns.action'), (user) => [
        { label: t('users.viewLabel', { name: user.name }), icon: <Eye />, onClick: () => setViewing(user), testId: 'user-view-button' },
        { label: t('users.editLabel', { name: user.name }), icon: <Pencil />, onClick: () => setEditing(user), testId: 'user-edit-button' },
        deleteAction(t('users.deleteLabel', { name: user.name }), () => askDelete(user), 'user-delete-button', user._id === me?._id),
      ]),
    ],
    [t, format, me?._id, askDelete],
  );

  const close = () => {
    setCreating(false);
    setEditing(null);
  };
  return (
    <ListScreen
      title={t('users.title')}
      description={t('users.description')}
      actions={<AddButton label={t('users.add')} testId="user-create" onClick={() => setCreating(true)} />}
      search={{ state: list.state, filter: 'name', label: t('users.searchLabel'), placeholder: t('users.searchPlaceholder'), testId: 'user-search' }}
      table={{ testId: 'users-table', columns, ...list.tableProps, empty: { title: name ? t('users.noMatch', { name }) : t('users.empty') } }}
      confirms={[deletion.confirm]}
    >
      <UserFormDialog open={creating || editing !== null} user={editing} onClose={close} onSaved={close} />
      <UserViewDialog user={viewing} onClose={() => setViewing(null)} />
    </ListScreen>
  );
}
