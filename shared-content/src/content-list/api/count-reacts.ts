import { useCallQuery } from 'shared-data';
import type { FeedbackCalls } from '../kinds';

/** GET /api/{popups|banners}/{id}/count-reacts: one count per emoji (most given first) and the total. */
export const useReactionCounts = (calls: FeedbackCalls, id: string) => useCallQuery(calls.countReacts, { params: { id } });
