import { useCallMutation } from 'shared-auth';
import type { LifecycleCalls } from './lifecycle-calls';

/** POST /api/{kind}/{id}/explain (get_*): the content call's checks for one visitor or person on one page. */
export const useExplainContent = (calls: LifecycleCalls) => useCallMutation(calls.explain);
