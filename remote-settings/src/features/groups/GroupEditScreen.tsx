import { useNavigate, useParams } from 'react-router-dom';
import { Button, PageHeader, Skeleton, Stack, StatePanel, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage, httpStatus } from 'shared-data';
import { useGroup } from './api/get-group';
import { useAllGroupMembers } from './api/list-group-members';
import { useUpdateGroup } from './api/update-group';
import { GroupForm } from './components/GroupForm';

/**
 * /group/{id}/update (update_group): loads GET /api/groups/{id} and its members as people; a group
 * of another website (or a missing one) shows a not-found state.
 */
export default function GroupEditScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const group = useGroup(id);
  const members = useAllGroupMembers(id);
  const update = useUpdateGroup();
  const error = group.error ?? members.error;
  // A malformed id (400) is as missing as an unknown one (404).
  const missing = error !== null && [400, 404].includes(httpStatus(error) ?? 0);
  const ready = group.data && members.data ? { ...group.data, members: members.data } : null;

  const back = (
    <Button variant="outline" onClick={() => navigate('/group')}>
      {t('groups.edit.backToList')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('groups.edit.title')} description={ready ? ready.name : t('groups.edit.description')} />
      {!ready && !error && (
        <Stack gap="4" data-testid="group-loading" aria-busy="true">
          <Skeleton h="10" maxW="md" />
          <Skeleton h="48" />
        </Stack>
      )}
      {missing && (
        <StatePanel testId="group-not-found" tone="warning" title={t('groups.edit.notFound')} description={t('groups.edit.notFoundHelp')} action={back} />
      )}
      {error && !missing && (
        <StatePanel
          testId="group-load-error"
          tone="danger"
          title={errorMessage(error, t('groups.edit.loadError'))}
          action={
            <Button
              colorPalette="brand"
              onClick={() => {
                if (group.isError) void group.refetch();
                if (members.isError) void members.refetch();
              }}
            >
              {tc('actions.retry')}
            </Button>
          }
        />
      )}
      {ready && !error && (
        <GroupForm
          key={ready._id}
          defaultValues={{ name: ready.name, members: ready.members }}
          submitLabel={tc('actions.save')}
          onCancel={() => navigate('/group')}
          onSubmit={async (body) => {
            await update.mutateAsync({ params: { id }, body });
            toaster.create({ type: 'success', title: t('groups.edit.saved', { name: body.name }) });
            navigate('/group');
          }}
        />
      )}
    </>
  );
}
