import { keepPreviousData } from '@tanstack/react-query';
import { useCallQuery } from 'shared-data';
import type { FeedbackCalls } from '../kinds';

export const FEEDBACK_PAGE_SIZE = 10;

/** GET /api/{popups|banners}/{id}/comments (get_posts / get_banners): what visitors wrote, newest first. */
export const useComments = (calls: FeedbackCalls, id: string, page: number) =>
  useCallQuery(calls.listComments, { params: { id }, query: { page, pageSize: FEEDBACK_PAGE_SIZE } }, { placeholderData: keepPreviousData });
