import { useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { defaultPushNotification, type PushNotificationBody } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { workspaceOfCreateRoute } from 'shared-content';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { useCreatePushNotification } from './api/create-push-notification';
import { PushForm } from './components/PushForm';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';

/** /push_notification/{id}/create: a new push notification in workspace {id} ('Error while creating push notification'). */
export default function PushCreateScreen() {
  const { t } = useTranslation('campaigns');
  const { id } = useParams();
  const options = useCampaignOptions('push');
  const { mutateAsync: create } = useCreatePushNotification();
  const save = useSave({
    save: (body: PushNotificationBody, intent) => create({ body, query: intent.asDraft ? { draft: 'true' } : {} }),
    listPath: PUSH_NOTIFICATION_SCREENS.basePath,
    fallback: t('messages.pushCreateFailed'),
  });
  const defaults = useMemo(() => defaultPushNotification(workspaceOfCreateRoute(id)), [id]);
  return (
    <>
      <PageHeader title={t('push.create.title')} description={t('push.create.description')} />
      <PushForm mode="create" defaultValues={defaults} options={options} draftLabel={t('editor.saveAsDraft')} submitLabel={t('push.create.submit')} {...save} />
    </>
  );
}
