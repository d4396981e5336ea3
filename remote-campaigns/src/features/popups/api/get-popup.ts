import { getPopupCall } from 'contracts';
import { useCallQuery } from 'shared-data';

/** GET /api/popups/{id} (get_posts): the whole saved popup. */
export const usePopup = (id: string) => useCallQuery(getPopupCall, { params: { id } }, { select: (answer) => answer.data });
