import { updateBannerCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/banners/{id} (update_banners): the whole document. */
export const useUpdateBanner = () => useCallMutation(updateBannerCall);
