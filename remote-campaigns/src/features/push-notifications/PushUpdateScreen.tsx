import { useParams } from 'react-router-dom';
import type { PushNotificationBody } from 'contracts';
import { PageHeader } from 'shared-ui';
import { useTranslation } from 'shared-i18n';
import { QueriedItem } from '../campaigns/components/QueriedItem';
import { useCampaignOptions } from '../campaigns/use-campaign-options';
import { useSave } from '../campaigns/use-save';
import { usePushNotification } from './api/get-push-notification';
import { useUpdatePushNotification } from './api/update-push-notification';
import { PushForm } from './components/PushForm';
import { documentOf } from './push-document';

/** /push_notification/{id}/update: the saved notification in the editor ('Error while updating push notification'). */
export default function PushUpdateScreen() {
  const { t } = useTranslation('campaigns');
  const { id = '' } = useParams();
  const options = useCampaignOptions('push');
  const push = usePushNotification(id);
  const { mutateAsync: update } = useUpdatePushNotification();
  const save = useSave({
    save: (body: PushNotificationBody) => update({ body: { ...body, _id: id } }),
    listPath: '/push_notification',
    fallback: t('messages.pushUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('push.update.title')} description={t('push.update.description')} />
      <QueriedItem query={push} onBack={save.onCancel}>
        {(saved) => <PushForm key={saved._id} mode="update" defaultValues={documentOf(saved)} options={options} submitLabel={t('editor.save')} {...save} />}
      </QueriedItem>
    </>
  );
}
