import { duplicateBannerCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** PUT /api/banners/duplicate/{id} (duplicate_banners). */
export const useDuplicateBanner = () => useCallMutation(duplicateBannerCall);
