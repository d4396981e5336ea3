import { keepPreviousData } from '@tanstack/react-query';
import { personTimelineCall, type TimelineKind } from 'contracts';
import { useCallQuery } from 'shared-data';

export const TIMELINE_PAGE_SIZE = 20;

/** GET /api/people/{personId}/timeline (get_people): what the person saw and did, newest first, one kind or all. */
export const usePersonTimeline = (personId: string, page: number, kind: TimelineKind | undefined) =>
  useCallQuery(personTimelineCall, { params: { personId }, query: { page, pageSize: TIMELINE_PAGE_SIZE, kind } }, { placeholderData: keepPreviousData });
