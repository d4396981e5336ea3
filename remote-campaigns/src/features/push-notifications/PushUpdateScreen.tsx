import { useParams } from 'react-router-dom';
import type { PushNotificationBody } from 'contracts';
import { SavedItemScreen } from 'shared-content';
import { useTranslation } from 'shared-i18n';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';
import { useItemTexts } from '../campaigns/components/QueriedItem';
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
  const { mutateAsync: update } = useUpdatePushNotification();
  const save = useSave({
    save: (body: PushNotificationBody) => update({ body: { ...body, _id: id } }),
    listPath: PUSH_NOTIFICATION_SCREENS.basePath,
    fallback: t('messages.pushUpdateFailed'),
  });
  const item = usePushNotification(id);
  const texts = useItemTexts();
  return (
    <SavedItemScreen kind={PUSH_NOTIFICATION_SCREENS} query={item} texts={texts} onBack={save.onCancel}>
      {(saved) => <PushForm mode="update" defaultValues={documentOf(saved)} options={options} submitLabel={t('editor.save')} {...save} />}
    </SavedItemScreen>
  );
}
