import { useParams } from 'react-router-dom';
import type { PushNotificationBody } from 'contracts';
import { PageHeader, Stack } from 'shared-ui';
import { LifecycleBar } from 'shared-content';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';
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
    listPath: PUSH_NOTIFICATION_SCREENS.basePath,
    fallback: t('messages.pushUpdateFailed'),
  });
  return (
    <>
      <PageHeader title={t('push.update.title')} description={t('push.update.description')} />
      <QueriedItem query={push} onBack={save.onCancel}>
        {(saved) => (
          // A live item's edits are saved beside it: the bar says so and publishes or discards them.
          <Stack gap="6">
            <LifecycleBar calls={PUSH_NOTIFICATION_SCREENS.lifecycle} subject={PUSH_NOTIFICATION_SCREENS.subject} item={saved} />
            <PushForm
              key={`${saved._id}:${saved.updatedAt}`}
              mode="update"
              defaultValues={documentOf(saved)}
              options={options}
              submitLabel={t('editor.save')}
              {...save}
            />
          </Stack>
        )}
      </QueriedItem>
    </>
  );
}
