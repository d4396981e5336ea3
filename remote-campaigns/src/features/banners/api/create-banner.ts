import { createBannerCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** POST /api/banners (create_banners): 201 { message, data }. */
export const useCreateBanner = () => useCallMutation(createBannerCall);
