import { deleteBannerCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/banners/{id} (delete_banners). */
export const useDeleteBanner = () => useCallMutation(deleteBannerCall);
