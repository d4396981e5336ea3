import { getWebsiteSettingsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/websites/{id}/settings (get_websites): the website's delivery settings. */
export const useWebsiteSettings = (websiteId: string | undefined) =>
  useCallQuery(getWebsiteSettingsCall, { params: { id: websiteId ?? '' } }, { enabled: !!websiteId, select: (answer) => answer.data });
