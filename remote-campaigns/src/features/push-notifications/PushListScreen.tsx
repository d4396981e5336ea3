import { CAMPAIGN_DEVICES } from 'contracts';
import { useTranslation } from 'shared-i18n';
import { ContentListPage, type ContentListCalls } from 'shared-content';
import type { CampaignColumnOptions } from 'shared-content';
import { PUSH_NOTIFICATION_SCREENS } from '../campaigns/kinds';
import { STATUS_FILTER, type ValueFilterSpec } from 'shared-content';
import { usePushNotifications } from './api/list-push-notifications';
import { useCancelPushNotification } from './api/cancel-push-notification';
import { useDeletePushNotifications } from './api/delete-push-notifications';
import { useDuplicatePushNotification } from './api/duplicate-push-notification';
import { bulkDeleteBody, pushKind } from 'contracts';

const valueFilters: ValueFilterSpec[] = [STATUS_FILTER, { param: 'devices', labelKey: 'columns.devices', table: 'devices', values: CAMPAIGN_DEVICES }];

const columns: CampaignColumnOptions = { include: [] };

/** /push_notification (no permission to open; actions follow the pushNotification permissions). */
export default function PushListScreen() {
  const { t } = useTranslation('campaigns');
  const list = usePushNotifications(t('push.list.loadError'));
  const duplicate = useDuplicatePushNotification();
  const cancel = useCancelPushNotification();
  const remove = useDeletePushNotifications();
  const calls: ContentListCalls = {
    duplicate: (id) => duplicate.mutateAsync({ params: { id } }),
    cancel: (id) => cancel.mutateAsync({ params: { id } }),
    // The spec has one delete call for push notifications (a list of ids): the row action sends one.
    remove: (id) => remove.mutateAsync({ body: bulkDeleteBody(pushKind, [id]) }),
    removeMany: (ids) => remove.mutateAsync({ body: bulkDeleteBody(pushKind, ids) }),
  };
  return <ContentListPage kind={PUSH_NOTIFICATION_SCREENS} list={list} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
