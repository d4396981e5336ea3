import { useNavigate, useParams } from 'react-router-dom';
import { Button, PageHeader, Skeleton, Stack, StatePanel, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, httpStatus } from 'shared-data';
import { useRole } from './api/get-role';
import { useUpdateRole } from './api/update-role';
import { RoleForm } from './components/RoleForm';

/** /role/{id}/edit (update_role): loads GET /api/roles/{id}; a missing role shows a not-found state. */
export default function RoleEditScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const role = useRole(id);
  const update = useUpdateRole();
  // A malformed id (400) is as missing as an unknown one (404).
  const missing = role.isError && [400, 404].includes(httpStatus(role.error) ?? 0);

  const back = (
    <Button variant="outline" onClick={() => navigate('/role')}>
      {t('roles.edit.backToList')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('roles.edit.title')} description={role.data ? role.data.name : t('roles.edit.description')} />
      {role.isPending && (
        <Stack gap="4" data-testid="role-loading" aria-busy="true">
          <Skeleton h="10" maxW="md" />
          <Skeleton h="48" />
        </Stack>
      )}
      {missing && (
        <StatePanel testId="role-not-found" tone="warning" title={t('roles.edit.notFound')} description={t('roles.edit.notFoundHelp')} action={back} />
      )}
      {role.isError && !missing && (
        <StatePanel
          testId="role-load-error"
          tone="danger"
          title={errorMessage(role.error, t('roles.edit.loadError'))}
          action={
            <Button colorPalette="brand" onClick={() => void role.refetch()}>
              {tc('actions.retry')}
            </Button>
          }
        />
      )}
      {role.data && (
        <RoleForm
          key={role.data._id}
          defaultValues={{ name: role.data.name, permissions: role.data.permissions }}
          submitLabel={tc('actions.save')}
          onCancel={() => navigate('/role')}
          onSubmit={async (body) => {
            await update.mutateAsync({ params: { id }, body });
            toaster.create({ type: 'success', title: t('roles.edit.saved', { name: body.name }) });
            navigate('/role');
          }}
        />
      )}
    </>
  );
}
