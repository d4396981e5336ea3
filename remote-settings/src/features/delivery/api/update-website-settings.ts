import { updateWebsiteSettingsCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/websites/{id}/settings (create_websites): change the website's delivery settings. */
export const useUpdateWebsiteSettings = () => useCallMutation(updateWebsiteSettingsCall);
