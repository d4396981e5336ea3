import { getBannerCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/banners/{id} (get_banners). */
export const useBanner = (id: string) => useCallQuery(getBannerCall, { params: { id } }, { select: (answer) => answer.data });
