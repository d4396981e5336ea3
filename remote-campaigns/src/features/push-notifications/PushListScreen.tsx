import { CAMPAIGN_DEVICES, pushKind, type listPushNotificationsCall } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { type CampaignColumnOptions, contentListCalls, ContentListPage, STATUS_FILTER, type ValueFilters } from 'shared-content';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';
import { usePushNotifications } from './api/list-push-notifications';
import { useCancelPushNotification } from './api/cancel-push-notification';
import { useDeletePushNotifications } from './api/delete-push-notifications';
import { useDuplicatePushNotification } from './api/duplicate-push-notification';

const valueFilters: ValueFilters<typeof listPushNotificationsCall> = [
  STATUS_FILTER,
  { param: 'devices', labelKey: 'columns.devices', table: 'devices', values: CAMPAIGN_DEVICES },
];

const columns: CampaignColumnOptions = { include: [] };

/** /push_notification (no permission to open; actions follow the pushNotification permissions). */
export default function PushListScreen() {
  const { t } = useTranslation('campaigns');
  const list = usePushNotifications(t('push.list.loadError'));
  // The API has one delete call for push notifications (a list of ids): the row action sends one.
  const calls = contentListCalls(pushKind, {
    duplicate: useDuplicatePushNotification(),
    cancel: useCancelPushNotification(),
    removeMany: useDeletePushNotifications(),
  });
  return <ContentListPage kind={PUSH_NOTIFICATION_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
