import { useCallQuery } from 'shared-data';
import type { LifecycleCalls } from './lifecycle-calls';

/** GET /api/{kind}/{id}/versions (get_*): the published versions, newest first. */
export const useContentVersions = (calls: LifecycleCalls, id: string) =>
  useCallQuery(calls.listVersions, { params: { id } }, { select: (answer) => answer.data });
