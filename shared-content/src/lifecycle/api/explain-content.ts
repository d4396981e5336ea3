import { useCallMutation } from 'shared-data';
import type { ExplainCall } from './lifecycle-calls';

/** POST /api/{kind}/{id}/explain (get_*): the content call's checks for one visitor or person on one page. */
export const useExplainContent = (explain: ExplainCall) => useCallMutation(explain);
