import { useNavigate } from 'react-router-dom';
import { PageHeader, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { useCreateGroup } from './api/create-group';
import { GroupForm } from './components/GroupForm';

/** /group/create (create_group): a new group of the active website's people; saved → toast → /group. */
export default function GroupCreateScreen() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const create = useCreateGroup();
  return (
    <>
      <PageHeader title={t('groups.create.title')} description={t('groups.create.description')} />
      <GroupForm
        submitLabel={t('groups.create.submit')}
        onCancel={() => navigate('/group')}
        onSubmit={async (body) => {
          await create.mutateAsync({ body });
          toaster.create({ type: 'success', title: t('groups.create.saved', { name: body.name }) });
          navigate('/group');
        }}
      />
    </>
  );
}
