import { CAMPAIGN_DEVICES } from 'contracts';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import type { CampaignColumnOptions } from '../campaigns-common/components/campaign-columns';
import { PUSH_NOTIFICATIONS } from '../campaigns-common/resources';
import { STATUS_FILTER, type ValueFilterSpec } from '../campaigns-common/use-owner-filters';
import { LIST_PUSH_URL } from './api/list-push-notifications';
import { cancelPushNotification } from './api/cancel-push-notification';
import { deletePushNotifications } from './api/delete-push-notifications';
import { duplicatePushNotification } from './api/duplicate-push-notification';

// The spec has one delete call for push notifications (a list of ids): the row action sends one.
const calls = {
  duplicate: duplicatePushNotification,
  cancel: cancelPushNotification,
  remove: (id: string) => deletePushNotifications([id]),
  removeMany: deletePushNotifications,
};

const valueFilters: ValueFilterSpec[] = [STATUS_FILTER, { param: 'devices', labelKey: 'columns.devices', table: 'devices', values: CAMPAIGN_DEVICES }];

const columns: CampaignColumnOptions = { include: [] };

/** /push_notification (no permission to open; actions follow the pushNotification permissions). */
export default function PushListScreen() {
  return <ContentListPage resource={PUSH_NOTIFICATIONS} listUrl={LIST_PUSH_URL} valueFilters={valueFilters} columns={columns} calls={calls} />;
}
