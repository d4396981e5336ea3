import { duplicateBannerCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** PUT /api/banners/duplicate/{id} (duplicate_banners). */
export const useDuplicateBanner = () => useCallMutation(duplicateBannerCall);
