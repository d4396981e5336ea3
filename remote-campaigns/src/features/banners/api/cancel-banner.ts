import { cancelBannerCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/banners/cancel/{id} (cancel_banners). */
export const useCancelBanner = () => useCallMutation(cancelBannerCall);
