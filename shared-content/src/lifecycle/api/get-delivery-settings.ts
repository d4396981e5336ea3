import { getWebsiteSettingsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/websites/{id}/settings (get_websites): the website's delivery settings (its time zone for schedules). */
export const useDeliverySettings = (websiteId: string | undefined, enabled = true) =>
  useCallQuery(getWebsiteSettingsCall, { params: { id: websiteId ?? '' } }, { select: (answer) => answer.data, enabled: enabled && !!websiteId });
