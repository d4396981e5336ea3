import { deleteBannersCall } from 'contracts';
import { useCallMutation } from 'shared-auth';

/** DELETE /api/banners (delete_banners), body { banners: [ids] }. */
export const useDeleteBanners = () => useCallMutation(deleteBannersCall);
