import { getEmailReachCall, getPushReachCall, type ContentReach } from 'contracts';
import { useCallQuery } from 'shared-data';
import type { ContentSubject } from '../../content-list/kinds';

/** The kinds that reach people off the page when published: their figure is asked before Publish. */
export const reachesOffPage = (subject: ContentSubject) => subject === 'email' || subject === 'pushNotification';

/**
 * GET /api/emails/{id}/reach, GET /api/push-notification/reach (get_*): how many people or devices
 * publishing would reach now; read afresh each time it is asked (`enabled` while the question shows).
 */
export function useContentReach(subject: ContentSubject, id: string | null, enabled: boolean) {
  const email = useCallQuery(getEmailReachCall, { params: { id: id ?? '' } }, { enabled: enabled && subject === 'email' && !!id, staleTime: 0, gcTime: 0 });
  const push = useCallQuery(getPushReachCall, {}, { enabled: enabled && subject === 'pushNotification', staleTime: 0, gcTime: 0 });
  const query = subject === 'email' ? email : push;
  return { reach: query.data?.data as ContentReach | undefined, failed: query.isError, counting: query.isPending };
}
