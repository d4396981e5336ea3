import { keepPreviousData } from '@tanstack/react-query';
import { useCallQuery } from 'shared-data';
import type { FeedbackCalls } from '../kinds';
import { FEEDBACK_PAGE_SIZE } from './list-comments';

/** GET /api/{popups|banners}/{id}/reacts, with the emoji filter (none = every reaction), newest first. */
export const useReactions = (calls: FeedbackCalls, id: string, page: number, emoji: string) =>
  useCallQuery(
    calls.listReacts,
    { params: { id }, query: { page, pageSize: FEEDBACK_PAGE_SIZE, emoji: emoji || undefined } },
    { placeholderData: keepPreviousData },
  );
