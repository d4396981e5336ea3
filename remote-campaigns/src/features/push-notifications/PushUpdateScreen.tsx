import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import type { PushNotificationDocument } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { LoadItem } from '../campaigns-common/components/LoadItem';
import { useCampaignOptions } from '../campaigns-common/use-campaign-options';
import { useSave } from '../campaigns-common/use-save';
import { getPushNotification } from './api/get-push-notification';
import { updatePushNotification } from './api/update-push-notification';
import { PushForm } from './components/PushForm';
import { documentOf } from './push-document';

/** /push_notification/{id}/update: the saved notification in the editor ('Error while updating push notification'). */
export default function PushUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('push');
  const save = useSave({
    save: useCallback((body: PushNotificationDocument) => updatePushNotification(id, body), [id]),
    listPath: '/push_notification',
    fallback: t('messages.pushUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('push.update.title')} description={t('push.update.description')} />
      <LoadItem id={id} load={getPushNotification} onBack={save.onCancel}>
        {(push) => <PushForm key={push._id} mode="update" defaultValues={documentOf(push)} options={options} submitLabel={t('editor.save')} {...save} />}
      </LoadItem>
    </>
  );
}
