import { getTourCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/**
 * GET /api/product-tours/{id} (get_tour). Read again when the window gets focus back: the author may
 * come back from the on-page builder (/pretour) with new steps saved in the other tab.
 */
export const useTour = (id: string) => useCallQuery(getTourCall, { params: { id } }, { select: (answer) => answer.data, refetchOnWindowFocus: true });
