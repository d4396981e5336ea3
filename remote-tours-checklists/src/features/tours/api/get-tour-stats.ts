import { tourStatsCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/product-tours/{id}/stats (get_tour): the step funnel and the elements not found. */
export const useTourStats = (id: string) => useCallQuery(tourStatsCall, { params: { id } }, { select: (answer) => answer.data });
