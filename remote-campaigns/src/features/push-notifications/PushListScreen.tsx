import { useMemo } from 'react';
import { CAMPAIGN_DEVICES, CAMPAIGN_STATUSES, type CampaignRow } from 'contracts';
import { useFormatters, useTranslation } from 'shared-i18n';
import { ContentListPage } from '../campaigns-common/components/ContentListPage';
import { campaignColumns } from '../campaigns-common/components/campaign-columns';
import { useOwnerFilters, useValueFilter } from '../campaigns-common/use-owner-filters';
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

/** /push_notification (no permission to open; actions follow the pushNotification permissions). */
export default function PushListScreen() {
  const { t } = useTranslation('campaigns');
  const format = useFormatters();
  const owners = useOwnerFilters();
  const status = useValueFilter('status', 'columns.status', 'status', CAMPAIGN_STATUSES);
  const devices = useValueFilter('devices', 'columns.devices', 'devices', CAMPAIGN_DEVICES);
  const filters = useMemo(() => [status, devices, ...owners], [status, devices, owners]);
  const columns = useMemo(() => campaignColumns(t, format, { include: [] }), [t, format]);
  return (
    <ContentListPage<CampaignRow>
      kind="push"
      service="push"
      resource="pushNotification"
      basePath="/push_notification"
      listUrl={LIST_PUSH_URL}
      searchParam="title"
      workspaceParam="workSpace"
      filters={filters}
      columns={columns}
      titleOf={(row) => row.title}
      canCancelRow={(row) => row.status !== 'cancelled'}
      calls={calls}
    />
  );
}
