import { deleteBannersCall } from 'contracts';
import { useCallMutation } from 'shared-data';

/** DELETE /api/banners (delete_banners), body { banners: [ids] }. */
export const useDeleteBanners = () => useCallMutation(deleteBannersCall);
