import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, PageHeader, Skeleton, Stack, StatePanel, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-auth';
import { allGroupMembers, getGroup, statusOf, updateGroup, type ClientMember } from './api/groups';
import { GroupForm } from './components/GroupForm';

type Load =
  | { state: 'loading' }
  | { state: 'missing' }
  | { state: 'failed'; message: string }
  | { state: 'ready'; group: { _id: string; name: string; members: ClientMember[] } };

/**
 * /group/{id}/update (update_group): loads GET /api/groups/{id} and its members as people; a group
 * of another website (or a missing one) shows a not-found state.
 */
export default function GroupEditScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchGroup = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    Promise.all([getGroup(id), allGroupMembers(id)])
      .then(([group, members]) => live && setLoad({ state: 'ready', group: { _id: group._id, name: group.name, members } }))
      .catch((error) => {
        if (!live) return;
        const status = statusOf(error);
        if (status === 404 || status === 400) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: errorMessage(error, t('groups.edit.loadError')) });
      });
    return () => {
      live = false;
    };
  }, [id, t]);
  useEffect(fetchGroup, [fetchGroup]);

  const back = (
    <Button variant="outline" onClick={() => navigate('/group')}>
      {t('groups.edit.backToList')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('groups.edit.title')} description={load.state === 'ready' ? load.group.name : t('groups.edit.description')} />
      {load.state === 'loading' && (
        <Stack gap="4" data-testid="group-loading" aria-busy="true">
          <Skeleton h="10" maxW="md" />
          <Skeleton h="48" />
        </Stack>
      )}
      {load.state === 'missing' && (
        <StatePanel testId="group-not-found" tone="warning" title={t('groups.edit.notFound')} description={t('groups.edit.notFoundHelp')} action={back} />
      )}
      {load.state === 'failed' && (
        <StatePanel
          testId="group-load-error"
          tone="danger"
          title={load.message}
          action={
            <Button colorPalette="brand" onClick={fetchGroup}>
              {tc('actions.retry')}
            </Button>
          }
        />
      )}
      {load.state === 'ready' && (
        <GroupForm
          key={load.group._id}
          defaultValues={{ name: load.group.name, members: load.group.members }}
          submitLabel={tc('actions.save')}
          onCancel={() => navigate('/group')}
          onSubmit={async (body) => {
            await updateGroup(id, body);
            toaster.create({ type: 'success', title: t('groups.edit.saved', { name: body.name }) });
            navigate('/group');
          }}
        />
      )}
    </>
  );
}
