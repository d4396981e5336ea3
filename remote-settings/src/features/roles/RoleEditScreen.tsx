import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, PageHeader, Skeleton, Stack, StatePanel, toaster } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { errorMessage } from 'shared-auth';
import { getRole, statusOf, updateRole } from './api/roles';
import type { RoleRow } from './api/list-roles';
import { RoleForm } from './components/RoleForm';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; role: RoleRow };

/** /role/{id}/edit (update_role): loads GET /api/roles/{id}; a missing role shows a not-found state. */
export default function RoleEditScreen() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchRole = useCallback(() => {
    let live = true;
    setLoad({ state: 'loading' });
    getRole(id)
      .then((role) => live && setLoad({ state: 'ready', role }))
      .catch((error) => {
        if (!live) return;
        const status = statusOf(error);
        // A malformed id (400) is as missing as an unknown one (404).
        if (status === 404 || status === 400) setLoad({ state: 'missing' });
        else setLoad({ state: 'failed', message: errorMessage(error, t('roles.edit.loadError')) });
      });
    return () => {
      live = false;
    };
  }, [id, t]);
  useEffect(fetchRole, [fetchRole]);

  const back = (
    <Button variant="outline" onClick={() => navigate('/role')}>
      {t('roles.edit.backToList')}
    </Button>
  );
  return (
    <>
      <PageHeader title={t('roles.edit.title')} description={load.state === 'ready' ? load.role.name : t('roles.edit.description')} />
      {load.state === 'loading' && (
        <Stack gap="4" data-testid="role-loading" aria-busy="true">
          <Skeleton h="10" maxW="md" />
          <Skeleton h="48" />
        </Stack>
      )}
      {load.state === 'missing' && (
        <StatePanel testId="role-not-found" tone="warning" title={t('roles.edit.notFound')} description={t('roles.edit.notFoundHelp')} action={back} />
      )}
      {load.state === 'failed' && (
        <StatePanel
          testId="role-load-error"
          tone="danger"
          title={load.message}
          action={
            <Button colorPalette="brand" onClick={fetchRole}>
              {tc('actions.retry')}
            </Button>
          }
        />
      )}
      {load.state === 'ready' && (
        <RoleForm
          key={load.role._id}
          defaultValues={{ name: load.role.name, permissions: load.role.permissions }}
          submitLabel={tc('actions.save')}
          onCancel={() => navigate('/role')}
          onSubmit={async (body) => {
            await updateRole(id, body);
            toaster.create({ type: 'success', title: t('roles.edit.saved', { name: body.name }) });
            navigate('/role');
          }}
        />
      )}
    </>
  );
}
