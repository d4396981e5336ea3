import { useNavigate } from 'react-router-dom';
import { PageHeader, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useCreateRole } from './api/create-role';
import { RoleForm } from './components/RoleForm';

/** /role/create (create_role): a new role from permission cards; saved → toast → /role. */
export default function RoleCreateScreen() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const create = useCreateRole();
  return (
    <>
      <PageHeader title={t('roles.create.title')} description={t('roles.create.description')} />
      <RoleForm
        submitLabel={t('roles.create.submit')}
        onCancel={() => navigate('/role')}
        onSubmit={async (body) => {
          await create.mutateAsync({ body });
          toaster.create({ type: 'success', title: t('roles.create.saved', { name: body.name }) });
          navigate('/role');
        }}
      />
    </>
  );
}
