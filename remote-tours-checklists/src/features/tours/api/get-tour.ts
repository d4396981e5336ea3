import { getTourCall } from 'contracts';
import { useCallQuery } from 'shared-auth';

/** GET /api/product-tours/{id} (get_tour). */
export const useTour = (id: string) => useCallQuery(getTourCall, { params: { id } }, { select: (answer) => answer.data });
