import { cancelBannerCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/banners/cancel/{id} (cancel_banners). */
export const useCancelBanner = () => useCallMutation(cancelBannerCall);
